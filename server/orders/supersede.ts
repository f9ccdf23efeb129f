import { and, eq, isNotNull } from 'drizzle-orm'
import { orders, stockHolds } from '#db/schema/index.ts'
import type { Logger } from '../logger.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { handlePaymentEvent } from './payment-events.ts'

/**
 * A visitor starting a new checkout gives up their earlier unpaid ones (ADR 0096): each earlier
 * order that still holds stock has its payment session ended at the provider first, and only a
 * session the provider reports as ended releases its units, through the same path as a webhook.
 * A session that turns out paid is recorded as paid; one whose payment is under way (completed,
 * money not yet arrived) and one the provider cannot be asked about are left as they are.
 * Returns how many orders were released.
 */
export async function supersedeVisitorCheckouts(deps: PaymentDeps & { payments: PaymentProvider; log?: Logger }, visitor: string): Promise<number> {
	const earlier = await deps.db
		.selectDistinct({ id: orders.id, sessionId: orders.paymentSessionId, provider: orders.paymentProvider })
		.from(orders)
		.innerJoin(stockHolds, and(eq(stockHolds.orderId, orders.id), eq(stockHolds.status, 'held')))
		// Without a session id the order is still being opened by a concurrent request; it is left alone.
		.where(and(eq(orders.checkoutVisitor, visitor), eq(orders.paymentStatus, 'pending'), isNotNull(orders.paymentSessionId)))
	let released = 0
	for (const order of earlier) {
		if (!order.sessionId || order.provider !== deps.payments.name) continue
		try {
			let session = await deps.payments.retrieveSession(order.sessionId)
			if (session.status === 'open' && session.paymentStatus === 'unpaid') session = await deps.payments.expireSession(order.sessionId)
			const paid = session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required'
			if (!paid && session.status !== 'expired') continue
			const result = await handlePaymentEvent(deps, {
				id: `supersede:${session.id}:${paid ? 'paid' : 'expired'}`,
				provider: deps.payments.name,
				type: paid ? 'checkout.session.completed' : 'checkout.session.expired',
				session: { ...session, orderId: session.orderId ?? order.id },
			})
			if (result.transitioned && !paid) released++
		} catch (error) {
			deps.log?.warn({ err: error, orderId: order.id }, 'an earlier checkout could not be superseded; its hold stays until it expires')
		}
	}
	return released
}
