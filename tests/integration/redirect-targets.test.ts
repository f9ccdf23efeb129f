import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { rateLimitBuckets } from '#db/schema/index.ts'
import { createSessionCookie, createTestUser, type TestUser } from '../support/accounts.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'

/**
 * Redirect targets taken from a request, over HTTP against the built shop: whatever is sent, the
 * answer is a redirect (never a 500) whose Location a browser resolves to the shop itself.
 * (No database rule is involved; one engine is enough.)
 */
const HOSTILE_TARGETS = [
	'/\t/evil.example',
	'/\n/evil.example',
	'/\r/evil.example',
	'/\r\nSet-Cookie: x=1',
	'/\u0000/evil.example',
	'//evil.example',
	'/\\evil.example',
	'/\\/evil.example',
	'\\\\evil.example',
	'/.//evil.example',
	'https://evil.example/',
	'http:evil.example',
	'javascript:alert(1)',
	'/ăîșț/€',
	'/\u2028/evil.example',
	'/\ud800',
	'/%0d%0aSet-Cookie:%20x=1',
]

let shop: ShopProcess
let handle: DatabaseHandle
let dropDatabase: () => Promise<void>
let user: TestUser
let cookie: string

beforeAll(async () => {
	const database = await createTemporaryPostgresDatabase('redirects')
	dropDatabase = database.drop
	shop = await startShop({ env: { DATABASE_URL: database.url, SEED_DEMO_CATALOG: 'false' } })
	handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
	user = await createTestUser(handle.db)
	const session = await createSessionCookie(handle.db, user.id)
	cookie = `${session.name}=${session.value}`
})

afterAll(async () => {
	await shop?.stop()
	await handle?.close()
	await dropDatabase?.()
})

beforeEach(async () => {
	await handle.db.delete(rateLimitBuckets)
})

function post(path: string, fields: Record<string, string>, extraCookie?: string) {
	return fetch(`${shop.url}${path}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.url, Cookie: `lang=en${extraCookie ? `; ${extraCookie}` : ''}` },
		body: new URLSearchParams(fields),
	})
}

/** The host a browser on the shop's page would go to for this answer. */
async function landing(response: Response, label: string) {
	// The shared form reader refuses a NUL byte outright (400), which is as good: no redirect at all.
	if (response.status === 400 && label.includes('\\u0000')) return new URL(`${shop.url}/`)
	expect(response.status, label).toBe(302)
	const location = response.headers.get('location')
	expect(location, label).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/)
	return new URL(location!, `${shop.url}/catalog`)
}

describe('redirect targets from requests', () => {
	it('/language redirectTo: a same-site path is kept (in the chosen language, ADR 0106); anything a browser would take off-site, or that no header can carry, becomes the home page', async () => {
		const kept = await landing(await post('/language', { lang: 'ro', redirectTo: '/catalog?category=candle' }), 'kept')
		expect(kept.pathname + kept.search).toBe('/ro/catalog?category=candle')
		const moved = await landing(await post('/language', { lang: 'es', redirectTo: '/ro/catalog?category=candle' }), 'moved')
		expect(moved.pathname + moved.search).toBe('/es/catalog?category=candle')
		for (const target of HOSTILE_TARGETS) {
			const url = await landing(await post('/language', { lang: 'ro', redirectTo: target }), JSON.stringify(target))
			expect(url.origin, JSON.stringify(target)).toBe(shop.url)
		}
		// Non-Latin-1 text in a real path is kept, percent-encoded.
		const encoded = await landing(await post('/language', { lang: 'es', redirectTo: '/ăîșț/€' }), 'encoded')
		expect(decodeURIComponent(encoded.pathname)).toBe('/ăîșț/€')
	})

	it('/login returnUrl (the form field, the query string, and the signed-in visitor sent straight on) stays on the site', async () => {
		for (const target of HOSTILE_TARGETS) {
			const label = JSON.stringify(target)
			const signedIn = await fetch(`${shop.url}/en/login?${new URLSearchParams({ returnUrl: target })}`, {
				redirect: 'manual',
				headers: { Cookie: `lang=en; ${cookie}` },
			})
			expect((await landing(signedIn, label)).origin, label).toBe(shop.url)
		}
		// A real sign-in, twice (the rate limit counts them), with a hostile field and a hostile query.
		for (const [path, returnUrl] of [
			['/en/login', '/\t/evil.example'],
			[`/en/login?returnUrl=${encodeURIComponent('/\r\n/evil.example')}`, undefined],
		] as const) {
			const fields: Record<string, string> = { intent: 'login', email: user.email, password: user.password }
			if (returnUrl !== undefined) fields.returnUrl = returnUrl
			const url = await landing(await post(path, fields), path)
			expect(url.href).toBe(`${shop.url}/en`)
		}
	})
})
