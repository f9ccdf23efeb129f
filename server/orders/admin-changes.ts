import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { orderHistory, orders } from '#db/schema/index.ts'
import type { OrderStatus } from '#domain/enums.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { orderNoteSchema, orderStatusSchema, orderUpdateSchema, trackingNumberSchema, type OrderEditValues } from '#domain/forms/order-update.ts'
import type { EditStamp } from '#domain/forms/edit-version.ts'
import { checkEdit } from '../admin/edit-conflict.ts'
import { queueOrderEmail, type OrderEmailContext } from './emails.ts'
import { retakeOrderStock, returnOrderStock } from './order-stock.ts'

export type OrderChangeDeps = {
	db: Database
	mail: OrderEmailContext
	/** Called after a commit that queued an email, to deliver it soon. */
	nudgeEmail?: () => void
}

export class OrderNotFoundError extends Error {
	override name = 'OrderNotFoundError'
}

export class OrderChangeInvalidError extends Error {
	override name = 'OrderChangeInvalidError'
}

/** An order as the admin dialog's forms show it. */
const orderEditValues = (order: { status: OrderStatus; trackingNumber: string | null }) => ({
	status: order.status,
	trackingNumber: order.trackingNumber ?? '',
})

/**
 * The dialog's check (ADR 0225): a form that loaded an older version of the order is refused when
 * its own field changed meanwhile; true when the admin changed that field at all.
 */
function touchedOrderField(
	field: 'status' | 'trackingNumber',
	typed: OrderEditValues & EditStamp<OrderEditValues>,
	order: { version: number; status: OrderStatus; trackingNumber: string | null },
) {
	const current = { version: order.version, values: orderEditValues(order) }
	return checkEdit({ schema: orderUpdateSchema, fields: [field], typed, current }).length > 0
}

/**
 * Admin sets an order's status (any of the five, at any time; a paid order is cancelled by
 * cancelOrder, which asks what happens to the money). The change, a history
 * row and the customer's status email commit together; the email is delivered afterwards by the
 * outbox, so a mail failure is retried and never undoes the change. Saving the status the order
 * already has changes nothing: no history, no email (ADR 0116).
 *
 * Cancelling gives the order's units back to stock and re-opening takes them again (ADR 0115),
 * under the order's row lock, so concurrent saves restock once; re-opening when a product is
 * short throws OrderStockShortError and changes nothing.
 */
export async function changeOrderStatus(
	deps: OrderChangeDeps,
	input: { orderId: string; status: string; actorUserId?: string | null } & EditStamp<OrderEditValues>,
) {
	const parsed = orderStatusSchema.safeParse(input.status)
	if (!parsed.success) throw new OrderChangeInvalidError(parsed.error.issues[0]!.message)
	const status: OrderStatus = parsed.data
	const result = await deps.db.transaction(async (tx) => {
		const [before] = await tx
			.select({
				status: orders.status,
				paymentStatus: orders.paymentStatus,
				totalCents: orders.totalCents,
				refundedCents: orders.refundedCents,
				trackingNumber: orders.trackingNumber,
				version: orders.version,
			})
			.from(orders)
			.where(eq(orders.id, input.orderId))
			.for('update')
		if (!before) throw new OrderNotFoundError('order not found')
		const touched = touchedOrderField('status', { status, version: input.version, loaded: input.loaded }, before)
		if (!touched || before.status === status) return { from: before.status, to: status, changed: false, emailQueued: false, awaitingTracking: false }
		// A paid order's cancellation says what happens to the money (cancelOrder), never by the status alone.
		if (status === 'cancelled' && before.paymentStatus === 'paid' && before.totalCents > before.refundedCents)
			throw new OrderChangeInvalidError(adminT('messages.cancelNeedsMoneyChoice'))
		const stock =
			status === 'cancelled'
				? { returned: await returnOrderStock(tx, input.orderId) }
				: before.status === 'cancelled'
					? { retaken: await retakeOrderStock(tx, input.orderId, before.paymentStatus) }
					: {}
		await tx.update(orders).set({ status }).where(eq(orders.id, input.orderId))
		const units = (holds: { quantity: number }[] | undefined) => holds?.reduce((sum, hold) => sum + hold.quantity, 0) ?? 0
		const [history] = await tx
			.insert(orderHistory)
			.values({
				orderId: input.orderId,
				actorUserId: input.actorUserId ?? null,
				action: 'status_changed',
				details: {
					from: before.status,
					to: status,
					...(stock.returned?.length ? { unitsReturned: units(stock.returned) } : {}),
					...(stock.retaken?.length ? { unitsTaken: units(stock.retaken) } : {}),
				},
			})
			.returning({ id: orderHistory.id })
		// One shipped email, and it carries the AWB: without one yet, it waits for setTrackingNumber (ADR 0231).
		const awaitingTracking = status === 'shipped' && before.trackingNumber === null
		const queued = awaitingTracking
			? false
			: await queueOrderEmail(tx, deps.mail, input.orderId, {
					kind: status === 'shipped' ? 'tracking' : 'status',
					dedupeKey: `order-status:${history!.id}`,
				})
		return { from: before.status, to: status, changed: true, emailQueued: queued, awaitingTracking }
	})
	if (result.emailQueued) deps.nudgeEmail?.()
	return result
}

/**
 * Admin saves the tracking number (AWB). The customer gets the shipped email, with the AWB, only
 * when the order is already shipped, a tracking number is present and it changed: the first AWB of
 * an order marked shipped without one sends its one shipped email, a corrected AWB the correction.
 */
export async function setTrackingNumber(
	deps: OrderChangeDeps,
	input: { orderId: string; trackingNumber: string; actorUserId?: string | null } & EditStamp<OrderEditValues>,
) {
	const parsed = trackingNumberSchema.safeParse(input.trackingNumber)
	if (!parsed.success) throw new OrderChangeInvalidError(parsed.error.issues[0]!.message)
	const trackingNumber = parsed.data === '' ? null : parsed.data
	const result = await deps.db.transaction(async (tx) => {
		const [before] = await tx
			.select({ status: orders.status, trackingNumber: orders.trackingNumber, version: orders.version })
			.from(orders)
			.where(eq(orders.id, input.orderId))
			.for('update')
		if (!before) throw new OrderNotFoundError('order not found')
		const touched = touchedOrderField('trackingNumber', { trackingNumber: parsed.data, version: input.version, loaded: input.loaded }, before)
		if (!touched || before.trackingNumber === trackingNumber) return { changed: false, emailQueued: false }
		await tx.update(orders).set({ trackingNumber }).where(eq(orders.id, input.orderId))
		const [history] = await tx
			.insert(orderHistory)
			.values({
				orderId: input.orderId,
				actorUserId: input.actorUserId ?? null,
				action: 'tracking_changed',
				details: { from: before.trackingNumber, to: trackingNumber },
			})
			.returning({ id: orderHistory.id })
		const notify = before.status === 'shipped' && trackingNumber !== null
		const queued = notify ? await queueOrderEmail(tx, deps.mail, input.orderId, { kind: 'tracking', dedupeKey: `order-tracking:${history!.id}` }) : false
		return { changed: true, emailQueued: queued }
	})
	if (result.emailQueued) deps.nudgeEmail?.()
	return result
}

/**
 * An internal note on an order (ADR 0130): a history row (action 'note', details.text) with its
 * author and time. Staff only: no email, and nothing the customer reads (their account, emails and
 * data export) shows the history. The text is checked by the form's schema; an empty one is refused.
 */
export async function addOrderNote(db: Database, input: { orderId: string; text: string; actorUserId?: string | null }) {
	const parsed = orderNoteSchema.safeParse(input.text)
	if (!parsed.success) throw new OrderChangeInvalidError(parsed.error.issues[0]!.message)
	const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId)).limit(1)
	if (!order) throw new OrderNotFoundError('order not found')
	const [entry] = await db
		.insert(orderHistory)
		.values({ orderId: input.orderId, actorUserId: input.actorUserId ?? null, action: 'note', details: { text: parsed.data } })
		.returning({ id: orderHistory.id, createdAt: orderHistory.createdAt })
	return entry!
}
