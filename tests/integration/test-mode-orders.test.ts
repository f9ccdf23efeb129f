import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, users } from '#db/schema/index.ts'
import { dashboardStats } from '#server/orders/dashboard.ts'
import { getOrderForAdmin, listOrdersForAdmin } from '#server/orders/admin-orders.ts'
import { exportOrdersCsv } from '#server/orders/orders-csv.ts'
import { listOwnOrders } from '#server/account/account-data.ts'
import { startCheckout } from '#server/orders/checkout.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { verifyPaymentSession } from '#server/orders/payment-verification.ts'
import type { PaymentProvider } from '#server/payments/provider.ts'
import { createStripeProvider, parseStripeWebhook } from '#server/payments/stripe.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { FREE_SHIPPING } from '#domain/shipping.ts'
import { parseOrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { createProduct, customer, orderInput, paymentDeps } from '../support/checkout-fixtures.ts'
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/databases.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'

/**
 * ADR 0094: an order paid with test money (the built-in test card page, a Stripe test key,
 * a Stripe event with livemode false) is recorded as such by the server, marked TEST in the admin
 * and on the customer's account, and kept out of the dashboard's takings and counts.
 */
describe.each(ENGINES)('test-money orders on %s', (engine) => {
	let database: TestDatabase
	let stripe: FakeStripe
	const userId = `buyer-${engine}`
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'test_mode' })
		stripe = await startFakeStripe()
		await database.handle.db.insert(users).values({ id: userId, email: `buyer-${engine}@example.test` })
	})
	afterAll(async () => {
		await stripe?.close()
		await database?.cleanup()
	})

	const db = () => database.handle.db
	const deps = () => paymentDeps(db())
	const filters = (query: string) => parseOrderListFilters(new URLSearchParams(query))
	const stripeWith = (secretKey: string) => createStripeProvider({ secretKey, apiUrl: stripe.url })

	/** A real checkout (server prices, stock held, a session opened with the provider) for one unit at this price. */
	async function checkout(payments: PaymentProvider, email: string, priceCents: number) {
		const product = await createProduct(db(), { priceCents, stock: 5 })
		return startCheckout(
			{ ...deps(), payments, publicUrl: 'http://shop.test', shipping: FREE_SHIPPING },
			{ ...orderInput, customer: { ...customer, email }, userId, lines: [{ kind: 'product', productId: product.id, quantity: 1 }] },
		)
	}

	async function testModeOf(orderId: string) {
		const [row] = await db().select({ testMode: orders.testMode, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId))
		return row!
	}

	it('the server records test money from the provider: the test card page and a Stripe test key yes, a live key no', async () => {
		const card = createTestCardProvider({ db: db() })
		const byCard = await checkout(card, `card-${engine}@example.com`, 7000)
		await handlePaymentEvent(deps(), {
			id: `test_evt_${engine}`,
			provider: 'test',
			type: 'checkout.session.completed',
			session: { id: byCard.sessionId, orderId: byCard.orderId, status: 'complete', paymentStatus: 'paid' },
		})
		expect(await testModeOf(byCard.orderId)).toEqual({ testMode: true, paymentStatus: 'paid' })

		const live = stripeWith('sk_live_shopkey')
		const byLiveKey = await checkout(live, `live-${engine}@example.com`, 1000)
		expect(await testModeOf(byLiveKey.orderId)).toEqual({ testMode: false, paymentStatus: 'pending' })
		stripe.complete(byLiveKey.sessionId)
		expect((await verifyPaymentSession(deps(), live, byLiveKey.sessionId, { clientIp: '203.0.113.1' })).state).toBe('paid')
		expect(await testModeOf(byLiveKey.orderId)).toEqual({ testMode: false, paymentStatus: 'paid' })

		const byTestKey = await checkout(stripeWith('sk_test_shopkey'), `stripe-test-${engine}@example.com`, 7000)
		expect(await testModeOf(byTestKey.orderId)).toEqual({ testMode: true, paymentStatus: 'pending' })
	})

	it('a Stripe event with livemode false marks the order it pays as test money, even one opened with a live key', async () => {
		const order = await checkout(stripeWith('sk_live_shopkey'), `event-${engine}@example.com`, 7000)
		stripe.complete(order.sessionId)
		const payload = JSON.parse(stripe.event('checkout.session.completed', order.sessionId)) as { livemode: boolean; data: { object: { livemode: boolean } } }
		payload.livemode = false
		payload.data.object.livemode = false
		const body = JSON.stringify(payload)
		const event = parseStripeWebhook(body, stripe.sign(body), stripe.webhookSecret)!
		await handlePaymentEvent(deps(), event)
		expect(await testModeOf(order.orderId)).toEqual({ testMode: true, paymentStatus: 'paid' })
	})

	it('the dashboard counts and takings leave test orders out and show them apart', async () => {
		const before = await dashboardStats(db())
		const live = stripeWith('sk_live_shopkey')
		const real = await checkout(live, `revenue-${engine}@example.com`, 1234)
		stripe.complete(real.sessionId)
		await verifyPaymentSession(deps(), live, real.sessionId, { clientIp: '203.0.113.2' })
		const card = createTestCardProvider({ db: db() })
		const fake = await checkout(card, `revenue-${engine}@example.com`, 9900)
		await handlePaymentEvent(deps(), {
			id: `test_evt_revenue_${engine}`,
			provider: 'test',
			type: 'checkout.session.completed',
			session: { id: fake.sessionId, orderId: fake.orderId, status: 'complete', paymentStatus: 'paid' },
		})

		const after = await dashboardStats(db())
		expect(after.revenueLast30DaysCents - before.revenueLast30DaysCents).toBe(1234)
		expect(after.ordersToday - before.ordersToday).toBe(1)
		expect(after.testRevenueLast30DaysCents - before.testRevenueLast30DaysCents).toBe(9900)
		expect(after.testOrdersToday - before.testOrdersToday).toBe(1)
	})

	it('the admin list, the order dialog, the CSV export and the customer’s account carry the TEST mark', async () => {
		const email = `marks-${engine}@example.com`
		const live = stripeWith('sk_live_shopkey')
		const real = await checkout(live, email, 2000)
		const test = await checkout(stripeWith('sk_test_shopkey'), email, 3000)

		// Checkouts never paid: listed under their own view (ADR 0116).
		const listed = await listOrdersForAdmin(db(), filters(`view=checkouts&q=${encodeURIComponent(email)}`))
		expect(Object.fromEntries(listed.orders.map((o) => [o.id, o.testMode]))).toEqual({ [real.orderId]: false, [test.orderId]: true })
		expect((await getOrderForAdmin(db(), test.orderId))?.testMode).toBe(true)
		expect((await getOrderForAdmin(db(), real.orderId))?.testMode).toBe(false)

		const csv = await exportOrdersCsv(db(), filters(`view=checkouts&q=${encodeURIComponent(email)}`))
		const lines = csv.slice(1).split('\r\n')
		expect(lines[0]!.endsWith(';Arhivată;Test;Facturi;TVA (EUR);Rambursat (EUR)')).toBe(true)
		expect(lines.find((line) => line.includes(test.orderId))!.endsWith(';Nu;TEST;;;0,00')).toBe(true)
		expect(lines.find((line) => line.includes(real.orderId))!.endsWith(';Nu;;;;0,00')).toBe(true)

		// The account lists orders placed, not checkouts left unpaid (ADR 0116): these two are paid now, a third is not.
		await db()
			.update(orders)
			.set({ paymentStatus: 'paid' })
			.where(inArray(orders.id, [real.orderId, test.orderId]))
		const abandoned = await checkout(live, email, 1000)
		const own = await listOwnOrders(db(), userId)
		expect(own.find((o) => o.id === test.orderId)?.testMode).toBe(true)
		expect(own.find((o) => o.id === real.orderId)?.testMode).toBe(false)
		expect(own.find((o) => o.id === abandoned.orderId)).toBeUndefined()
	})
})
