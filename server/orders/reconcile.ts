import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { orders } from '#db/schema/index.ts'
import type { Logger } from '../logger.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { handlePaymentEvent, isPaid } from './payment-events.ts'
import { claimProviderCheck } from './provider-checks.ts'
import { refundsDue, refundUnfulfillable, resumeStaleRefunds } from './refunds.ts'

/** Time given to a provider's own expiry event before the shop asks about the session itself. */
export const RECONCILE_GRACE_MS = 2 * 60_000
/**
 * How often a delayed payment still settling is asked about. Its webhook normally reports the
 * outcome; this only catches a lost one, so a few calls a day per order are plenty.
 */
export const PROCESSING_RECHECK_MS = 6 * 60 * 60_000
const REFUND_RETRY_MS = 5 * 60_000
/** Keeps two reconcilers (instances, or the CLI beside the server) from asking about one session at once. */
const RECONCILE_CLAIM_MS = 30_000

const RECONCILE_EVENT = {
	paid: 'checkout.session.completed',
	processing: 'checkout.session.completed',
	failed: 'checkout.session.async_payment_failed',
	expired: 'checkout.session.expired',
} as const

export type ReconcileSummary = {
	checked: number
	paid: number
	released: number
	stillOpen: number
	/** Delayed payments still settling: their stock stays held. */
	processing: number
	refunded: number
	errors: number
}

/**
 * Re-checks pending orders whose payment session should have ended, so a missed webhook never
 * leaves an order stuck or stock held: paid sessions become paid orders, ended ones release
 * their stock, and a completed session whose payment is still settling keeps its hold (ADR 0095).
 * Refunds owed for payments that came too late are retried. Everything goes through
 * handlePaymentEvent, so running it twice (or on several instances at once) changes nothing more.
 */
export async function reconcilePendingOrders(
	deps: PaymentDeps & { payments: PaymentProvider | null; log?: Logger },
	options: { now?: Date; limit?: number } = {},
): Promise<ReconcileSummary> {
	const now = options.now ?? new Date()
	const cutoff = new Date(now.getTime() - RECONCILE_GRACE_MS)
	const due = await deps.db
		.select({ id: orders.id, sessionId: orders.paymentSessionId, provider: orders.paymentProvider, processing: orders.paymentProcessingAt })
		.from(orders)
		.where(
			and(
				eq(orders.paymentStatus, 'pending'),
				or(
					and(isNull(orders.paymentProcessingAt), or(lt(orders.paymentSessionExpiresAt, cutoff), isNull(orders.paymentSessionExpiresAt))),
					and(
						isNotNull(orders.paymentProcessingAt),
						or(isNull(orders.paymentCheckedAt), lt(orders.paymentCheckedAt, new Date(now.getTime() - PROCESSING_RECHECK_MS))),
					),
				),
			),
		)
		.orderBy(orders.createdAt)
		.limit(options.limit ?? 200)
	const summary: ReconcileSummary = { checked: 0, paid: 0, released: 0, stillOpen: 0, processing: 0, refunded: 0, errors: 0 }
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
			if (!(await claimProviderCheck(deps.db, order.id, now, order.processing ? PROCESSING_RECHECK_MS : RECONCILE_CLAIM_MS))) continue
			let session = await deps.payments.retrieveSession(order.sessionId)
			if (session.status === 'open' && !isPaid(session)) session = await deps.payments.expireSession(order.sessionId)
			const paid = isPaid(session)
			if (!paid && session.status === 'open') {
				summary.stillOpen++
				continue
			}
			// Complete but unpaid: the customer chose a delayed method and the money is on its way, unless it was refused.
			const outcome = paid ? 'paid' : session.status !== 'complete' ? 'expired' : session.paymentFailed ? 'failed' : 'processing'
			const result = await handlePaymentEvent(deps, {
				id: `reconcile:${session.id}:${outcome}`,
				provider: deps.payments.name,
				type: RECONCILE_EVENT[outcome],
				session: { ...session, orderId: session.orderId ?? order.id },
			})
			if (outcome === 'processing') summary.processing++
			else if (result.transitioned) {
				if (paid) summary.paid++
				else summary.released++
			}
		} catch (error) {
			summary.errors++
			deps.log?.error({ err: error, orderId: order.id }, 'reconciling an order failed')
		}
	}
	for (const orderId of await refundsDue(deps)) {
		// The refund was first tried when the payment came; a failed one is retried every few minutes, not every round.
		if (!(await claimProviderCheck(deps.db, orderId, now, REFUND_RETRY_MS))) continue
		if (await refundUnfulfillable(deps, orderId)) summary.refunded++
	}
	// Refunds the admin asked for whose answer was lost (ADR 0115).
	summary.refunded += await resumeStaleRefunds(deps, now)
	if (summary.checked || summary.refunded) deps.log?.info(summary, 'pending payments reconciled')
	return summary
}
