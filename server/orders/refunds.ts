import { and, eq, isNotNull } from 'drizzle-orm'
import { orderHistory, orders } from '#db/schema/index.ts'
import type { PaymentDeps } from './payment-events.ts'

/**
 * Refunds an order whose payment arrived for units that were no longer there (ADR 0095). The
 * order was cancelled with refundDueAt set in the same transaction that took the payment, so a
 * crash or a provider outage here only delays the refund: reconciliation asks again, and the
 * provider's idempotency key makes the repeat harmless. True once the order is refunded.
 */
export async function refundUnfulfillable(deps: PaymentDeps, orderId: string): Promise<boolean> {
	const [order] = await deps.db
		.select({ sessionId: orders.paymentSessionId, provider: orders.paymentProvider, totalCents: orders.totalCents })
		.from(orders)
		.where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid'), isNotNull(orders.refundDueAt)))
	if (!order?.sessionId) return false
	const payments = deps.payments
	if (!payments || payments.name !== order.provider) {
		deps.log?.warn({ orderId }, 'a refund is due but the payment provider of the order is not configured')
		return false
	}
	try {
		await payments.refund({ sessionId: order.sessionId, orderId, amountCents: order.totalCents })
	} catch (error) {
		deps.log?.error({ err: error, orderId }, 'refunding an unfulfillable order failed; reconciliation retries')
		return false
	}
	return deps.db.transaction(async (tx) => {
		const refunded = await tx
			.update(orders)
			.set({ paymentStatus: 'refunded' })
			.where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid'), isNotNull(orders.refundDueAt)))
			.returning({ id: orders.id })
		if (refunded.length)
			await tx.insert(orderHistory).values({ orderId, action: 'payment_refunded', details: { automatic: true, amountCents: order.totalCents } })
		return refunded.length > 0
	})
}

/** Orders still owed a refund, oldest first (reconciliation retries them). */
export async function refundsDue(deps: Pick<PaymentDeps, 'db'>, limit = 50) {
	const rows = await deps.db
		.select({ id: orders.id })
		.from(orders)
		.where(and(eq(orders.paymentStatus, 'paid'), isNotNull(orders.refundDueAt)))
		.orderBy(orders.refundDueAt)
		.limit(limit)
	return rows.map((row) => row.id)
}
