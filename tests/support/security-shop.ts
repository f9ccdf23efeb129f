import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { categories, newsletterCampaigns, newsletterSubscribers, orderItems } from '#db/schema/index.ts'
import { createTestUser, insertTestOrder, signInOverHttp, type TestUser } from './accounts.ts'
import { png } from './images.ts'
import { createProduct, customer } from './checkout-fixtures.ts'
import { createTemporaryPostgresDatabase } from './postgres.ts'
import { startShop, type ShopProcess } from './shop-process.ts'

/**
 * The shop the security suite attacks: the built server on a temporary PostgreSQL database, with
 * a customer, an editor and an admin signed in, and one real row of each kind an action can name
 * (product, category, order and line, media file, portrait upload, test payment session,
 * newsletter subscription), so attacks reach past the guards and the id lookups.
 */

export const SIGNED_IN_ACTORS = ['customer', 'editor', 'admin'] as const
export type SignedInActor = (typeof SIGNED_IN_ACTORS)[number]
export type Actor = 'anonymous' | SignedInActor

export type SecurityFixtures = {
	productId: string
	productSlug: string
	categoryId: string
	orderId: string
	orderItemId: string
	mediaId: string
	/** A customer's portrait photo (its id is the secret link). */
	portraitUploadId: string
	/** The signed link to that photo the upload answered with (ADR 0173). */
	portraitPhotoUrl: string
	/** A session of the built-in test card page (/test-payment/:sessionId). */
	testPaymentSessionId: string
	unsubscribeToken: string
	/** A draft newsletter campaign. */
	campaignId: string
}

export type SecurityShop = {
	shop: ShopProcess
	handle: DatabaseHandle
	/** Signs Stripe webhooks the way Stripe would (STRIPE_WEBHOOK_SECRET of this shop). */
	webhookSecret: string
	users: Record<SignedInActor, TestUser>
	/** The Cookie header of each signed-in actor's session. */
	cookies: Record<SignedInActor, string>
	fixtures: SecurityFixtures
	/** A fresh session for an actor, for requests that may end the one they carry. */
	signIn(actor: SignedInActor): Promise<string>
	stop(): Promise<void>
}

/** The proxy that X-Forwarded-For is trusted from: the tests, so each request can name its own client. */
const TRUSTED_PROXY = 'loopback'

/**
 * Starts the shop and makes its fixtures; `stop()` ends the process and drops the database. When
 * anything fails half-way, what was already made is removed before the error is passed on.
 */
export async function startSecurityShop(options: { env?: Record<string, string | undefined>; databasePassword?: string } = {}): Promise<SecurityShop> {
	const cleanups: (() => Promise<unknown>)[] = []
	const stop = async () => {
		for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
		cleanups.length = 0
	}
	try {
		const database = await createTemporaryPostgresDatabase('security')
		cleanups.push(() => database.drop())
		const webhookSecret = options.env?.STRIPE_WEBHOOK_SECRET ?? `whsec_${crypto.randomBytes(18).toString('hex')}`
		// The local server trusts loopback connections, so a password in the URL is accepted whatever it is.
		const shopDatabaseUrl = new URL(database.url)
		if (options.databasePassword) shopDatabaseUrl.password = options.databasePassword
		const shop = await startShop({
			env: {
				DATABASE_URL: shopDatabaseUrl.toString(),
				SEED_DEMO_CATALOG: 'false',
				// Checkout stays open (test card page) so the checkout and test-payment actions are reachable.
				PAYMENTS_TEST_MODE: '1',
				STRIPE_WEBHOOK_SECRET: webhookSecret,
				// Rate limits count per client address; trusting the loopback proxy lets each attack
				// request come from its own address, so it reaches the action instead of a 429.
				TRUST_PROXY: TRUSTED_PROXY,
				...options.env,
			},
		})
		cleanups.push(() => fs.rm(shop.dataDir, { recursive: true, force: true }))
		cleanups.push(() => shop.stop('SIGKILL'))
		const handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 3 })
		cleanups.push(() => handle.close())

		const users = {
			customer: await createTestUser(handle.db, { name: 'Client Securitate' }),
			editor: await createTestUser(handle.db, { roles: ['editor'] }),
			admin: await createTestUser(handle.db, { roles: ['admin'] }),
		}
		const signIn = (actor: SignedInActor) => signInOverHttp(shop.url, users[actor].email, users[actor].password)
		const cookies = { customer: await signIn('customer'), editor: await signIn('editor'), admin: await signIn('admin') }
		const fixtures = await makeFixtures(shop, handle, cookies.admin)
		return { shop, handle, webhookSecret, users, cookies, fixtures, signIn, stop }
	} catch (error) {
		await stop()
		throw error
	}
}

async function makeFixtures(shop: ShopProcess, handle: DatabaseHandle, adminCookie: string): Promise<SecurityFixtures> {
	const { db } = handle
	const [category] = await db
		.insert(categories)
		.values({ slug: `securitate-${crypto.randomBytes(4).toString('hex')}`, name: 'Categorie securitate', description: 'Descriere' })
		.returning()
	const product = await createProduct(db, { stock: 1000 })
	const order = await insertTestOrder(db, { userId: null, email: 'comanda@example.test' })
	const [item] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id))
	const image = new Uint8Array(await png())

	const mediaForm = new FormData()
	mediaForm.append('folder', 'products')
	mediaForm.append('file', new Blob([image], { type: 'image/png' }), 'fixture.png')
	const media = await expectJson<{ id: string }>(
		await fetch(`${shop.url}/admin/api/media`, { method: 'POST', headers: { Cookie: adminCookie, Origin: shop.url }, body: mediaForm }),
		201,
		'media upload',
	)

	const photoForm = new FormData()
	photoForm.append('photo', new Blob([image], { type: 'image/png' }), 'portrait.png')
	const portrait = await expectJson<{ id: string; url: string }>(
		await fetch(`${shop.url}/api/uploads/portrait`, { method: 'POST', headers: { Origin: shop.url }, body: photoForm }),
		201,
		'portrait upload',
	)

	// The order's line shows the customer's photo, so the admin photo download has something to serve.
	await db.update(orderItems).set({ uploadId: portrait.id }).where(eq(orderItems.id, item!.id))

	const checkout = await expectJson<{ url: string }>(
		await fetch(`${shop.url}/api/checkout`, {
			method: 'POST',
			headers: { Origin: shop.url, 'Content-Type': 'application/json' },
			body: JSON.stringify({ items: [{ kind: 'product', productId: product.id, quantity: 1 }], shippingData: customer }),
		}),
		200,
		'checkout',
	)
	const testPaymentSessionId = new URL(checkout.url, shop.url).pathname.split('/').pop()!

	const subscribed = await fetch(`${shop.url}/en/newsletter`, {
		method: 'POST',
		headers: { Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ email: 'abonat@example.test', consent: 'on' }),
	})
	if (subscribed.status !== 200) throw new Error(`newsletter fixture: ${subscribed.status} ${await subscribed.text()}`)
	const [subscriber] = await db
		.select({ token: newsletterSubscribers.unsubscribeToken })
		.from(newsletterSubscribers)
		.where(eq(newsletterSubscribers.email, 'abonat@example.test'))

	const [campaign] = await db.insert(newsletterCampaigns).values({ subject: 'Campanie de probă', body: 'Bună!' }).returning({ id: newsletterCampaigns.id })

	return {
		productId: product.id,
		productSlug: product.slug,
		categoryId: category!.id,
		orderId: order.id,
		orderItemId: item!.id,
		mediaId: media.id,
		portraitUploadId: portrait.id,
		portraitPhotoUrl: portrait.url,
		testPaymentSessionId,
		unsubscribeToken: subscriber!.token!,
		campaignId: campaign!.id,
	}
}

async function expectJson<T>(response: Response, status: number, what: string): Promise<T> {
	const text = await response.text()
	if (response.status !== status) throw new Error(`${what} fixture: expected ${status}, got ${response.status}: ${text.slice(0, 300)}`)
	return JSON.parse(text) as T
}
