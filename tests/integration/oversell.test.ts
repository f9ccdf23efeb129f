import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { products, stockHolds } from '#db/schema/index.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { CheckoutRejectedError, placeOrder } from '#server/orders/place-order.ts'
import { createProduct, customer, orderInput, paymentDeps } from '../support/checkout-fixtures.ts'
import { createTestDatabase, type TestDatabase } from '../support/databases.ts'

/** Real PostgreSQL, two connection pools (like two app instances), many buyers at once. */
describe('no overselling on PostgreSQL', () => {
	let database: TestDatabase
	let instances: Database[]
	beforeAll(async () => {
		database = await createTestDatabase('postgres', { label: 'oversell' })
		instances = [database.handle.db, (await database.openAnother()).db]
	})
	afterAll(() => database.cleanup())

	const buy = (db: Database, productId: string, quantity = 1) =>
		placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: productId, quantity }] }).then(
			(order) => ({ ok: true as const, order }),
			(error: unknown) => {
				if (error instanceof CheckoutRejectedError) return { ok: false as const, codes: error.problems.map((p) => p.code) }
				throw error
			},
		)

	it('50 buyers of the last unit: exactly one holds it, 49 are told it is out of stock (20 rounds)', async () => {
		for (let round = 0; round < 20; round++) {
			const candle = await createProduct(instances[0]!, { stock: 1 })
			const results = await Promise.all(Array.from({ length: 50 }, (_, i) => buy(instances[i % 2]!, candle.id)))
			const winners = results.filter((r) => r.ok)
			const losers = results.filter((r) => !r.ok)
			expect(winners, `round ${round}`).toHaveLength(1)
			expect(losers).toHaveLength(49)
			for (const loser of losers) expect(loser.codes).toEqual(['outOfStock'])
			const [row] = await instances[0]!.select({ stock: products.stock }).from(products).where(eq(products.id, candle.id))
			expect(row!.stock).toBe(0)
			const holds = await instances[0]!.select().from(stockHolds).where(eq(stockHolds.productId, candle.id))
			expect(holds.map((h) => [h.status, h.quantity])).toEqual([['held', 1]])
		}
	})

	it('stock 10 and 200 buyers, with payments and expiries landing meanwhile: held plus sold never exceeds 10', async () => {
		const candle = await createProduct(instances[0]!, { stock: 10 })
		const deps = [paymentDeps(instances[0]!), paymentDeps(instances[1]!)]
		const settle: Promise<unknown>[] = []
		const results = await Promise.all(
			Array.from({ length: 200 }, async (_, i) => {
				const result = await buy(instances[i % 2]!, candle.id, 1 + (i % 3))
				if (result.ok) {
					// Some pay at once (twice), some expire, some stay pending.
					const event = (id: string, paid: boolean) =>
						handlePaymentEvent(deps[i % 2]!, {
							id,
							provider: 'stripe',
							type: paid ? 'checkout.session.completed' : 'checkout.session.expired',
							session: { id: `cs_${i}`, orderId: result.order.id, status: paid ? 'complete' : 'expired', paymentStatus: paid ? 'paid' : 'unpaid' },
						})
					if (i % 3 === 0) settle.push(event(`evt_paid_${i}`, true), event(`evt_paid_${i}`, true))
					else if (i % 3 === 1) settle.push(event(`evt_expired_${i}`, false))
				}
				return result
			}),
		)
		await Promise.all(settle)
		const [row] = await instances[0]!.select({ stock: products.stock }).from(products).where(eq(products.id, candle.id))
		const [totals] = await instances[0]!
			.select({ units: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int` })
			.from(stockHolds)
			.where(and(eq(stockHolds.productId, candle.id), inArray(stockHolds.status, ['held', 'sold'])))
		expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(4)
		expect(totals!.units).toBeLessThanOrEqual(10)
		expect(row!.stock).toBeGreaterThanOrEqual(0)
		// Every unit is accounted for: on the shelf, held or sold.
		expect(row!.stock! + totals!.units).toBe(10)
	})
})
