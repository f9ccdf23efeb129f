import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orderHistory, orders, products, stockHolds } from '#db/schema/index.ts'
import { getOrderForAdmin, listOrdersForAdmin } from '#server/orders/admin-orders.ts'
import { parseOrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { startCheckout } from '#server/orders/checkout.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { CheckoutRejectedError } from '#server/orders/place-order.ts'
import { PROCESSING_RECHECK_MS, reconcilePendingOrders } from '#server/orders/reconcile.ts'
import { createStripeProvider, parseStripeWebhook } from '#server/payments/stripe.ts'
import { createProduct, customer, orderInput, paymentDeps } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'

/**
 * Delayed payment methods (SEPA debit, bank transfer; ADR 0095): Stripe reports
 * the session complete but unpaid, and the money days later. The real `stripe` SDK talks to a
 * local fake Stripe; time is simulated by passing `now` to reconciliation.
 */
describe.each(ENGINES)('delayed payments on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let stripe: FakeStripe
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'delayed' })
		db = database.handle.db
		stripe = await startFakeStripe()
	})
	afterAll(async () => {
		await stripe?.close()
		await database?.cleanup()
	})

	const provider = () => createStripeProvider({ secretKey: 'sk_test_fake', apiUrl: stripe.url })
	const deps = () => ({ ...paymentDeps(db), payments: provider(), publicUrl: 'http://shop.test', shipping: orderInput.shipping })
	const stockOf = async (id: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock
	const orderOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!
	const historyOf = async (id: string, action: string) =>
		db
			.select()
			.from(orderHistory)
			.where(and(eq(orderHistory.orderId, id), eq(orderHistory.action, action)))
	const holdsOf = async (id: string) => (await db.select().from(stockHolds).where(eq(stockHolds.orderId, id))).map((h) => h.status)
	const buy = (productId: string, now = new Date()) =>
		startCheckout(deps(), { ...orderInput, customer, lines: [{ kind: 'product', productId: productId, quantity: 1 }], now })
	const minutesLater = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000)
	/** The note the admin sees beside the payment status, in the list and on the order page. */
	async function adminNotes(orderId: string) {
		const list = await listOrdersForAdmin(db, parseOrderListFilters(new URLSearchParams(`q=${orderId.slice(0, 8)}`)))
		return [list.orders.find((o) => o.id === orderId)?.paymentNote, (await getOrderForAdmin(db, orderId))?.paymentNote]
	}

	/** Delivers a webhook the way Stripe does: signed, then parsed by the shop's own code. */
	async function deliver(type: string, sessionId: string, eventId?: string) {
		const payload = stripe.event(type, sessionId, eventId)
		const event = parseStripeWebhook(payload, stripe.sign(payload), stripe.webhookSecret)
		return handlePaymentEvent(deps(), event!)
	}

	it('a delayed payment that succeeds after 35 minutes ends as one paid order, its unit held all along', async () => {
		const candle = await createProduct(db, { stock: 1 })
		const start = new Date()
		const order = await buy(candle.id, start)
		stripe.complete(order.sessionId, 'unpaid')
		await deliver('checkout.session.completed', order.sessionId)
		expect(await orderOf(order.orderId)).toMatchObject({ paymentStatus: 'pending', status: 'new' })

		// The session's own expiry (31 minutes) has long passed: reconciliation must not take this for abandoned.
		const summary = await reconcilePendingOrders(deps(), { now: minutesLater(start, 35) })
		expect(summary).toMatchObject({ released: 0, processing: 1, errors: 0 })
		expect(await orderOf(order.orderId)).toMatchObject({ paymentStatus: 'pending', status: 'new' })
		expect(await holdsOf(order.orderId)).toEqual(['held'])
		expect(await stockOf(candle.id)).toBe(0)
		expect(await adminNotes(order.orderId)).toEqual(['settling', 'settling'])
		// So nobody else can buy the unit meanwhile.
		await expect(buy(candle.id, minutesLater(start, 36))).rejects.toBeInstanceOf(CheckoutRejectedError)

		stripe.settleAsync(order.sessionId, true)
		const eventId = 'evt_async_ok_' + order.orderId
		for (let i = 0; i < 3; i++) await deliver('checkout.session.async_payment_succeeded', order.sessionId, eventId)
		await deliver('checkout.session.async_payment_succeeded', order.sessionId)
		expect(await orderOf(order.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'new' })
		expect(await holdsOf(order.orderId)).toEqual(['sold'])
		expect(await historyOf(order.orderId, 'payment_paid')).toHaveLength(1)
		expect(await historyOf(order.orderId, 'payment_expired')).toHaveLength(0)
		expect(await adminNotes(order.orderId)).toEqual([null, null])
		expect(
			await db
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.dedupeKey, `order-paid:${order.orderId}`)),
		).toHaveLength(1)
		expect(await stockOf(candle.id)).toBe(0)
		expect(stripe.refunds).toHaveLength(0)
	})

	it('reconciliation recognises a settling payment whose webhooks were lost, and asks about it again only hours later', async () => {
		const candle = await createProduct(db, { stock: 1 })
		const start = new Date()
		const order = await buy(candle.id, start)
		stripe.complete(order.sessionId, 'unpaid')

		expect(await reconcilePendingOrders(deps(), { now: minutesLater(start, 35) })).toMatchObject({ released: 0, processing: 1 })
		expect((await orderOf(order.orderId)).paymentProcessingAt).not.toBeNull()
		const calls = stripe.callsAbout(order.sessionId)
		// A minute later the order is not due again: no provider call per round for a payment that takes days.
		expect(await reconcilePendingOrders(deps(), { now: minutesLater(start, 36) })).toMatchObject({ checked: 0 })
		expect(stripe.callsAbout(order.sessionId)).toBe(calls)
		expect(await stockOf(candle.id)).toBe(0)

		stripe.settleAsync(order.sessionId, true)
		const later = new Date(minutesLater(start, 35).getTime() + PROCESSING_RECHECK_MS + 60_000)
		expect(await reconcilePendingOrders(deps(), { now: later })).toMatchObject({ paid: 1, released: 0 })
		expect(await orderOf(order.orderId)).toMatchObject({ paymentStatus: 'paid' })
		expect(await holdsOf(order.orderId)).toEqual(['sold'])
		expect(await stockOf(candle.id)).toBe(0)
	})

	it('a delayed payment that fails releases its stock, once', async () => {
		const candle = await createProduct(db, { stock: 2 })
		const order = await buy(candle.id)
		stripe.complete(order.sessionId, 'unpaid')
		await deliver('checkout.session.completed', order.sessionId)
		expect(await stockOf(candle.id)).toBe(1)
		stripe.settleAsync(order.sessionId, false)
		const eventId = 'evt_async_fail_' + order.orderId
		for (let i = 0; i < 2; i++) await deliver('checkout.session.async_payment_failed', order.sessionId, eventId)
		await deliver('checkout.session.async_payment_failed', order.sessionId)
		expect(await orderOf(order.orderId)).toMatchObject({ paymentStatus: 'failed', status: 'cancelled' })
		expect(await holdsOf(order.orderId)).toEqual(['released'])
		expect(await historyOf(order.orderId, 'payment_failed')).toHaveLength(1)
		expect(await stockOf(candle.id)).toBe(2)
	})

	it('a delayed payment that failed while both its webhooks were lost is released by reconciliation', async () => {
		const candle = await createProduct(db, { stock: 1 })
		const start = new Date()
		const order = await buy(candle.id, start)
		stripe.complete(order.sessionId, 'unpaid')
		expect(await reconcilePendingOrders(deps(), { now: minutesLater(start, 35) })).toMatchObject({ processing: 1, released: 0 })
		expect(await stockOf(candle.id)).toBe(0)
		stripe.settleAsync(order.sessionId, false)
		const later = new Date(minutesLater(start, 35).getTime() + PROCESSING_RECHECK_MS + 60_000)
		expect(await reconcilePendingOrders(deps(), { now: later })).toMatchObject({ released: 1, processing: 0 })
		expect(await orderOf(order.orderId)).toMatchObject({ paymentStatus: 'failed', status: 'cancelled' })
		expect(await historyOf(order.orderId, 'payment_failed')).toHaveLength(1)
		expect(await stockOf(candle.id)).toBe(1)
	})

	it('a payment that arrives after its unit was released and sold again is refunded, never sold twice', async () => {
		const candle = await createProduct(db, { stock: 1, priceCents: 3990 })
		const late = await buy(candle.id)
		// The session ended (the shop expired it while the customer was still paying) and the unit went back on sale.
		stripe.expire(late.sessionId)
		await deliver('checkout.session.expired', late.sessionId)
		expect(await stockOf(candle.id)).toBe(1)
		const other = await buy(candle.id)
		stripe.complete(other.sessionId)
		await deliver('checkout.session.completed', other.sessionId)
		expect(await stockOf(candle.id)).toBe(0)

		// Then the first payment succeeds after all; the provider is down when the shop first tries to refund it.
		stripe.complete(late.sessionId, 'paid')
		stripe.failNext(20)
		await deliver('checkout.session.completed', late.sessionId)
		stripe.failNext(0)
		const owed = await orderOf(late.orderId)
		expect(owed).toMatchObject({ paymentStatus: 'paid', status: 'cancelled' })
		expect(owed.refundDueAt).not.toBeNull()
		expect(await historyOf(late.orderId, 'payment_unfulfillable')).toHaveLength(1)
		expect(await historyOf(late.orderId, 'payment_paid')).toHaveLength(0)
		expect(await adminNotes(late.orderId)).toEqual(['refundDue', 'refundDue'])
		expect(
			await db
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.dedupeKey, `order-paid:${late.orderId}`)),
		).toHaveLength(0)

		// Reconciliation retries the refund; repeating it refunds nothing more.
		expect(await reconcilePendingOrders(deps())).toMatchObject({ refunded: 1 })
		expect(await reconcilePendingOrders(deps(), { now: minutesLater(new Date(), 10) })).toMatchObject({ refunded: 0 })
		await deliver('checkout.session.completed', late.sessionId)
		expect(stripe.refunds).toEqual([
			expect.objectContaining({ payment_intent: stripe.session(late.sessionId).payment_intent, amount: 3990, metadata: { order_id: late.orderId } }),
		])
		expect(await orderOf(late.orderId)).toMatchObject({ paymentStatus: 'refunded', status: 'cancelled' })
		expect(await historyOf(late.orderId, 'payment_refunded')).toHaveLength(1)
		expect(await adminNotes(late.orderId)).toEqual(['refunded', 'refunded'])
		expect(await holdsOf(late.orderId)).toEqual(['released'])
		expect(await orderOf(other.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'new' })
		expect(await stockOf(candle.id)).toBe(0)
		const paidForCandle = await db
			.select()
			.from(orders)
			.where(and(eq(orders.paymentStatus, 'paid'), eq(orders.id, late.orderId)))
		expect(paidForCandle).toHaveLength(0)
	})
})
