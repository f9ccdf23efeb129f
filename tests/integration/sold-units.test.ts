import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.ts'
import { orderItems, orders, products } from '#db/schema/index.ts'
import { anonymiseOrders } from '#server/account/order-erasure.ts'
import { loadCatalog } from '#server/catalog/catalog.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { refundOrder, RefundRefusedError } from '#server/orders/refunds.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { parseCatalogQuery } from '#domain/catalog-query.ts'
import { createProduct, customer, mailContext, orderInput, payPlacedOrder } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * ADR 0165: products.sold_units is kept by the database in the transaction that pays, refunds,
 * anonymises or deletes an order; after every step it equals the sum computed from scratch.
 */
describe.each(ENGINES)('units sold on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'sold-units' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())

	const deps = () => ({ db, mail: mailContext, payments: createTestCardProvider({ db }) })
	const sold = async (productId: string) => (await db.select({ units: products.soldUnits }).from(products).where(eq(products.id, productId)))[0]!.units

	/** Every product's figure against the definition: paid orders' lines less their units refunded by line. */
	async function expectFiguresMatchRecount() {
		const rows = await queryRows<{ id: string; kept: number; recounted: number }>(
			db,
			sql`select p.id, p.sold_units as kept, coalesce((
				select sum(greatest(i.quantity - coalesce((
					select sum((l.value ->> 'quantity')::int) from order_refunds r, jsonb_array_elements(coalesce(r.lines, '[]')) l
					where r.order_id = i.order_id and r.status = 'succeeded' and l.value ->> 'itemId' = i.id::text), 0), 0))
				from order_items i join orders o on o.id = i.order_id where i.product_id = p.id and o.payment_status = 'paid'), 0)::int as recounted
			from products p`,
		)
		expect(rows.filter((row) => row.kept !== row.recounted)).toEqual([])
	}

	async function paidOrder(lines: { productId: string; quantity: number }[]) {
		const order = await placeOrder(db, { ...orderInput, customer, lines: lines.map((line) => ({ kind: 'product' as const, ...line })) })
		await payPlacedOrder(db, order.id)
		const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
		return { order, itemFor: (productId: string) => items.find((item) => item.productId === productId)! }
	}

	it('counts a payment, a line refund, a full refund, an anonymised order, a deleted order and a deleted product', async () => {
		const candle = await createProduct(db, { priceCents: 3000, stock: 50 })
		const box = await createProduct(db, { priceCents: 1500, stock: 50 })

		// Placed but unpaid: nothing sold yet.
		const unpaid = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 5 }] })
		expect(await sold(candle.id)).toBe(0)

		const first = await paidOrder([
			{ productId: candle.id, quantity: 3 },
			{ productId: box.id, quantity: 2 },
		])
		expect([await sold(candle.id), await sold(box.id)]).toEqual([3, 2])
		await expectFiguresMatchRecount()

		// Refunding one candle by line takes one unit off; an amount refund takes none.
		await refundOrder(deps(), { orderId: first.order.id, mode: 'lines', reason: 'Spartă', lines: [{ itemId: first.itemFor(candle.id).id, quantity: 1 }] })
		expect(await sold(candle.id)).toBe(2)
		await refundOrder(deps(), { orderId: first.order.id, mode: 'amount', reason: 'Întârziere', amountCents: 100 })
		expect(await sold(candle.id)).toBe(2)
		await expectFiguresMatchRecount()

		const second = await paidOrder([{ productId: candle.id, quantity: 4 }])
		expect(await sold(candle.id)).toBe(6)
		// A full refund: the order no longer counts at all.
		await refundOrder(deps(), { orderId: second.order.id, mode: 'full', reason: 'Anulată de client' })
		expect((await db.select().from(orders).where(eq(orders.id, second.order.id)))[0]!.paymentStatus).toBe('refunded')
		expect(await sold(candle.id)).toBe(2)
		await expectFiguresMatchRecount()

		// Erasure anonymises the lines; what they sold still counts.
		await db.transaction((tx) => anonymiseOrders(tx, [first.order.id]))
		expect([await sold(candle.id), await sold(box.id)]).toEqual([2, 2])

		// A (test) order deleted outright takes its units with it, in the same statement.
		const third = await paidOrder([{ productId: box.id, quantity: 7 }])
		expect(await sold(box.id)).toBe(9)
		await db.delete(orders).where(eq(orders.id, third.order.id))
		expect(await sold(box.id)).toBe(2)
		await db.delete(orders).where(eq(orders.id, unpaid.id))
		await expectFiguresMatchRecount()

		// A deleted product leaves its lines (product_id cleared) and the other figures alone.
		await db.delete(products).where(eq(products.id, box.id))
		expect(await sold(candle.id)).toBe(2)
		await expectFiguresMatchRecount()

		// The best-sellers order reads the figure.
		const catalog = await loadCatalog(db, parseCatalogQuery(new URLSearchParams('sort=bestsellers')), 'ro')
		expect(catalog.products[0]!.id).toBe(candle.id)
	})

	it('refuses a refund that lists one line twice, so a 2-unit line cannot be refunded 4 units', async () => {
		const candle = await createProduct(db, { priceCents: 1000, stock: 10 })
		const { order, itemFor } = await paidOrder([{ productId: candle.id, quantity: 2 }])
		const line = itemFor(candle.id).id
		const refused = await refundOrder(deps(), {
			orderId: order.id,
			mode: 'lines',
			reason: 'De două ori',
			lines: [
				{ itemId: line, quantity: 2 },
				{ itemId: line, quantity: 2 },
			],
		}).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(RefundRefusedError)
		expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]!.refundedCents).toBe(0)
		expect(await sold(candle.id)).toBe(2)
		await expectFiguresMatchRecount()
	})
})
