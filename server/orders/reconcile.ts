import { and, eq, lt, or, isNull } from 'drizzle-orm'
import { orders } from '#db/schema/index.ts'
import type { Logger } from '../logger.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import { handlePaymentEvent, type PaymentDeps } from './payment-events.ts'

/** Time given to a provider's own expiry event before the shop asks about the session itself. */
export const RECONCILE_GRACE_MS = 2 * 60_000

export type ReconcileSummary = { checked: number; paid: number; released: number; stillOpen: number; errors: number }

/**
 * Re-checks pending orders whose payment session should have ended, so a missed webhook never
 * leaves an order stuck or stock held: paid sessions become paid orders, ended ones release
 * their stock. Everything goes through handlePaymentEvent, so running it twice (or on several
 * instances at once) changes nothing more.
 */
export async function reconcilePendingOrders(
	deps: PaymentDeps & { payments: PaymentProvider | null; log?: Logger },
	options: { now?: Date; limit?: number } = {},
): Promise<ReconcileSummary> {
	const now = options.now ?? new Date()
	const cutoff = new Date(now.getTime() - RECONCILE_GRACE_MS)
	const due = await deps.db
		.select({ id: orders.id, sessionId: orders.paymentSessionId, provider: orders.paymentProvider })
		.from(orders)
		.where(and(eq(orders.paymentStatus, 'pending'), or(lt(orders.paymentSessionExpiresAt, cutoff), isNull(orders.paymentSessionExpiresAt))))
		.orderBy(orders.createdAt)
		.limit(options.limit ?? 200)
	const summary: ReconcileSummary = { checked: 0, paid: 0, released: 0, stillOpen: 0, errors: 0 }
	for (const order of due) {
		summary.checked++
		try {
			if (!order.sessionId || !deps.payments || order.provider !== deps.payments.name) {
				// No session was ever opened (the provider failed) or it belongs to a provider no longer configured.
				if (!order.sessionId) {
					const result = await handlePaymentEvent(deps, {
						id: `reconcile:${order.id}:no-session`,
						provider: deps.payments?.name ?? 'test',
						type: 'checkout.session.expired',
						session: { id: `none:${order.id}`, orderId: order.id, status: 'expired', paymentStatus: 'unpaid' },
					})
					if (result.transitioned) summary.released++
				}
				continue
			}
			let session = await deps.payments.retrieveSession(order.sessionId)
			if (session.status === 'open' && session.paymentStatus !== 'paid') session = await deps.payments.expireSession(order.sessionId)
			const paid = session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required'
			if (!paid && session.status === 'open') {
				summary.stillOpen++
				continue
			}
			const result = await handlePaymentEvent(deps, {
				id: `reconcile:${session.id}:${paid ? 'paid' : 'expired'}`,
				provider: deps.payments.name,
				type: paid ? 'checkout.session.completed' : 'checkout.session.expired',
				session: { ...session, orderId: session.orderId ?? order.id },
			})
			if (result.transitioned) {
				if (paid) summary.paid++
				else summary.released++
			}
		} catch (error) {
			summary.errors++
			deps.log?.error({ err: error, orderId: order.id }, 'reconciling an order failed')
		}
	}
	if (summary.checked) deps.log?.info(summary, 'pending payments reconciled')
	return summary
}
