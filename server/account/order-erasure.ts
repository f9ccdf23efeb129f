import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import type { Database, DbExecutor } from '#db/client.ts'
import { orderHistory, orderItems, orders, productReviews, uploads } from '#db/schema/index.ts'
import { uploadFileKeys } from '../uploads/portrait-uploads.ts'
import { CLOSED_ORDER_STATUSES, SETTLED_UNPAID_STATUSES } from '#domain/order-retention.ts'
import { createPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import type { ObjectStorage } from '../storage/storage.ts'

/** An erased order's email. The customers list's triggers (ADR 0263, migration 0027) name it too: it is nobody's. */
export const DELETED_EMAIL = 'deleted@invalid'

/** What stays of the delivery address on a deleted customer's orders: the country, for VAT records. */
function anonymisedAddress(country: string) {
	return { fullName: '', phone: '', address: '', city: '', postalCode: '', country, notes: '' }
}

/**
 * Removes the personal data from orders that are kept for accounting: email, address, the CNP, the free
 * text on their lines (portrait descriptions may name people), the staff's internal notes (they
 * may too, ADR 0130) and the link to their portrait photos. Their reviews are deleted: a review's words
 * and first name are the customer's, and nothing about them is kept for accounting (ADR 0268). A photo no other order still points to is deleted; the returned storage keys are for the
 * caller to remove from storage once the transaction has committed.
 */
export async function anonymiseOrders(tx: DbExecutor, orderIds: string[]): Promise<string[]> {
	if (orderIds.length === 0) return []
	const own = await tx.select({ id: orders.id, address: orders.shippingAddress }).from(orders).where(inArray(orders.id, orderIds))
	for (const order of own) {
		await tx
			.update(orders)
			.set({ email: DELETED_EMAIL, shippingAddress: anonymisedAddress(order.address.country), buyerLegalId: null, userId: null, erasurePendingAt: null })
			.where(eq(orders.id, order.id))
	}
	await tx.delete(orderHistory).where(and(inArray(orderHistory.orderId, orderIds), eq(orderHistory.action, 'note')))
	await tx.delete(productReviews).where(inArray(productReviews.orderId, orderIds))
	const lines = await tx
		.select({ id: orderItems.id, options: orderItems.options, uploadId: orderItems.uploadId })
		.from(orderItems)
		.where(inArray(orderItems.orderId, orderIds))
	for (const line of lines) {
		const hasText = typeof line.options.description === 'string' && line.options.description !== ''
		if (!hasText && line.uploadId === null) continue
		await tx
			.update(orderItems)
			.set({ options: hasText ? { ...line.options, description: '' } : line.options, uploadId: null })
			.where(eq(orderItems.id, line.id))
	}
	const photos = [...new Set(lines.flatMap((line) => (line.uploadId ? [line.uploadId] : [])))]
	if (photos.length === 0) return []
	// The lines above no longer point to them; a photo another order still uses stays.
	const stillUsed = sql`exists (select 1 from ${orderItems} where ${orderItems.uploadId} = ${uploads.id})`
	const removed = await tx
		.delete(uploads)
		.where(and(inArray(uploads.id, photos), sql`not ${stillUsed}`))
		.returning({ storageKey: uploads.storageKey, originalKey: uploads.originalKey })
	return uploadFileKeys(removed)
}

/** Deletes stored files after their rows are gone; a failure leaves an unreachable file, logged. */
export async function deleteStoredFiles(deps: { storage: ObjectStorage; log?: Logger }, keys: string[]) {
	for (const key of keys) {
		try {
			await deps.storage.delete(key)
		} catch (error) {
			deps.log?.warn({ err: error, key }, 'could not delete a deleted customer’s photo file')
		}
	}
}

/** Orders kept for shipping after their customer deleted the account, that no longer need it. */
const closedAfterErasure = and(
	isNotNull(orders.erasurePendingAt),
	or(inArray(orders.status, [...CLOSED_ORDER_STATUSES]), inArray(orders.paymentStatus, [...SETTLED_UNPAID_STATUSES])),
)

/**
 * Anonymises the orders whose customer deleted the account once they are delivered or cancelled
 * (or their payment failed or was refunded), with their portrait photos. Run by the periodic job
 * and right after an admin closes an order (`orderId`); several instances may run it at once.
 */
export async function eraseClosedOrders(
	deps: { db: Database; storage: ObjectStorage; log?: Logger },
	options: { orderId?: string; batchSize?: number } = {},
): Promise<number> {
	const batchSize = options.batchSize ?? 100
	let erased = 0
	for (;;) {
		const keys: string[] = []
		const count = await deps.db.transaction(async (tx) => {
			const due = await tx
				.select({ id: orders.id })
				.from(orders)
				.where(options.orderId ? and(closedAfterErasure, eq(orders.id, options.orderId)) : closedAfterErasure)
				.limit(batchSize)
				.for('update', { skipLocked: true })
			keys.push(
				...(await anonymiseOrders(
					tx,
					due.map((row) => row.id),
				)),
			)
			return due.length
		})
		await deleteStoredFiles(deps, keys)
		erased += count
		if (count < batchSize) return erased
	}
}

export type OrderErasure = Pick<PeriodicJob<number>, 'runOnce' | 'stop'>

/** Runs eraseClosedOrders now and then (hourly by default) in the background. */
export function startOrderErasure(deps: { db: Database; storage: ObjectStorage; log: Logger }, options: { intervalMs?: number } = {}): OrderErasure {
	const job = createPeriodicJob({
		name: 'order erasure',
		round: async () => {
			const count = await eraseClosedOrders(deps)
			if (count > 0) deps.log.info({ count }, 'anonymised closed orders of deleted accounts')
			return count
		},
		onFailure: 0,
		intervalMs: options.intervalMs ?? 60 * 60 * 1000,
		log: deps.log,
	})
	job.start(30_000)
	return job
}
