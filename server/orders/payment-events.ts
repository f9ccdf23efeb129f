import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderHistory, orders, paymentEvents, products, stockHolds } from '#db/schema/index.ts'
import { confirmDiscountUse, releaseDiscountUse } from '../discounts/redemptions.ts'
import { normaliseUuid } from '#domain/ids.ts'
import { isTestPayment, type PaymentEvent, type SessionState } from '../payments/provider.ts'
import { issueInvoice } from '../invoices/issue.ts'
import { queueOrderEmail, type OrderEmailContext } from './emails.ts'
import { restock } from './order-stock.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { queueOwnerOrderEmail } from './owner-email.ts'
import { refundUnfulfillable } from './refunds.ts'

export type PaymentOutcome = 'paid' | 'processing' | 'failed' | 'expired'

/** True when the provider says the money is there. */
export function isPaid(session: Pick<SessionState, 'paymentStatus'>) {
	return session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required'
}

/**
 * What an event means for the order. A completed session that is not paid yet is a delayed
 * payment method settling (SEPA debit, bank transfer): 'processing', which keeps the hold.
 */
export function outcomeOf(event: Pick<PaymentEvent, 'type' | 'session'>): PaymentOutcome {
	switch (event.type) {
		case 'checkout.session.completed':
			return isPaid(event.session) ? 'paid' : 'processing'
		case 'checkout.session.async_payment_succeeded':
			return 'paid'
		case 'checkout.session.async_payment_failed':
			return 'failed'
		case 'checkout.session.expired':
			return 'expired'
	}
}

export type EventResult = { orderId: string | null; duplicate: boolean; transitioned: boolean }

/**
 * The one path every payment report takes: Stripe webhooks, the test card page, the
 * payment-success check and reconciliation. Each event id is recorded once (a repeat is a no-op),
 * and the order changes only through status-guarded updates, so duplicates, any delivery order and
 * concurrent deliveries give one paid transition, one stock sale and one email.
 */
export async function handlePaymentEvent(deps: PaymentDeps, event: PaymentEvent): Promise<EventResult> {
	let queued = false
	let refundDue = false
	const result = await deps.db.transaction(async (tx) => {
		let orderId = normaliseUuid(event.session.orderId)
		if (!orderId) {
			const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentSessionId, event.session.id))
			orderId = row?.id ?? null
		}
		if (orderId) {
			const [exists] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))
			if (!exists) orderId = null
		}
		const recorded = await tx
			.insert(paymentEvents)
			.values({ id: event.id, provider: event.provider, type: event.type, orderId })
			.onConflictDoNothing({ target: paymentEvents.id })
			.returning({ id: paymentEvents.id })
		if (recorded.length === 0) return { orderId, duplicate: true, transitioned: false }
		if (!orderId) return { orderId, duplicate: false, transitioned: false }
		const outcome = outcomeOf(event)
		const details = { eventId: event.id, sessionId: event.session.id }
		let transitioned: boolean
		if (outcome === 'paid') {
			const paid = await markPaid(tx, orderId, details, deps.mail, isTestPayment(event))
			transitioned = paid !== 'unchanged'
			queued = paid !== 'unchanged'
			refundDue = paid === 'unfulfillable'
		} else if (outcome === 'processing') {
			transitioned = await markProcessing(tx, orderId, details)
		} else {
			transitioned = await releaseUnpaid(tx, orderId, outcome, details)
		}
		return { orderId, duplicate: false, transitioned }
	})
	if (queued) deps.nudgeEmail?.()
	if (refundDue && result.orderId) await refundUnfulfillable(deps, result.orderId)
	return result
}

/**
 * The customer finished checkout with a delayed method: the order keeps its hold and waits for
 * the provider's verdict. Recorded once; nothing else changes.
 */
async function markProcessing(tx: DbExecutor, orderId: string, details: Record<string, unknown>): Promise<boolean> {
	const updated = await tx
		.update(orders)
		.set({ paymentProcessingAt: new Date() })
		.where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending'), isNull(orders.paymentProcessingAt)))
		.returning({ id: orders.id })
	if (updated.length === 0) return false
	await tx.insert(orderHistory).values({ orderId, action: 'payment_processing', details })
	return true
}

/**
 * Pending (or failed, when a late payment arrives after expiry) → paid. The hold becomes a sale.
 * Units released in the meantime are taken again when every one of them is still there; when one
 * is not, nothing is sold: the order is cancelled with its refund due, so a unit is never paid for
 * twice.
 */
async function markPaid(
	tx: DbExecutor,
	orderId: string,
	details: Record<string, unknown>,
	mail: OrderEmailContext,
	testMoney: boolean,
): Promise<'sold' | 'unfulfillable' | 'unchanged'> {
	const updated = await tx
		.update(orders)
		.set({
			paymentStatus: 'paid',
			paidAt: new Date(),
			// Only ever turned on: a live-looking event cannot make an order opened with a test key real.
			...(testMoney ? { testMode: true } : {}),
			status: sql`case when ${orders.status} = 'cancelled' then 'new'::order_status else ${orders.status} end`,
		})
		.where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, ['pending', 'failed'])))
		.returning({ id: orders.id })
	if (updated.length === 0) return 'unchanged'

	await tx
		.update(stockHolds)
		.set({ status: 'sold' })
		.where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'held')))
	const released = await tx
		.select()
		.from(stockHolds)
		.where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'released')))
		.orderBy(stockHolds.productId)
	const short: string[] = []
	for (const hold of released) {
		const taken = await tx
			.update(products)
			.set({ stock: sql`${products.stock} - ${hold.quantity}` })
			.where(and(eq(products.id, hold.productId), sql`${products.stock} >= ${hold.quantity}`))
			.returning({ id: products.id })
		if (taken.length) await tx.update(stockHolds).set({ status: 'sold' }).where(eq(stockHolds.id, hold.id))
		else short.push(hold.productId)
	}
	if (short.length) {
		await unsell(tx, orderId)
		await tx.update(orders).set({ status: 'cancelled', refundDueAt: new Date() }).where(eq(orders.id, orderId))
		await tx.insert(orderHistory).values({ orderId, action: 'payment_unfulfillable', details: { ...details, stockShort: short } })
		await queueOwnerOrderEmail(tx, mail, orderId, 'unfulfillable')
		return 'unfulfillable'
	}
	await confirmDiscountUse(tx, orderId)
	await tx.insert(orderHistory).values({ orderId, action: 'payment_paid', details })
	// The sale is invoiced in the transaction that makes it (ADR 0118): its number is taken, or given back, with it.
	const invoice = await issueInvoice(tx, mail.invoicing, orderId)
	await tx.insert(orderHistory).values({ orderId, action: 'invoice_issued', details: { number: invoice.number } })
	await queueOrderEmail(tx, mail, orderId, { kind: 'confirmation' })
	await queueOwnerOrderEmail(tx, mail, orderId)
	return 'sold'
}

/** Gives the units this order took back to their products (an order that cannot be fulfilled whole). */
async function unsell(tx: DbExecutor, orderId: string) {
	const holds = await tx
		.update(stockHolds)
		.set({ status: 'released' })
		.where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'sold')))
		.returning({ productId: stockHolds.productId, quantity: stockHolds.quantity })
	await restock(tx, holds)
}

/**
 * Pending → failed (declined, expired): the held units go back on sale. A delayed payment still
 * settling never expires: only the provider's failure releases it.
 */
async function releaseUnpaid(tx: DbExecutor, orderId: string, outcome: 'failed' | 'expired', details: Record<string, unknown>): Promise<boolean> {
	const updated = await tx
		.update(orders)
		.set({ paymentStatus: 'failed', status: 'cancelled' })
		.where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending'), outcome === 'expired' ? isNull(orders.paymentProcessingAt) : undefined))
		.returning({ id: orders.id })
	if (updated.length === 0) return false
	await releaseHolds(tx, orderId)
	await tx.insert(orderHistory).values({ orderId, action: outcome === 'expired' ? 'payment_expired' : 'payment_failed', details })
	return true
}

/** Gives every still-held unit of the order back to its product. */
export async function releaseHolds(tx: DbExecutor, orderId: string) {
	// An unpaid order that ends gives back the discount code's use it held too (ADR 0255).
	await releaseDiscountUse(tx, orderId)
	const holds = await tx
		.update(stockHolds)
		.set({ status: 'released' })
		.where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'held')))
		.returning({ productId: stockHolds.productId, quantity: stockHolds.quantity })
	await restock(tx, holds)
	return holds
}
