import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterSubscribers, orders, products, users } from '#db/schema/index.ts'
import { subscribeToNewsletter } from '#server/marketing/newsletter.ts'
import { TEST_PASSWORD } from '../support/accounts.ts'
import { png } from '../support/images.ts'
import { startSecurityShop, type SecurityShop } from '../support/security-shop.ts'
import { STATE_CHANGING_ROUTES, wellFormedBody, type StateChangingRoute } from '../support/state-changing-routes.ts'

/**
 * Cross-site request forgery: a page on another site makes the visitor's browser post to the
 * shop, carrying the visitor's session cookie. Every state-changing route must refuse it (403)
 * and change nothing, however the browser announces the other site. The Stripe webhook is exempt
 * from the origin check and authenticates by its signature instead.
 */

const EVIL_ORIGIN = 'https://evil.example'
const CROSS_SITE_SIGNALS: [string, Record<string, string>][] = [
	['Origin of another site', { Origin: EVIL_ORIGIN }],
	['Origin: null (sandboxed frame, data: URL)', { Origin: 'null' }],
	['Sec-Fetch-Site: cross-site (no Origin)', { 'Sec-Fetch-Site': 'cross-site' }],
	['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
	['Origin of the shop over another scheme', {}],
]

let target: SecurityShop
let image: Uint8Array
beforeAll(async () => {
	target = await startSecurityShop()
	image = new Uint8Array(await png())
})
afterAll(async () => {
	await target?.stop()
})

const signedByOrigin = STATE_CHANGING_ROUTES.filter((route) => route.encoding !== 'stripe-webhook')

/** A browser carries the visitor's cookie whoever made the page: the route's actor's, or the customer's for public forms. */
async function cookieFor(route: StateChangingRoute) {
	if (route.endsSession) return target.signIn('customer')
	return target.cookies[route.actor === 'anonymous' ? 'customer' : route.actor]
}

function crossSiteHeaders(signal: Record<string, string>) {
	// The last signal: the shop's own host but https (it is served over http here), i.e. another origin.
	return Object.keys(signal).length === 0 ? { Origin: target.shop.url.replace('http://', 'https://') } : signal
}

async function post(route: StateChangingRoute, headers: Record<string, string>, path = route.path(target.fixtures)) {
	const request = wellFormedBody(route, target.fixtures, image)
	const response = await fetch(`${target.shop.url}${path}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { ...request.headers, ...headers },
		body: request.body,
	})
	return { status: response.status, text: await response.text() }
}

describe.each(signedByOrigin.map((route) => [route.name, route] as const))('CSRF: %s', (_name, route) => {
	it.each(CROSS_SITE_SIGNALS)('refuses a cross-site POST (%s) carrying a valid session', async (_signal, signal) => {
		const cookie = await cookieFor(route)
		for (const path of [route.path(target.fixtures), `${route.path(target.fixtures).split('?')[0]}.data`]) {
			const answer = await post(route, { ...crossSiteHeaders(signal), Cookie: cookie }, path)
			expect([answer.status, answer.text], `POST ${path}`).toEqual([403, 'Cross-site request refused.'])
		}
	})
})

describe('CSRF: the refusal is the origin check, and nothing changed', () => {
	const route = (name: string) => {
		const found = STATE_CHANGING_ROUTES.find((candidate) => candidate.name === name)
		if (!found) throw new Error(`no row named ${name}`)
		return found
	}
	const evil = { Origin: EVIL_ORIGIN }

	it('an admin deactivating and deleting a product from another site: the product stays, active', async () => {
		const cookie = target.cookies.admin
		expect((await post(route('admin: product toggle'), { ...evil, Cookie: cookie })).status).toBe(403)
		expect((await post(route('admin: product delete'), { ...evil, Cookie: cookie })).status).toBe(403)
		const [product] = await target.handle.db.select({ isActive: products.isActive }).from(products).where(eq(products.id, target.fixtures.productId))
		expect(product).toEqual({ isActive: true })
		// The same request from the shop's own page goes through.
		expect((await post(route('admin: product toggle'), { Origin: target.shop.url, Cookie: cookie })).status).toBe(200)
		const [after] = await target.handle.db.select({ isActive: products.isActive }).from(products).where(eq(products.id, target.fixtures.productId))
		expect(after).toEqual({ isActive: false })
	})

	it('an admin changing an order status from another site: the status stays', async () => {
		expect((await post(route('admin: order status'), { ...evil, Cookie: target.cookies.admin })).status).toBe(403)
		const [order] = await target.handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, target.fixtures.orderId))
		expect(order).toEqual({ status: 'new' })
	})

	it('a customer deleting their account (right password) from another site: the account stays', async () => {
		const form = new URLSearchParams({ intent: 'delete-account', password: TEST_PASSWORD, confirm: 'on' })
		for (const signal of [evil, { 'Sec-Fetch-Site': 'cross-site' }]) {
			const response = await fetch(`${target.shop.url}/en/account`, {
				method: 'POST',
				redirect: 'manual',
				headers: { ...signal, Cookie: target.cookies.customer, 'Content-Type': 'application/x-www-form-urlencoded' },
				body: form,
			})
			expect(response.status).toBe(403)
		}
		const [user] = await target.handle.db.select({ id: users.id }).from(users).where(eq(users.id, target.users.customer.id))
		expect(user).toEqual({ id: target.users.customer.id })
		expect((await fetch(`${target.shop.url}/en/account`, { redirect: 'manual', headers: { Cookie: target.cookies.customer } })).status).toBe(200)
	})

	it('a logout from another site: the session still works', async () => {
		const cookie = await target.signIn('customer')
		expect((await post(route('logout'), { ...evil, Cookie: cookie })).status).toBe(403)
		expect((await fetch(`${target.shop.url}/en/account`, { redirect: 'manual', headers: { Cookie: cookie } })).status).toBe(200)
	})

	it('a newsletter sign-up from another site: nobody is subscribed', async () => {
		const newsletter = route('newsletter sign-up')
		expect((await post(newsletter, { ...evil, Cookie: target.cookies.customer })).status).toBe(403)
		const email = String(newsletter.example(target.fixtures).email)
		expect(await target.handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([])
	})

	it('every row goes through from the shop itself (the 403 above is the origin check, not the request)', async () => {
		for (const row of signedByOrigin) {
			const answer = await post(row, { Origin: target.shop.url, Cookie: await cookieFor(row) })
			expect(answer.status, `${row.name}: ${answer.text.slice(0, 200)}`).not.toBe(403)
			expect(answer.status, `${row.name}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
		}
	})
})

describe('CSRF: the Stripe webhook is exempt from the origin check and authenticates by signature', () => {
	it('an unsigned or wrongly signed delivery is a 400, from any origin', async () => {
		const webhook = STATE_CHANGING_ROUTES.find((route) => route.encoding === 'stripe-webhook')!
		const deliveries: Record<string, string>[] = [{}, { Origin: EVIL_ORIGIN }, { 'Stripe-Signature': 't=1,v1=deadbeef' }]
		for (const headers of deliveries) {
			const answer = await post(webhook, headers)
			expect([answer.status, answer.text]).toEqual([400, 'Invalid signature'])
		}
	})
})

describe("CSRF: a mail provider's one-click unsubscribe (RFC 8058)", () => {
	it("works with no Origin, no cookie and no token but the link's own, as providers post it", async () => {
		const email = 'one-click@example.test'
		await subscribeToNewsletter(target.handle.db, { email, locale: 'es', publicUrl: target.shop.url })
		const [subscriber] = await target.handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
		const response = await fetch(`${target.shop.url}/es/newsletter/unsubscribe?token=${subscriber!.unsubscribeToken}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'List-Unsubscribe=One-Click',
		})
		expect(response.status).toBe(200)
		const [after] = await target.handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
		expect(after!.unsubscribedAt).not.toBeNull()
	})
})
