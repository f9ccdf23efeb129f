import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database, DbExecutor } from '#db/client.ts'
import { orderHistory, orders, paymentEvents, products, stockHolds } from '#db/schema/index.ts'
import type { PaymentEvent, PaymentProvider } from '../payments/provider.ts'
import { queueOrderEmail, type OrderEmailContext } from './emails.ts'

export type PaymentOutcome = 'paid' | 'failed' | 'expired'

export type PaymentDeps = {
	db: Database
	mail: OrderEmailContext
	/** Called after a commit that queued an email, to deliver it soon. */
	nudgeEmail?: () => void
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What an event means for the order; null when it means nothing yet (an unpaid async completion). */
export function outcomeOf(event: Pick<PaymentEvent, 'type' | 'session'>): PaymentOutcome | null {
	switch (event.type) {
		case 'checkout.session.completed':
			return event.session.paymentStatus === 'paid' || event.session.paymentStatus === 'no_payment_required' ? 'paid' : null
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
	const result = await deps.db.transaction(async (tx) => {
		let orderId = event.session.orderId && UUID.test(event.session.orderId) ? event.session.orderId.toLowerCase() : null
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
		const outcome = outcomeOf(event)
		if (!orderId || !outcome) return { orderId, duplicate: false, transitioned: false }
		const transitioned =
			outcome === 'paid'
				? await markPaid(tx, orderId, { eventId: event.id, sessionId: event.session.id }, deps.mail)
				: await releaseUnpaid(tx, orderId, outcome, { eventId: event.id, sessionId: event.session.id })
		queued = transitioned && outcome === 'paid'
		return { orderId, duplicate: false, transitioned }
	})
	if (queued) deps.nudgeEmail?.()
	return result
}

/**
 * Pending (or failed, when a late payment arrives after expiry) → paid. The hold becomes a sale;
 * units released in the meantime are taken again when they are still there.
 */
async function markPaid(tx: DbExecutor, orderId: string, details: Record<string, unknown>, mail: OrderEmailContext): Promise<boolean> {
	const updated = await tx
		.update(orders)
		.set({
			paymentStatus: 'paid',
			paidAt: new Date(),
			status: sql`case when ${orders.status} = 'cancelled' then 'new'::order_status else ${orders.status} end`,
		})
		.where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, ['pending', 'failed'])))
		.returning({ id: orders.id })
	if (updated.length === 0) return false

	await tx.update(stockHolds).set({ status: 'sold' }).where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'held')))
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
	await tx.insert(orderHistory).values({ orderId, action: 'payment_paid', details: short.length ? { ...details, stockShort: short } : details })
	await queueOrderEmail(tx, mail, orderId, { kind: 'confirmation' })
	return true
}

/** Pending → failed (declined, expired): the held units go back on sale. */
async function releaseUnpaid(tx: DbExecutor, orderId: string, outcome: 'failed' | 'expired', details: Record<string, unknown>): Promise<boolean> {
	const updated = await tx
		.update(orders)
		.set({ paymentStatus: 'failed', status: 'cancelled' })
		.where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
		.returning({ id: orders.id })
	if (updated.length === 0) return false
	await releaseHolds(tx, orderId)
	await tx.insert(orderHistory).values({ orderId, action: outcome === 'expired' ? 'payment_expired' : 'payment_failed', details })
	return true
}

/** Gives every still-held unit of the order back to its product. */
export async function releaseHolds(tx: DbExecutor, orderId: string) {
	const holds = await tx
		.update(stockHolds)
		.set({ status: 'released' })
		.where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'held')))
		.returning({ productId: stockHolds.productId, quantity: stockHolds.quantity })
	for (const hold of holds.sort((a, b) => a.productId.localeCompare(b.productId))) {
		await tx
			.update(products)
			.set({ stock: sql`coalesce(${products.stock}, 0) + ${hold.quantity}` })
			.where(eq(products.id, hold.productId))
	}
	return holds
}

export type VerificationResult = { state: 'paid' | 'pending' | 'failed'; orderId: string | null }

/**
 * /payment-success: asks the provider about the session and, when it is paid, records it through
 * the same path as a webhook (a webhook arriving too changes nothing more).
 */
export async function verifyPaymentSession(deps: PaymentDeps, provider: PaymentProvider, sessionId: string): Promise<VerificationResult> {
	const session = await provider.retrieveSession(sessionId)
	if (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required') {
		const result = await handlePaymentEvent(deps, { id: `verify:${session.id}`, provider: provider.name, type: 'checkout.session.completed', session })
		return { state: 'paid', orderId: result.orderId }
	}
	return { state: session.status === 'expired' ? 'failed' : 'pending', orderId: session.orderId }
}
