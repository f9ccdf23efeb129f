import { eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderItems, orders } from '#db/schema/index.ts'

/** Stripe's `cs_…` and the test card page's `test_cs_…` ids: letters, digits, `_` and `-`. */
const PAYMENT_SESSION_ID = /^[A-Za-z0-9_-]{1,255}$/

/** The order and items behind a payment session, for the test card page; null for an id no provider makes. */
export async function findOrderBySession(db: DbExecutor, sessionId: string) {
	if (!PAYMENT_SESSION_ID.test(sessionId)) return null
	const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId))
	if (!order) return null
	const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.lineId)
	return { ...order, items }
}
