import { eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderItems, orders } from '#db/schema/index.ts'

/** The order and items behind a payment session, for the test card page. */
export async function findOrderBySession(db: DbExecutor, sessionId: string) {
	const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId))
	if (!order) return null
	const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.name)
	return { ...order, items }
}
