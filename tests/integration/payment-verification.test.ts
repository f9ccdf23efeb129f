import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '#db/schema/index.ts'
import { startCheckout } from '#server/orders/checkout.ts'
import { VERIFY_LIMITS, verifyPaymentSession } from '#server/orders/payment-verification.ts'
import { createStripeProvider } from '#server/payments/stripe.ts'
import { createProduct, customer, orderInput, paymentDeps } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'

/**
 * /payment-success is open to anyone (ADR 0095): its verification must not turn
 * requests into provider calls made with the shop's secret key. The real `stripe` SDK talks to a
 * local fake Stripe, which counts the calls.
 */
describe.each(ENGINES)('payment verification on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let stripe: FakeStripe
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'verify' })
		db = database.handle.db
		stripe = await startFakeStripe()
	})
	afterAll(async () => {
		await stripe?.close()
		await database?.cleanup()
	})

	const provider = () => createStripeProvider({ secretKey: 'sk_test_fake', apiUrl: stripe.url })
	const deps = () => ({ ...paymentDeps(db), payments: provider(), publicUrl: 'http://shop.test', shipping: orderInput.shipping })
	const buy = async (productId: string) => startCheckout(deps(), { ...orderInput, customer, lines: [{ kind: 'product', productId: productId, quantity: 1 }] })
	const verify = (sessionId: string, clientIp: string, now?: Date) => verifyPaymentSession(deps(), provider(), sessionId, { clientIp, now })
	const randomSession = () => `cs_test_${crypto.randomBytes(12).toString('hex')}`

	it('120 requests for the paid session and made-up ones make one provider call, and the customer sees the payment', async () => {
		const candle = await createProduct(db, { stock: 3 })
		const order = await buy(candle.id)
		stripe.complete(order.sessionId)
		const before = stripe.sessionLookups()

		// The customer arrives first, before the webhook: one provider call settles the order.
		expect(await verify(order.sessionId, '203.0.113.7')).toEqual({ state: 'paid', orderId: order.orderId })
		// Then a flood: the same session from many addresses, and made-up sessions, in concurrent waves.
		const requests = Array.from({ length: 119 }, (_, i) =>
			i % 2 ? () => verify(order.sessionId, `198.51.100.${i}`) : () => verify(randomSession(), '198.51.100.250'),
		)
		const results = []
		for (let i = 0; i < requests.length; i += 10) results.push(...(await Promise.all(requests.slice(i, i + 10).map((request) => request()))))
		expect(results.filter((r) => r.state === 'paid')).toHaveLength(59)
		expect(results.filter((r) => r.state === 'unknown')).toHaveLength(60)
		expect(stripe.sessionLookups() - before).toBe(1)
		// The order of another session is never revealed to a made-up id.
		expect(results.filter((r) => r.state === 'unknown').every((r) => r.orderId === null)).toBe(true)
	})

	it('a pending session is asked about at most once per interval, whoever asks, and a busy address is throttled', async () => {
		const candle = await createProduct(db, { stock: 10 })
		const pending = await buy(candle.id)
		const start = new Date()
		let before = stripe.sessionLookups()
		const flood = await Promise.all(Array.from({ length: 120 }, (_, i) => verify(pending.sessionId, `192.0.2.${i}`, start)))
		expect(flood.every((r) => r.state === 'pending' && r.orderId === pending.orderId)).toBe(true)
		expect(stripe.sessionLookups() - before).toBe(1)

		// One address walking through several pending sessions, each asked about past its interval: the address limit holds.
		const others = [pending, await buy(candle.id), await buy(candle.id)]
		before = stripe.sessionLookups()
		for (let i = 0; i < 120; i++) {
			const now = new Date(start.getTime() + (i + 1) * (VERIFY_LIMITS.perSessionMs + 1000))
			await verify(others[i % others.length]!.sessionId, '192.0.2.200', now)
		}
		expect(stripe.sessionLookups() - before).toBeLessThanOrEqual(VERIFY_LIMITS.perAddress.limit)

		// Once the order is settled (written here straight to the database), nobody's request asks the provider again.
		await db.update(orders).set({ paymentStatus: 'failed', status: 'cancelled' }).where(eq(orders.id, pending.orderId))
		before = stripe.sessionLookups()
		const later = new Date(start.getTime() + 3_600_000)
		for (let i = 0; i < 20; i++) expect((await verify(pending.sessionId, `192.0.2.${i}`, later)).state).toBe('failed')
		expect(stripe.sessionLookups()).toBe(before)
	})

	it('a completed session whose delayed payment is still settling is shown as processing', async () => {
		const candle = await createProduct(db, { stock: 1 })
		const order = await buy(candle.id)
		stripe.complete(order.sessionId, 'unpaid')
		expect(await verify(order.sessionId, '203.0.113.9')).toEqual({ state: 'processing', orderId: order.orderId })
		expect(await db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, order.orderId))).toEqual([{ status: 'pending' }])
	})
})
