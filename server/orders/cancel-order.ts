import { eq } from 'drizzle-orm'
import { orderHistory, orderRefunds, orders } from '#db/schema/index.ts'
import type { CancelMoneyInput } from '#domain/forms/order-cancel.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import { OrderNotFoundError } from './admin-changes.ts'
import { queueOrderEmail } from './emails.ts'
import { cancelLockedOrder } from './order-stock.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { askProviderToRefund, RefundRefusedError } from './refunds.ts'

export type CancelOutcome =
	/** Already cancelled, or a cancellation with a refund is already waiting for the provider: nothing more happened. */
	| { kind: 'unchanged' }
	| { kind: 'underWay' }
	/** Cancelled now. `money`: none was paid (or all of it is back already), or it is kept. */
	| { kind: 'cancelled'; money: 'none' | 'kept' }
	/** Cancelled with a refund ('succeeded'), or the refund is still with the provider ('pending': the order is cancelled when it succeeds). */
	| { kind: 'refunded'; amountCents: number; status: 'succeeded' | 'pending' }

/**
 * The admin cancels an order and says what happens to the money (ADR 0230). An order with nothing
 * paid left cancels as a status change does. For a paid one:
 * - keep: cancelled at once, stock back, the reason in the history and in the customer's email;
 * - full or amount: a refund row marked `cancelsOrder` is opened under the order's row lock, the
 *   provider is asked outside any transaction (askProviderToRefund), and the refund's success
 *   cancels the order in the transaction that records it (settleRefund), with the stock back once,
 *   the credit note, and one cancellation email saying what was refunded. A refused refund leaves
 *   the order as it was.
 * Concurrent cancels find the order cancelled, or its cancellation refund pending, and do nothing.
 */
export async function cancelOrder(deps: PaymentDeps, input: { orderId: string; money: CancelMoneyInput; actorUserId?: string | null }): Promise<CancelOutcome> {
	const actorUserId = input.actorUserId ?? null
	type Opened = { done: CancelOutcome; queued?: boolean } | { refund: Parameters<typeof askProviderToRefund>[1] }
	const opened = await deps.db.transaction(async (tx): Promise<Opened> => {
		const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
		if (!order) throw new OrderNotFoundError('order not found')
		if (order.status === 'cancelled') return { done: { kind: 'unchanged' } }
		const left = order.totalCents - order.refundedCents
		if (order.paymentStatus !== 'paid' || left <= 0) {
			const historyId = await cancelLockedOrder(tx, { orderId: order.id, from: order.status, actorUserId })
			const queued = await queueOrderEmail(tx, deps.mail, order.id, { kind: 'status', dedupeKey: `order-status:${historyId}` })
			return { done: { kind: 'cancelled', money: 'none' }, queued }
		}
		const pending = (await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).filter((refund) => refund.status === 'pending')
		if (pending.some((refund) => refund.cancelsOrder)) return { done: { kind: 'underWay' } }
		if (pending.length) throw new RefundRefusedError(adminT('messages.refundInProgress'))

		const money = input.money
		if (money.money === 'keep') {
			const historyId = await cancelLockedOrder(tx, {
				orderId: order.id,
				from: order.status,
				actorUserId,
				details: { money: 'kept', amountCents: left, reason: money.reason },
			})
			const queued = await queueOrderEmail(tx, deps.mail, order.id, {
				kind: 'cancelled',
				dedupeKey: `order-status:${historyId}`,
				kept: { amountCents: left, reason: money.reason },
			})
			return { done: { kind: 'cancelled', money: 'kept' }, queued }
		}

		const amountCents = money.money === 'full' ? left : money.amountCents
		if (amountCents > left) throw new RefundRefusedError(adminT('messages.refundTooMuch', { left: formatEuro(left, 'ro') }), 400, 'amount')
		const payments = deps.payments
		if (!payments || payments.name !== order.paymentProvider || !order.paymentSessionId) throw new RefundRefusedError(adminT('messages.refundNoProvider'))
		const reason = money.reason || adminT('orders.cancelRefundReason')
		const [refund] = await tx
			.insert(orderRefunds)
			.values({ orderId: order.id, amountCents, reason, provider: payments.name, createdBy: actorUserId, cancelsOrder: true })
			.returning()
		await tx.insert(orderHistory).values({
			orderId: order.id,
			actorUserId,
			action: 'cancel_requested',
			details: { refundId: refund!.id, money: money.money, amountCents, reason },
		})
		return { refund: { refund: refund!, sessionId: order.paymentSessionId, payments } }
	})

	if ('done' in opened) {
		if (opened.queued) deps.nudgeEmail?.()
		return opened.done
	}
	try {
		const outcome = await askProviderToRefund(deps, opened.refund)
		return { kind: 'refunded', amountCents: outcome.amountCents, status: outcome.status === 'succeeded' ? 'succeeded' : 'pending' }
	} catch (error) {
		if (error instanceof RefundRefusedError) throw new RefundRefusedError(adminT('messages.cancelRefundRefused', { message: error.message }), error.status)
		throw error
	}
}
