import fs from 'node:fs/promises'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { emailOutbox, orderHistory, orderItems, orders, paymentEvents, products, stockHolds, uploads } from '#db/schema/index.ts'
import { uniqueEmail } from '../support/accounts.ts'
import { createProduct, customer } from '../support/checkout-fixtures.ts'
import { jpegWithGps, metadataLeaks } from '../support/images.ts'
import { CLUSTER_ADMIN, startShopCluster, type ShopCluster } from '../support/shop-cluster.ts'
import type { ShopProcess } from '../support/shop-process.ts'
import { Visitor } from '../support/visitor.ts'

/**
 * Scale-out: money and stock stay right when a checkout, its webhooks and the customer's
 * return land on different instances, and a portrait photo uploaded to one is used by another.
 */
describe('payments across two instances', () => {
	let cluster: ShopCluster
	let a: ShopProcess
	let b: ShopProcess
	beforeAll(async () => {
		// The demo catalogue is not needed here: the tests make their own products.
		cluster = await startShopCluster({ instances: 2, label: 'scalepay', env: { SEED_DEMO_CATALOG: 'false' } })
		;[a, b] = cluster.instances as [ShopProcess, ShopProcess]
	})
	afterAll(() => cluster?.close())
	afterEach(() => expect(cluster?.takeLoggedErrors() ?? []).toEqual([]))

	const db = () => cluster.database.db
	const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!
	const stockOf = async (productId: string) => (await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock

	/** The checkout form, posted as a browser posts it: a placed order redirects to the payment page. */
	async function startCheckout(shop: ShopProcess, buyer: Visitor, email: string, items: unknown[]) {
		const fields = Object.fromEntries(Object.entries({ ...customer, email }).map(([name, value]) => [name, String(value ?? '')]))
		const response = await buyer.postForm(shop.url, '/checkout', { ...fields, items: JSON.stringify(items) })
		expect(response.status, await response.text()).toBe(302)
		const sessionId = sessionIdOf(response.headers.get('location')!)
		const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.paymentSessionId, sessionId))
		return { orderId: order!.id, sessionId }
	}

	/** Posts a Stripe event to one instance, signed as Stripe signs it; answers the status and whether it was a repeat. */
	async function deliver(shop: ShopProcess, payload: string) {
		const response = await fetch(`${shop.url}/api/webhooks/stripe`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Stripe-Signature': cluster.stripe.sign(payload) },
			body: payload,
		})
		return { status: response.status, ...((await response.json()) as { duplicate: boolean }) }
	}

	/** One paid transition, every hold sold once, one confirmation queued and delivered once. */
	async function expectPaidOnce(orderId: string, email: string) {
		const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
		expect(order).toMatchObject({ paymentStatus: 'paid', status: 'new' })
		const history = await db()
			.select()
			.from(orderHistory)
			.where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.action, 'payment_paid')))
		expect(history).toHaveLength(1)
		const holds = await db().select().from(stockHolds).where(eq(stockHolds.orderId, orderId))
		expect(holds.map((hold) => hold.status)).toEqual(['sold'])
		const confirmations = await db()
			.select()
			.from(emailOutbox)
			.where(eq(emailOutbox.dedupeKey, `order-paid:${orderId}`))
		expect(confirmations).toHaveLength(1)
		// Both instances' senders poll the one outbox; the customer still gets one message.
		await vi.waitFor(async () => expect((await db().select().from(emailOutbox).where(eq(emailOutbox.id, confirmations[0]!.id)))[0]!.status).toBe('sent'), {
			timeout: 15_000,
			interval: 100,
		})
		expect(cluster.smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1)
	}

	it('the same Stripe event delivered to both instances, also at the same moment, pays the order once', async () => {
		const candle = await createProduct(db(), { stock: 5 })
		const email = uniqueEmail('twice-delivered')
		const { orderId, sessionId } = await startCheckout(a, new Visitor(cluster.publicUrl), email, [{ kind: 'product', productId: candle.id, quantity: 2 }])
		expect(await stockOf(candle.id)).toBe(3)

		cluster.stripe.complete(sessionId)
		const payload = cluster.stripe.event('checkout.session.completed', sessionId)
		const eventId = (JSON.parse(payload) as { id: string }).id
		// Stripe retrying while the first attempt is in flight, the balancer sending each to another instance.
		const concurrent = await Promise.all([a, b, a, b, a, b].map((shop) => deliver(shop, payload)))
		expect(concurrent.map((result) => result.status)).toEqual([200, 200, 200, 200, 200, 200])
		expect(concurrent.filter((result) => !result.duplicate)).toHaveLength(1)
		for (const shop of [a, b]) expect(await deliver(shop, payload)).toEqual({ status: 200, received: true, duplicate: true })

		expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, eventId))).toHaveLength(1)
		await expectPaidOnce(orderId, email)
		expect(await stockOf(candle.id)).toBe(3)
	})

	it('a checkout on A with a photo uploaded through B, confirmed by a webhook on B, thanks the customer on A', async () => {
		const buyer = new Visitor(cluster.publicUrl)
		const uploaded = await buyer.postFile(b.url, '/api/uploads/portrait', {
			field: 'photo',
			name: 'family.jpg',
			type: 'image/jpeg',
			bytes: await jpegWithGps(),
		})
		expect(uploaded.status).toBe(201)
		const photo = (await uploaded.json()) as { id: string; url: string }
		// The photo is in the shared, private bucket: A's signed link leads to the very bytes B stored,
		// through a pre-signed URL of the bucket (ADR 0173).
		const [fromA, fromB] = await Promise.all(
			[a, b].map(async (shop) => {
				const signed = await buyer.get(shop.url, photo.url)
				expect(signed.status).toBe(302)
				const presigned = signed.headers.get('location')!
				expect(presigned).toContain('X-Amz-Signature=')
				const response = await fetch(presigned)
				expect(response.status).toBe(200)
				expect(response.headers.get('content-type')).toBe('image/webp')
				return Buffer.from(await response.arrayBuffer())
			}),
		)
		expect(fromA!.equals(fromB!)).toBe(true)
		// …and not in either instance's DATA_DIR, which stays empty (mail goes to the SMTP relay too).
		for (const shop of [a, b]) expect(await fs.readdir(shop.dataDir)).toEqual([])

		const candle = await createProduct(db(), { stock: 4 })
		const email = uniqueEmail('portrait-buyer')
		const portrait = {
			kind: 'portrait',
			quantity: 1,
			options: { size: '13x18', persons: '2', withCar: false, withPet: true, frame: 'simple', description: 'Cu pisica' },
			uploadId: photo.id,
		}
		const { orderId, sessionId } = await startCheckout(a, buyer, email, [{ kind: 'product', productId: candle.id, quantity: 1 }, portrait])
		expect(await stockOf(candle.id)).toBe(3)

		cluster.stripe.complete(sessionId)
		expect(await deliver(b, cluster.stripe.event('checkout.session.completed', sessionId))).toEqual({ status: 200, received: true, duplicate: false })
		const thanks = await buyer.get(a.url, `/payment-success?session_id=${sessionId}`)
		expect(thanks.status).toBe(200)
		expect(await thanks.text()).toContain('Mulțumim pentru comandă!')

		await expectPaidOnce(orderId, email)
		expect(await stockOf(candle.id)).toBe(3)
		expect((await db().select({ claimedAt: uploads.claimedAt }).from(uploads).where(eq(uploads.id, photo.id)))[0]!.claimedAt).not.toBeNull()

		// The shop owner, signed in on A, downloads the customer's photo of that order from B.
		const owner = new Visitor(cluster.publicUrl)
		expect((await owner.postForm(a.url, '/login', { intent: 'login', email: CLUSTER_ADMIN.email, password: CLUSTER_ADMIN.password })).status).toBe(302)
		const [portraitLine] = await db()
			.select()
			.from(orderItems)
			.where(and(eq(orderItems.orderId, orderId), eq(orderItems.uploadId, photo.id)))
		// The download is the customer's original (ADR 0173); the page's thumbnail the very preview A served.
		const download = await owner.get(b.url, `/admin/orders/${orderId}/photo/${portraitLine!.id}`)
		expect(download.status).toBe(200)
		expect(download.headers.get('content-type')).toBe('image/jpeg')
		expect(await metadataLeaks(Buffer.from(await download.arrayBuffer()))).toEqual({ exif: false, gps: false, ownerMark: false, format: 'jpeg' })
		const preview = await owner.get(b.url, `/admin/orders/${orderId}/photo/${portraitLine!.id}?preview`)
		expect(Buffer.from(await preview.arrayBuffer()).equals(fromA!)).toBe(true)
	})
})
