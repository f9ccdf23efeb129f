import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orders } from '#db/schema/index.ts'

/**
 * Claims the right to ask the provider about an order's session now: true for at most one caller
 * per `intervalMs`, on every instance, because the claim is one conditional update of the order
 * row (ADR 0095). Every provider call about a known session goes through it, so neither repeated
 * page loads nor several reconcilers multiply calls made with the shop's secret key.
 */
export async function claimProviderCheck(db: DbExecutor, orderId: string, now: Date, intervalMs: number): Promise<boolean> {
	const claimed = await db
		.update(orders)
		.set({ paymentCheckedAt: now })
		.where(and(eq(orders.id, orderId), or(isNull(orders.paymentCheckedAt), lt(orders.paymentCheckedAt, new Date(now.getTime() - intervalMs)))))
		.returning({ id: orders.id })
	return claimed.length > 0
}
