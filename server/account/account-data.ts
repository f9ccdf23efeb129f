import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import { isRealOrder } from '../orders/real-order.ts'
import { localizeOrderLines, type OptionRow } from '../orders/order-lines.ts'
import { orderOwner, ownOrderCondition } from '../orders/order-page.ts'
import type { Database, DbExecutor } from '#db/client.ts'
import { newsletterSubscribers, orderItems, orders, productReviews, sessions, uploads, userRoles, users } from '#db/schema/index.ts'
import { uploadFileKeys } from '../uploads/portrait-uploads.ts'
import type { Locale, OrderStatus, PaymentStatus } from '#domain/enums.ts'
import { orderStillToShip } from '#domain/order-retention.ts'
import type { Logger } from '../logger.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { anonymiseOrders, deleteStoredFiles } from './order-erasure.ts'

export type OwnOrder = {
	id: string
	/** The order number: the first 8 characters of the id. */
	number: string
	createdAt: Date
	status: OrderStatus
	paymentStatus: PaymentStatus
	/** Paid with test money (marked TEST on the account page). */
	testMode: boolean
	totalCents: number
	/** What was refunded so far (ADR 0115): a paid order with part of it back shows how much. */
	refundedCents: number
	trackingNumber: string | null
	items: {
		name: string
		quantity: number
		unitPriceCents: number
		options: Record<string, string | number | boolean | null>
		/** A portrait's options in the reader's language. */
		optionRows: OptionRow[]
	}[]
}

/**
 * A customer reads only their own orders, newest first: the orders they placed (paid,
 * refunded, or paid by a method still settling, ADR 0116), not the checkouts they left unpaid.
 */
export async function listOwnOrders(db: DbExecutor, userId: string, locale: Locale = 'ro'): Promise<OwnOrder[]> {
	const owner = await orderOwner(db, userId)
	if (!owner) return []
	const rows = await db
		.select({
			id: orders.id,
			createdAt: orders.createdAt,
			status: orders.status,
			paymentStatus: orders.paymentStatus,
			testMode: orders.testMode,
			totalCents: orders.totalCents,
			refundedCents: orders.refundedCents,
			trackingNumber: orders.trackingNumber,
		})
		.from(orders)
		// Guest orders of the account's address count once the address is verified (ADR 0135).
		.where(and(ownOrderCondition(owner), isRealOrder))
		.orderBy(desc(orders.createdAt), desc(orders.id))
	if (rows.length === 0) return []
	const items = await db
		.select({
			orderId: orderItems.orderId,
			productId: orderItems.productId,
			name: orderItems.name,
			quantity: orderItems.quantity,
			unitPriceCents: orderItems.unitPriceCents,
			options: orderItems.options,
		})
		.from(orderItems)
		.where(
			inArray(
				orderItems.orderId,
				rows.map((row) => row.id),
			),
		)
		.orderBy(orderItems.lineId)
	// Named from the catalogue in the reader's language, not as frozen at checkout (ADR 0134).
	const named = await localizeOrderLines(db, locale, items)
	return rows.map((row) => ({
		...row,
		number: row.id.slice(0, 8),
		items: named
			.filter((item) => item.orderId === row.id)
			.map(({ name, quantity, unitPriceCents, options, optionRows }) => ({ name, quantity, unitPriceCents, options, optionRows })),
	}))
}

/**
 * The orders `where` picks, as a GDPR export shows them: what the customer gave and bought. The
 * staff's internal notes (the order history) are not part of it (ADR 0130).
 */
export async function ordersForExport(db: DbExecutor, where: SQL) {
	const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt))
	const ids = rows.map((order) => order.id)
	const [items, reviews] = ids.length
		? await Promise.all([
				db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
				// The customer's own reviews of what they bought (ADR 0268), whatever the owner made of them.
				db
					.select({
						orderId: productReviews.orderId,
						productId: productReviews.productId,
						rating: productReviews.rating,
						text: productReviews.text,
						locale: productReviews.locale,
						shownAs: productReviews.authorName,
						country: productReviews.country,
						status: productReviews.status,
						createdAt: productReviews.createdAt,
					})
					.from(productReviews)
					.where(inArray(productReviews.orderId, ids)),
			])
		: [[], []]
	return rows.map((order) => ({
		id: order.id,
		number: order.id.slice(0, 8),
		createdAt: order.createdAt,
		email: order.email,
		status: order.status,
		paymentStatus: order.paymentStatus,
		currency: order.currency,
		subtotalCents: order.subtotalCents,
		shippingCents: order.shippingCents,
		totalCents: order.totalCents,
		trackingNumber: order.trackingNumber,
		shippingAddress: order.shippingAddress,
		items: items
			.filter((item) => item.orderId === order.id)
			.map((item) => ({ name: item.name, quantity: item.quantity, unitPriceCents: item.unitPriceCents, options: item.options })),
		reviews: reviews.filter((review) => review.orderId === order.id).map(({ orderId: _orderId, ...review }) => review),
	}))
}

/** GDPR art. 15/20: everything the shop keeps about the account, as one JSON document. */
/**
 * `shopRequest`: the shop answers a request whose identity it checked (the admin's GDPR export),
 * so the newsletter record goes in whether or not the account verified its address.
 */
export async function exportAccountData(db: Database, userId: string, options: { shopRequest?: boolean } = {}) {
	const [user] = await db
		.select({
			id: users.id,
			email: users.email,
			emailVerified: users.emailVerified,
			fullName: users.name,
			createdAt: users.createdAt,
			updatedAt: users.updatedAt,
		})
		.from(users)
		.where(eq(users.id, userId))
	if (!user) return null
	const roles = await db.select({ role: userRoles.role, grantedAt: userRoles.createdAt }).from(userRoles).where(eq(userRoles.userId, userId))
	const activeSessions = await db
		.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
		.from(sessions)
		.where(eq(sessions.userId, userId))
	const ownOrders = await ordersForExport(db, eq(orders.userId, userId))
	// Whether an address gets the newsletter is its owner's to know: an unverified account is not told (ADR 0168).
	const [newsletter] = await db
		.select({
			email: newsletterSubscribers.email,
			locale: newsletterSubscribers.locale,
			consentedAt: newsletterSubscribers.consentedAt,
			consentText: newsletterSubscribers.consentText,
			confirmedAt: newsletterSubscribers.confirmedAt,
			unsubscribedAt: newsletterSubscribers.unsubscribedAt,
		})
		.from(newsletterSubscribers)
		.where(eq(newsletterSubscribers.email, user.email.toLowerCase()))
	const { emailVerified, ...account } = user
	return {
		exportedAt: new Date().toISOString(),
		account,
		roles,
		sessions: activeSessions,
		orders: ownOrders,
		newsletter: emailVerified || options.shopRequest ? (newsletter ?? null) : null,
	}
}

/**
 * GDPR art. 17: deletes the account (sessions, credentials and roles go with it). Its orders are
 * kept for accounting: those still to be shipped keep their shipping details, marked for erasure,
 * until they are delivered or cancelled (eraseClosedOrders); the others lose their personal data
 * now. Photos of anonymised orders, and photos the customer uploaded that no order claimed, are
 * deleted. One transaction; the files go after it commits.
 */
export async function deleteAccount(deps: { db: Database; storage: ObjectStorage; log?: Logger }, userId: string): Promise<{ keptForShipping: number }> {
	const files: string[] = []
	const keptForShipping = await deps.db.transaction(async (tx) => {
		const [user] = await tx.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId)).for('update')
		if (!user) return 0
		const own = await tx.select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.userId, userId))
		const toShip = own.filter(orderStillToShip).map((order) => order.id)
		if (toShip.length) await tx.update(orders).set({ userId: null, erasurePendingAt: new Date() }).where(inArray(orders.id, toShip))
		files.push(
			...(await anonymiseOrders(
				tx,
				own.filter((order) => !orderStillToShip(order)).map((order) => order.id),
			)),
		)
		const unclaimed = await tx
			.delete(uploads)
			.where(and(eq(uploads.userId, userId), isNull(uploads.claimedAt)))
			.returning({ storageKey: uploads.storageKey, originalKey: uploads.originalKey })
		files.push(...uploadFileKeys(unclaimed))
		// The subscription belongs to whoever owns the address: only an account that proved it (a
		// verified email) takes it along; anyone can sign up with someone else's address (ADR 0168).
		if (user.emailVerified) await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email.toLowerCase()))
		await tx.delete(users).where(eq(users.id, userId))
		return toShip.length
	})
	await deleteStoredFiles(deps, files)
	return { keptForShipping }
}
