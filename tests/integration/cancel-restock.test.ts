import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orderHistory, orders, products, stockHolds } from '#db/schema/index.ts'
import { changeOrderStatus } from '#server/orders/admin-changes.ts'
import { cancelOrder } from '#server/orders/cancel-order.ts'
import { OrderStockShortError } from '#server/orders/order-stock.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { createProduct, customer, mailContext, orderInput, paymentDeps } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** ADR 0115: cancelling gives the units back exactly once; re-opening takes them again or refuses. */
describe.each(ENGINES)('cancel and restock on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'restock' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())

	const stockOf = async (id: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock
	const holdsOf = async (orderId: string) =>
		(await db.select({ status: stockHolds.status }).from(stockHolds).where(eq(stockHolds.orderId, orderId))).map((h) => h.status).sort()
	const deps = () => ({ db, mail: mailContext })
	/** A paid order is cancelled saying what happens to the money (ADR 0230); here it is kept, so only the stock moves. */
	const KEPT = { money: 'keep', reason: 'Lucrat deja' } as const
	const setStatus = (orderId: string, status: string) =>
		status === 'cancelled' ? cancelOrder(deps(), { orderId, money: KEPT }) : changeOrderStatus(deps(), { orderId, status })

	async function paidOrder(quantities: { candle: number; other: number }) {
		const candle = await createProduct(db, { priceCents: 3000, stock: 10 })
		const other = await createProduct(db, { priceCents: 1000, stock: 4 })
		const order = await placeOrder(db, {
			...orderInput,
			customer,
			lines: [
				{ kind: 'product', productId: candle.id, quantity: quantities.candle },
				{ kind: 'product', productId: other.id, quantity: quantities.other },
			],
		})
		await handlePaymentEvent(paymentDeps(db), {
			id: `evt_paid_${order.id}`,
			provider: 'stripe',
			type: 'checkout.session.completed',
			session: { id: `cs_${order.id}`, orderId: order.id, status: 'complete', paymentStatus: 'paid' },
		})
		return { order, candle, other }
	}

	it('50 concurrent cancels of one paid order put its stock back once, with one history line and one email', async () => {
		const { order, candle, other } = await paidOrder({ candle: 3, other: 2 })
		expect([await stockOf(candle.id), await stockOf(other.id)]).toEqual([7, 2])
		await db.delete(emailOutbox)
		const results = await Promise.all(Array.from({ length: 50 }, () => cancelOrder(deps(), { orderId: order.id, money: KEPT })))
		expect(results.filter((r) => r.kind === 'cancelled')).toHaveLength(1)
		expect([await stockOf(candle.id), await stockOf(other.id)]).toEqual([10, 4])
		expect(await holdsOf(order.id)).toEqual(['released', 'released'])
		const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))
		expect(history.filter((h) => h.action === 'status_changed').map((h) => h.details)).toEqual([
			{ from: 'new', to: 'cancelled', unitsReturned: 5, money: 'kept', amountCents: 11000, reason: 'Lucrat deja' },
		])
		expect(await db.select().from(emailOutbox)).toHaveLength(1)
	})

	it('cancel, re-open, cancel again: stock goes back, is taken again, goes back, each exactly once, even when the saves race', async () => {
		const { order, candle, other } = await paidOrder({ candle: 2, other: 1 })
		const both = async () => [await stockOf(candle.id), await stockOf(other.id)]
		expect(await both()).toEqual([8, 3])
		await setStatus(order.id, 'cancelled')
		expect(await both()).toEqual([10, 4])
		await changeOrderStatus(deps(), { orderId: order.id, status: 'processing' })
		expect(await both()).toEqual([8, 3])
		expect(await holdsOf(order.id)).toEqual(['sold', 'sold'])
		// A re-opened order moved between open statuses takes nothing more.
		await changeOrderStatus(deps(), { orderId: order.id, status: 'shipped' })
		expect(await both()).toEqual([8, 3])
		await setStatus(order.id, 'cancelled')
		expect(await both()).toEqual([10, 4])

		// 40 saves racing between cancelled and open: whatever order they run in, the stock matches the final status.
		const targets = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'new' : 'cancelled'))
		await Promise.all(targets.map((status) => setStatus(order.id, status)))
		const [final] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
		expect(await both()).toEqual(final!.status === 'cancelled' ? [10, 4] : [8, 3])
		await setStatus(order.id, 'cancelled')
		expect(await both()).toEqual([10, 4])
	})

	it('re-opening when a product sold out meanwhile is refused in Romanian and changes nothing', async () => {
		const { order, candle, other } = await paidOrder({ candle: 1, other: 3 })
		await setStatus(order.id, 'cancelled')
		await db.update(products).set({ stock: 1 }).where(eq(products.id, other.id))
		await db.delete(emailOutbox)
		const refused = await changeOrderStatus(deps(), { orderId: order.id, status: 'new' }).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(OrderStockShortError)
		expect((refused as Error).message).toBe(`Comanda nu poate fi redeschisă: stoc insuficient pentru ${other.name}. Mărește stocul și încearcă din nou.`)
		expect([await stockOf(candle.id), await stockOf(other.id)]).toEqual([10, 1])
		const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
		expect(row!.status).toBe('cancelled')
		expect(await db.select().from(emailOutbox)).toEqual([])
	})

	it('an unpaid order cancelled by the admin releases its hold; a late payment takes the units again', async () => {
		const candle = await createProduct(db, { priceCents: 3000, stock: 5 })
		const order = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 2 }] })
		expect(await stockOf(candle.id)).toBe(3)
		await setStatus(order.id, 'cancelled')
		expect(await stockOf(candle.id)).toBe(5)
		expect(await holdsOf(order.id)).toEqual(['released'])
		await handlePaymentEvent(paymentDeps(db), {
			id: `evt_late_${order.id}`,
			provider: 'stripe',
			type: 'checkout.session.completed',
			session: { id: `cs_${order.id}`, orderId: order.id, status: 'complete', paymentStatus: 'paid' },
		})
		expect(await stockOf(candle.id)).toBe(3)
		expect(await holdsOf(order.id)).toEqual(['sold'])
	})

	it('saving the status an order already has writes no history and sends no email', async () => {
		const { order } = await paidOrder({ candle: 1, other: 1 })
		await db.delete(emailOutbox)
		const before = await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))
		expect(await changeOrderStatus(deps(), { orderId: order.id, status: 'new' })).toMatchObject({ changed: false, emailQueued: false })
		expect(await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))).toHaveLength(before.length)
		expect(await db.select().from(emailOutbox)).toEqual([])
	})
})
