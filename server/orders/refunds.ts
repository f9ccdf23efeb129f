import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm'
import { orderHistory, orderItems, orderRefunds, orders } from '#db/schema/index.ts'
import type { RefundRequestInput } from '#domain/forms/order-refund.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import type { ProviderRefund } from '../payments/provider.ts'
import { OrderNotFoundError } from './admin-changes.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { recordProviderRefunds, settleRefund } from './refund-events.ts'

/** A refund the shop will not ask for as it is; `field` names the form field at fault. */
export class RefundRefusedError extends Error {
	override name = 'RefundRefusedError'
	constructor(
		message: string,
		readonly status: 400 | 409 = 409,
		readonly field?: 'amount' | 'lineQuantity',
	) {
		super(message)
	}
}

export type RefundOutcome = { refundId: string; amountCents: number; status: ProviderRefund['status'] }

/**
 * The admin refunds a paid order (ADR 0115): what is left of it, an amount, or chosen lines, with a
 * reason. Three steps, so no transaction stays open while the provider is asked:
 * 1. under the order's row lock, the request is checked (paid, no refund under way, no more than
 *    what is left) and a 'pending' order_refunds row written — a second request at once finds it
 *    and is refused;
 * 2. the provider refunds with an idempotency key derived from that row, so a retry never refunds
 *    twice;
 * 3. the provider's answer settles the row (settleRefund): the order's refunded amount and payment
 *    status change once, and the customer's email is queued with them. A provider error marks the
 *    row failed, leaves the order as it was and is thrown with its message.
 */
export async function refundOrder(deps: PaymentDeps, input: RefundRequestInput & { orderId: string; actorUserId?: string | null }): Promise<RefundOutcome> {
	const opened = await deps.db.transaction(async (tx) => {
		const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
		if (!order) throw new OrderNotFoundError('order not found')
		const left = order.totalCents - order.refundedCents
		if (order.paymentStatus === 'refunded' || (order.paymentStatus === 'paid' && left <= 0)) throw new RefundRefusedError(adminT('messages.refundNothingLeft'))
		if (order.paymentStatus !== 'paid') throw new RefundRefusedError(adminT('messages.refundNotPaid'))
		const earlier = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
		if (earlier.some((refund) => refund.status === 'pending')) throw new RefundRefusedError(adminT('messages.refundInProgress'))

		let amountCents: number
		let lines: { itemId: string; quantity: number }[] | null = null
		if (input.mode === 'full') amountCents = left
		else if (input.mode === 'amount') amountCents = input.amountCents
		else {
			const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.lineId))
			const refundedUnits = refundedQuantities(earlier)
			amountCents = 0
			lines = []
			for (const line of input.lines) {
				const item = items.find((candidate) => candidate.id === line.itemId)
				if (!item) throw new RefundRefusedError(adminT('messages.refundLineUnknown'), 400, 'lineQuantity')
				// Units asked for earlier in this same request count too (a line listed twice).
				const unitsLeft = item.quantity - (refundedUnits.get(item.id) ?? 0)
				refundedUnits.set(item.id, (refundedUnits.get(item.id) ?? 0) + line.quantity)
				if (line.quantity > unitsLeft)
					throw new RefundRefusedError(adminT('messages.refundLineTooMany', { name: item.name, left: Math.max(0, unitsLeft) }), 400, 'lineQuantity')
				amountCents += item.unitPriceCents * line.quantity
				lines.push(line)
			}
			// Lines of an order a code discounted were paid less than their prices (ADR 0255): they refund their share of what was paid.
			const goodsOff = order.discount?.goodsCents ?? 0
			if (goodsOff > 0 && order.subtotalCents > 0) amountCents = Math.floor((amountCents * (order.subtotalCents - goodsOff)) / order.subtotalCents)
			if (amountCents <= 0) throw new RefundRefusedError(adminT('messages.refundTooMuch', { left: formatEuro(left, 'ro') }), 400, 'lineQuantity')
		}
		if (amountCents > left)
			throw new RefundRefusedError(adminT('messages.refundTooMuch', { left: formatEuro(left, 'ro') }), 400, input.mode === 'lines' ? 'lineQuantity' : 'amount')
		const payments = deps.payments
		if (!payments || payments.name !== order.paymentProvider || !order.paymentSessionId) throw new RefundRefusedError(adminT('messages.refundNoProvider'))

		const [refund] = await tx
			.insert(orderRefunds)
			.values({ orderId: order.id, amountCents, reason: input.reason, lines, provider: payments.name, createdBy: input.actorUserId ?? null })
			.returning()
		await tx.insert(orderHistory).values({
			orderId: order.id,
			actorUserId: input.actorUserId ?? null,
			action: 'refund_requested',
			details: { refundId: refund!.id, amountCents, reason: input.reason, ...(lines ? { lines } : {}) },
		})
		return { refund: refund!, sessionId: order.paymentSessionId, payments }
	})
	return askProviderToRefund(deps, opened)
}

/**
 * Steps 2 and 3 of a refund the shop asks for (refundOrder, and a paid order's cancellation): the
 * provider is asked with an idempotency key derived from the 'pending' row, and its answer settles
 * the row. A provider error marks the row failed and is thrown as a RefundRefusedError.
 */
export async function askProviderToRefund(
	deps: PaymentDeps,
	opened: { refund: typeof orderRefunds.$inferSelect; sessionId: string; payments: NonNullable<PaymentDeps['payments']> },
): Promise<RefundOutcome> {
	const { refund, sessionId, payments } = opened
	let reported: ProviderRefund
	try {
		reported = await payments.refund({
			sessionId,
			orderId: refund.orderId,
			amountCents: refund.amountCents,
			idempotencyKey: `order-refund-${refund.id}`,
			refundId: refund.id,
		})
	} catch (error) {
		const message = (error as Error).message
		deps.log?.warn({ err: message, orderId: refund.orderId, refundId: refund.id }, 'the payment provider refused a refund')
		await settleUnderLock(deps, refund.orderId, refund.id, { status: 'failed', failureMessage: message })
		throw new RefundRefusedError(adminT('messages.refundProvider', { message }))
	}
	const outcome = await settleUnderLock(deps, refund.orderId, refund.id, {
		status: reported.status,
		providerRefundId: reported.id,
		failureMessage: reported.failureMessage,
	})
	if (outcome === 'succeeded') deps.nudgeEmail?.()
	if (reported.status === 'failed') throw new RefundRefusedError(adminT('messages.refundProvider', { message: reported.failureMessage ?? 'failed' }))
	return { refundId: refund.id, amountCents: refund.amountCents, status: reported.status }
}

async function settleUnderLock(deps: PaymentDeps, orderId: string, refundId: string, report: Parameters<typeof settleRefund>[3]) {
	return deps.db.transaction(async (tx) => {
		await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update')
		return settleRefund(tx, deps.mail, refundId, report)
	})
}

/** A refund still 'pending' without the provider's answer this long after it was asked for was cut short (a crash, a lost answer). */
export const STALE_REFUND_MS = 5 * 60_000
/** Stripe keeps an idempotency key 24 hours: past that, asking again could refund twice, so the shop stops asking. */
const IDEMPOTENCY_WINDOW_MS = 23 * 60 * 60_000

/**
 * Asks again for refunds the shop requested but never heard back about (reconciliation, ADR 0115):
 * the same idempotency key gets the provider's answer for the first request, never a second refund,
 * and that answer settles the row as usual. Rows the provider already answered 'pending' wait for
 * its webhook instead. Returns how many refunds succeeded.
 */
export async function resumeStaleRefunds(deps: PaymentDeps, now = new Date()): Promise<number> {
	const payments = deps.payments
	if (!payments) return 0
	const stale = await deps.db
		.select({ refund: orderRefunds, sessionId: orders.paymentSessionId })
		.from(orderRefunds)
		.innerJoin(orders, eq(orders.id, orderRefunds.orderId))
		.where(
			and(
				eq(orderRefunds.status, 'pending'),
				isNull(orderRefunds.providerRefundId),
				eq(orderRefunds.provider, payments.name),
				lt(orderRefunds.createdAt, new Date(now.getTime() - STALE_REFUND_MS)),
				gt(orderRefunds.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
			),
		)
		.orderBy(orderRefunds.createdAt)
		.limit(20)
	let succeeded = 0
	for (const { refund, sessionId } of stale) {
		if (!sessionId) continue
		try {
			const reported = await payments.refund({
				sessionId,
				orderId: refund.orderId,
				amountCents: refund.amountCents,
				idempotencyKey: `order-refund-${refund.id}`,
				refundId: refund.id,
			})
			const outcome = await settleUnderLock(deps, refund.orderId, refund.id, {
				status: reported.status,
				providerRefundId: reported.id,
				failureMessage: reported.failureMessage,
			})
			if (outcome === 'succeeded') succeeded++
		} catch (error) {
			deps.log?.warn({ err: error, refundId: refund.id }, 'a refund cut short could not be resumed yet; reconciliation retries')
		}
	}
	if (succeeded) deps.nudgeEmail?.()
	return succeeded
}

/** Units of each order line already given back by refunds that succeeded or are under way. */
function refundedQuantities(refunds: (typeof orderRefunds.$inferSelect)[]) {
	const units = new Map<string, number>()
	for (const refund of refunds) {
		if (refund.status === 'failed') continue
		for (const line of refund.lines ?? []) units.set(line.itemId, (units.get(line.itemId) ?? 0) + line.quantity)
	}
	return units
}

/**
 * Refunds an order whose payment arrived for units that were no longer there (ADR 0095). The
 * order was cancelled with refundDueAt set in the same transaction that took the payment, so a
 * crash or a provider outage here only delays the refund: reconciliation asks again, and the
 * provider's idempotency key makes the repeat harmless. The refund is recorded like every other
 * (ADR 0115). True once the order is refunded.
 */
export async function refundUnfulfillable(deps: PaymentDeps, orderId: string): Promise<boolean> {
	const [order] = await deps.db
		.select({ sessionId: orders.paymentSessionId, provider: orders.paymentProvider, totalCents: orders.totalCents, refundedCents: orders.refundedCents })
		.from(orders)
		.where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid'), isNotNull(orders.refundDueAt)))
	if (!order?.sessionId) return false
	const payments = deps.payments
	if (!payments || payments.name !== order.provider) {
		deps.log?.warn({ orderId }, 'a refund is due but the payment provider of the order is not configured')
		return false
	}
	let reported: ProviderRefund
	try {
		reported = await payments.refund({ sessionId: order.sessionId, orderId, amountCents: order.totalCents, idempotencyKey: `refund-${orderId}` })
	} catch (error) {
		deps.log?.error({ err: error, orderId }, 'refunding an unfulfillable order failed; reconciliation retries')
		return false
	}
	const refunded = await deps.db.transaction(async (tx) => {
		const [locked] = await tx
			.select({ id: orders.id })
			.from(orders)
			.where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid'), isNotNull(orders.refundDueAt)))
			.for('update')
		if (!locked) return false
		const [existing] = await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.providerRefundId, reported.id))
		if (!existing)
			await tx
				.insert(orderRefunds)
				.values({ orderId, amountCents: reported.amountCents, reason: adminT('orders.refundUnfulfillableReason'), provider: payments.name })
				.returning({ id: orderRefunds.id })
				.then(([row]) =>
					settleRefund(tx, deps.mail, row!.id, { status: reported.status, providerRefundId: reported.id, failureMessage: reported.failureMessage }),
				)
		else await recordProviderRefunds(tx, deps.mail, orderId, payments.name, [reported])
		if (reported.status !== 'succeeded') return false
		await tx.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, orderId))
		await tx.insert(orderHistory).values({ orderId, action: 'payment_refunded', details: { automatic: true, amountCents: order.totalCents } })
		return true
	})
	if (refunded) deps.nudgeEmail?.()
	return refunded
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
