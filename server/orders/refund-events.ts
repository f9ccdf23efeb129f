import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderHistory, orderRefunds, orders, paymentEvents } from '#db/schema/index.ts'
import type { RefundStatus } from '#domain/enums.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { isUuid, normaliseUuid } from '#domain/ids.ts'
import type { ProviderRefund, RefundEvent } from '../payments/provider.ts'
import { CreditNoteRefusedError, issueCreditNote, type Invoice } from '../invoices/issue.ts'
import { queueOrderEmail, type OrderEmailContext } from './emails.ts'
import { cancelLockedOrder } from './order-stock.ts'
import type { PaymentDeps } from './payment-deps.ts'

/**
 * Refunds as the provider reports them (ADR 0115). Every report — the answer to the shop's own
 * request, a webhook delivered once or five times in any order, a refund made in the provider's
 * dashboard — goes through settleRefund, which moves a refund row out of 'pending' once, so the
 * order's refunded amount, its payment status and the customer's email change exactly once.
 * Callers hold the order's row lock.
 */

export type RefundRow = typeof orderRefunds.$inferSelect

/**
 * What follows a refund that went through, in the transaction that records it: the credit note
 * (storno) that corrects the order's invoice (ADR 0118; one per refund, by its id), listing the
 * refund's lines when it names them (ADR 0155), and the customer's email in their language with
 * that credit note attached (its dedupe key makes it one per refund). The one place for a refund's
 * side effects, whoever reported it: the shop's own request, a webhook, the provider's dashboard.
 */
export async function afterRefundSucceeded(tx: DbExecutor, mail: OrderEmailContext, refund: RefundRow) {
	let creditNote: Invoice | undefined
	try {
		creditNote = await issueCreditNote(tx, {
			orderId: refund.orderId,
			refundId: refund.id,
			amountCents: refund.amountCents,
			reason: refund.reason,
			lines: refund.lines,
		})
		await tx.insert(orderHistory).values({ orderId: refund.orderId, action: 'credit_note_issued', details: { number: creditNote.number, refundId: refund.id } })
	} catch (error) {
		if (!(error instanceof CreditNoteRefusedError)) throw error
		// The money has moved at the provider: its record stays. An order with no invoice (paid before
		// invoicing, or by a path that issues none) has nothing to correct; anything else the admin sees.
		if (error.reason !== 'no-invoice') {
			await tx.insert(orderHistory).values({ orderId: refund.orderId, action: 'credit_note_refused', details: { refundId: refund.id, reason: error.reason } })
		}
	}
	// A cancellation's refund is told in the cancellation's email: one message, saying what came back.
	return queueOrderEmail(tx, mail, refund.orderId, {
		kind: refund.cancelsOrder ? 'cancelled' : 'refund',
		dedupeKey: `order-refund:${refund.id}`,
		refundCents: refund.amountCents,
		creditNote,
	})
}

/**
 * The refund a paid order's cancellation asked for went through (ADR 0230): the order is cancelled
 * now, its units back once, unless it already is. The caller holds the order's row lock.
 */
async function cancelForRefund(tx: DbExecutor, refund: RefundRow) {
	const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, refund.orderId))
	if (!order || order.status === 'cancelled') return
	await cancelLockedOrder(tx, {
		orderId: refund.orderId,
		from: order.status,
		actorUserId: refund.createdBy,
		details: { money: 'refunded', amountCents: refund.amountCents, refundId: refund.id },
	})
}

export type RefundReport = { status: RefundStatus; providerRefundId?: string | null; failureMessage?: string | null }

/**
 * Moves one refund row to what the provider reports. 'succeeded' counts it once on the order
 * (the payment becomes 'refunded' when the refunds reach the total) and runs afterRefundSucceeded;
 * the provider's word wins over a 'failed' the shop wrote after a timeout. 'failed' only ends a
 * pending refund. 'pending' records the provider's id and waits. Returns what changed.
 */
export async function settleRefund(tx: DbExecutor, mail: OrderEmailContext, refundId: string, report: RefundReport): Promise<'succeeded' | 'failed' | null> {
	const providerRefundId = report.providerRefundId ?? null
	const idUnlessSet = providerRefundId ? sql`coalesce(${orderRefunds.providerRefundId}, ${providerRefundId})` : orderRefunds.providerRefundId
	if (report.status === 'pending') {
		if (providerRefundId)
			await tx
				.update(orderRefunds)
				.set({ providerRefundId })
				.where(and(eq(orderRefunds.id, refundId), isNull(orderRefunds.providerRefundId)))
		return null
	}
	if (report.status === 'succeeded') {
		const [row] = await tx
			.update(orderRefunds)
			.set({ status: 'succeeded', providerRefundId: idUnlessSet, failureMessage: null })
			.where(and(eq(orderRefunds.id, refundId), ne(orderRefunds.status, 'succeeded')))
			.returning()
		if (!row) return null
		await tx
			.update(orders)
			.set({
				refundedCents: sql`least(${orders.totalCents}, ${orders.refundedCents} + ${row.amountCents})`,
				paymentStatus: sql`case when ${orders.refundedCents} + ${row.amountCents} >= ${orders.totalCents} then 'refunded'::payment_status else ${orders.paymentStatus} end`,
			})
			.where(eq(orders.id, row.orderId))
		await tx.insert(orderHistory).values({
			orderId: row.orderId,
			actorUserId: row.createdBy,
			action: 'refund_succeeded',
			details: { refundId: row.id, amountCents: row.amountCents, providerRefundId: row.providerRefundId },
		})
		if (row.cancelsOrder) await cancelForRefund(tx, row)
		await afterRefundSucceeded(tx, mail, row)
		return 'succeeded'
	}
	const [row] = await tx
		.update(orderRefunds)
		.set({ status: 'failed', providerRefundId: idUnlessSet, failureMessage: report.failureMessage?.slice(0, 1000) ?? null })
		.where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')))
		.returning()
	if (!row) return null
	await tx.insert(orderHistory).values({
		orderId: row.orderId,
		actorUserId: row.createdBy,
		action: 'refund_failed',
		details: { refundId: row.id, amountCents: row.amountCents, message: row.failureMessage },
	})
	return 'failed'
}

/**
 * Records the refunds the provider reports for one order: each is matched to its row by the
 * provider's id, else by the shop's id in its metadata (a refund the shop asked for whose answer
 * was lost), else it is a refund made in the provider's dashboard and gets a row of its own.
 * Returns how many refunds succeeded just now.
 */
export async function recordProviderRefunds(tx: DbExecutor, mail: OrderEmailContext, orderId: string, provider: string, refunds: ProviderRefund[]) {
	let succeeded = 0
	for (const refund of refunds) {
		if (refund.amountCents <= 0) continue
		let [row] = await tx.select().from(orderRefunds).where(eq(orderRefunds.providerRefundId, refund.id))
		if (!row && refund.refundId && isUuid(refund.refundId)) {
			;[row] = await tx
				.select()
				.from(orderRefunds)
				.where(and(eq(orderRefunds.id, refund.refundId.toLowerCase()), eq(orderRefunds.orderId, orderId), isNull(orderRefunds.providerRefundId)))
		}
		if (!row) {
			;[row] = await tx
				.insert(orderRefunds)
				.values({ orderId, amountCents: refund.amountCents, reason: adminT('orders.refundFromProvider'), provider, providerRefundId: refund.id })
				.onConflictDoNothing({ target: orderRefunds.providerRefundId })
				.returning()
			row ??= (await tx.select().from(orderRefunds).where(eq(orderRefunds.providerRefundId, refund.id)))[0]
		}
		if (!row || row.orderId !== orderId) continue
		const outcome = await settleRefund(tx, mail, row.id, { status: refund.status, providerRefundId: refund.id, failureMessage: refund.failureMessage })
		if (outcome === 'succeeded') succeeded++
	}
	return succeeded
}

export type RefundEventResult = { orderId: string | null; duplicate: boolean; succeeded: number }

/**
 * A provider's refund webhook. What the event does not say (the order, the refunds of a charge
 * reported without them) is asked of the provider first, outside the transaction; then the event
 * id is recorded once, under the order's row lock, and its refunds recorded.
 */
export async function handleRefundEvent(deps: PaymentDeps, event: RefundEvent): Promise<RefundEventResult> {
	let orderId = normaliseUuid(event.orderId)
	let refunds = event.refunds
	if ((!orderId || !refunds) && event.paymentRef && deps.payments?.name === event.provider) {
		const known = await deps.payments.refundsOfPayment(event.paymentRef)
		orderId ??= normaliseUuid(known.orderId)
		refunds ??= known.refunds
	}
	const result = await deps.db.transaction(async (tx) => {
		const [order] = orderId ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update') : []
		const recorded = await tx
			.insert(paymentEvents)
			.values({ id: event.id, provider: event.provider, type: event.type, orderId: order?.id ?? null })
			.onConflictDoNothing({ target: paymentEvents.id })
			.returning({ id: paymentEvents.id })
		if (recorded.length === 0) return { orderId: order?.id ?? null, duplicate: true, succeeded: 0 }
		if (!order || !refunds) return { orderId: order?.id ?? null, duplicate: false, succeeded: 0 }
		return { orderId: order.id, duplicate: false, succeeded: await recordProviderRefunds(tx, deps.mail, order.id, event.provider, refunds) }
	})
	if (result.succeeded) deps.nudgeEmail?.()
	return result
}
