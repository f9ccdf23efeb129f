import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderHistory, orders, products, stockHolds } from '#db/schema/index.ts'
import type { OrderStatus, PaymentStatus } from '#domain/enums.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { releaseDiscountUse } from '../discounts/redemptions.ts'

/**
 * The units an order takes are its stock holds (ADR 0041, 0115): 'held' while unpaid, 'sold' once
 * paid, 'released' when they went back on sale. Every move below is a conditional update of the
 * holds inside the caller's transaction, which also holds the order's row lock, so however often
 * or concurrently an order is cancelled and re-opened, on however many instances, each unit goes
 * back (or is taken again) exactly once.
 */

/** Re-opening a cancelled order needs units that are no longer there. */
export class OrderStockShortError extends Error {
	override name = 'OrderStockShortError'
	constructor(readonly productNames: string[]) {
		super(adminT('messages.reopenStockShort', { products: productNames.join(', ') }))
	}
}

/** Adds units back to their products, in product order so concurrent releases never deadlock. */
export async function restock(tx: DbExecutor, holds: { productId: string; quantity: number }[]) {
	for (const hold of [...holds].sort((a, b) => a.productId.localeCompare(b.productId))) {
		await tx
			.update(products)
			.set({ stock: sql`coalesce(${products.stock}, 0) + ${hold.quantity}` })
			.where(eq(products.id, hold.productId))
	}
}

/** A cancelled order gives back every unit it still holds or sold. Returns the units given back. */
export async function returnOrderStock(tx: DbExecutor, orderId: string) {
	const holds = await tx
		.update(stockHolds)
		.set({ status: 'released' })
		.where(and(eq(stockHolds.orderId, orderId), inArray(stockHolds.status, ['held', 'sold'])))
		.returning({ productId: stockHolds.productId, quantity: stockHolds.quantity })
	await restock(tx, holds)
	return holds
}

/**
 * An open order becomes cancelled, under the row lock its caller holds: its units go back once
 * (returnOrderStock) and one 'status_changed' history row says so, with `details` added (what
 * happened to the money). Returns that row's id, which keys the customer's email.
 */
export async function cancelLockedOrder(
	tx: DbExecutor,
	input: { orderId: string; from: OrderStatus; actorUserId?: string | null; details?: Record<string, unknown> },
) {
	const returned = await returnOrderStock(tx, input.orderId)
	// Cancelled before payment: the code's use goes back; a paid order's use stays taken (ADR 0255).
	await releaseDiscountUse(tx, input.orderId)
	await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, input.orderId))
	const units = returned.reduce((sum, hold) => sum + hold.quantity, 0)
	const [history] = await tx
		.insert(orderHistory)
		.values({
			orderId: input.orderId,
			actorUserId: input.actorUserId ?? null,
			action: 'status_changed',
			details: { from: input.from, to: 'cancelled', ...(units ? { unitsReturned: units } : {}), ...input.details },
		})
		.returning({ id: orderHistory.id })
	return history!.id
}

/**
 * A cancelled order re-opened takes its units again: sold when it is paid, held when its payment
 * is still to come. An order whose payment failed or expired takes nothing (a late payment takes
 * them when it arrives, ADR 0095). When one product is short, throws OrderStockShortError and the
 * caller's transaction undoes every unit taken.
 */
export async function retakeOrderStock(tx: DbExecutor, orderId: string, paymentStatus: PaymentStatus) {
	if (paymentStatus === 'failed') return []
	const released = await tx
		.select({ id: stockHolds.id, productId: stockHolds.productId, quantity: stockHolds.quantity, name: products.name })
		.from(stockHolds)
		.innerJoin(products, eq(products.id, stockHolds.productId))
		.where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'released')))
		.orderBy(stockHolds.productId)
	const short: string[] = []
	for (const hold of released) {
		const taken = await tx
			.update(products)
			// A product made to order since (no stock figure) has units enough.
			.set({ stock: sql`${products.stock} - ${hold.quantity}` })
			.where(and(eq(products.id, hold.productId), or(isNull(products.stock), sql`${products.stock} >= ${hold.quantity}`)))
			.returning({ id: products.id })
		if (taken.length === 0) short.push(hold.name)
	}
	if (short.length) throw new OrderStockShortError(short)
	if (released.length) {
		await tx
			.update(stockHolds)
			.set({ status: paymentStatus === 'pending' ? 'held' : 'sold' })
			.where(
				inArray(
					stockHolds.id,
					released.map((hold) => hold.id),
				),
			)
	}
	return released
}
