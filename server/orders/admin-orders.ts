import { escapeLike } from '#domain/search.ts'
import { adminSearchNarrowing, adminTextMatch } from '../search/admin-text-match.ts'
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { ORDER_ADMIN_SEARCH_SQL, orderHistory, orderItems, orderRefunds, orders, uploads, users } from '#db/schema/index.ts'
import type { OrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { ADMIN_TIME_ZONE, displayOrderNumber } from '#domain/admin/format.ts'
import { paymentNoteOf } from '#domain/payment-note.ts'
import type { ObjectStorage, StoredObject } from '../storage/storage.ts'
import { OrderNotFoundError } from './admin-changes.ts'
import { isRealOrder } from './real-order.ts'
import { uncheckedVatNumber } from '../tax/unchecked-vat-numbers.ts'
import { countListRows, listPages, oneColumn } from '../admin/list-count.ts'

export const ADMIN_ORDERS_PAGE_SIZE = 20

/** The digits of a phone number as typed ("0712 345 678", "+40-712…"), for a search that ignores spaces and dashes. */
const phoneDigits = sql`regexp_replace(${orders.shippingAddress}->>'phone', '[^0-9]', '', 'g')`

/**
 * The search box: an order number (the start of the id, '#' allowed), or part of the email, the
 * name, phone or city on the delivery address, or the AWB — any case. A search that looks like a
 * phone number also matches the phone's digits, so "0712345678" finds "0712 345 678".
 */
function searchCondition(text: string): SQL | undefined {
	const q = text.trim().replace(/^#/, '')
	if (!q) return undefined
	const matches: SQL[] = [
		adminTextMatch(orders.email, q)!,
		adminTextMatch(sql`${orders.shippingAddress}->>'fullName'`, q)!,
		ilike(sql`${orders.shippingAddress}->>'phone'`, `%${escapeLike(q)}%`),
		adminTextMatch(sql`${orders.shippingAddress}->>'city'`, q)!,
		ilike(orders.trackingNumber, `%${escapeLike(q)}%`),
	]
	if (/^[0-9a-f-]{1,36}$/i.test(q)) matches.push(sql`${orders.id}::text like ${`${q.toLowerCase()}%`}`)
	const digits = q.replace(/[^0-9]/g, '')
	const phoneLike = /^[0-9+\s().-]+$/.test(q) && digits.length >= 4
	if (phoneLike) matches.push(sql`${phoneDigits} like ${`%${digits}%`}`)
	// The index finds the few orders that hold the query somewhere; the exact match decides on those.
	return and(adminSearchNarrowing(sql.raw(ORDER_ADMIN_SEARCH_SQL), q, phoneLike ? [digits] : []), or(...matches))
}

/**
 * The filters as SQL: the view (orders to fulfil, unpaid checkouts, both, or archived), status,
 * payment, the days placed (inclusive, in the shop's time zone, Europe/Bucharest: ADR 0130), one customer's email, and the search.
 */
export function orderListConditions(filters: Omit<OrderListFilters, 'page'>): SQL | undefined {
	const conditions: SQL[] = [filters.view === 'archived' ? isNotNull(orders.archivedAt) : isNull(orders.archivedAt)]
	if (filters.view === 'active') conditions.push(isRealOrder)
	if (filters.view === 'checkouts') conditions.push(sql`not ${isRealOrder}`)
	if (filters.status) conditions.push(eq(orders.status, filters.status))
	if (filters.payment) conditions.push(eq(orders.paymentStatus, filters.payment))
	if (filters.from) conditions.push(sql`${orders.createdAt} >= (${filters.from}::date::timestamp at time zone ${ADMIN_TIME_ZONE})`)
	if (filters.to) conditions.push(sql`${orders.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone ${ADMIN_TIME_ZONE})`)
	if (filters.email) conditions.push(sql`lower(${orders.email}) = ${filters.email.toLowerCase()}`)
	const search = searchCondition(filters.q)
	if (search) conditions.push(search)
	return and(...conditions)
}

/** The admin list: every order newest first, filtered, one page at a time. */
export async function listOrdersForAdmin(db: DbExecutor, filters: OrderListFilters) {
	const where = orderListConditions(filters)
	const counted = await countListRows(db, db.select(oneColumn).from(orders).where(where).$dynamic(), { page: filters.page, pageSize: ADMIN_ORDERS_PAGE_SIZE })
	const { pages, page } = listPages(counted, filters.page, ADMIN_ORDERS_PAGE_SIZE)
	const rows = await db
		.select({
			id: orders.id,
			createdAt: orders.createdAt,
			email: orders.email,
			totalCents: orders.totalCents,
			status: orders.status,
			paymentStatus: orders.paymentStatus,
			paymentProcessingAt: orders.paymentProcessingAt,
			refundDueAt: orders.refundDueAt,
			testMode: orders.testMode,
			refundedCents: orders.refundedCents,
			trackingNumber: orders.trackingNumber,
			archivedAt: orders.archivedAt,
		})
		.from(orders)
		.where(where)
		.orderBy(desc(orders.createdAt), desc(orders.id))
		.limit(ADMIN_ORDERS_PAGE_SIZE)
		.offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE)
	return {
		orders: rows.map(({ paymentProcessingAt, refundDueAt, ...row }) => ({
			...row,
			paymentNote: paymentNoteOf({ paymentStatus: row.paymentStatus, paymentProcessingAt, refundDueAt }),
			number: displayOrderNumber(row.id),
		})),
		total: counted.total,
		more: counted.more,
		page,
		pages,
	}
}

const PHOTO_EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' }

/**
 * The file name a portrait photo downloads as: named after the order, e.g.
 * `comanda-1a2b3c4d.webp`, with `-2`, `-3`… when the order holds several portraits.
 */
export function portraitFileName(orderId: string, mimeType: string, position: number, ofCount: number) {
	const suffix = ofCount > 1 ? `-${position}` : ''
	return `comanda-${displayOrderNumber(orderId)}${suffix}.${PHOTO_EXTENSIONS[mimeType] ?? 'bin'}`
}

/** The portrait lines of an order that still have their photo, in a stable order (cart line ids hold the time added). */
async function photoItems(db: DbExecutor, orderId: string) {
	return db
		.select({
			itemId: orderItems.id,
			uploadId: uploads.id,
			storageKey: uploads.storageKey,
			mimeType: uploads.mimeType,
			originalKey: uploads.originalKey,
			originalMimeType: uploads.originalMimeType,
		})
		.from(orderItems)
		.innerJoin(uploads, eq(uploads.id, orderItems.uploadId))
		.where(eq(orderItems.orderId, orderId))
		.orderBy(asc(orderItems.lineId), asc(orderItems.id))
}

/** The admin's link to a portrait photo: the customer's original (a download), or with `preview` the WebP shown on the page. */
export function portraitPhotoUrl(orderId: string, itemId: string, variant: 'original' | 'preview' = 'original') {
	return `/admin/orders/${orderId}/photo/${itemId}${variant === 'preview' ? '?preview' : ''}`
}

/** The file the owner downloads: the original kept for production, or the preview for photos from before originals were kept. */
function downloadedFile(photo: { storageKey: string; mimeType: string; originalKey: string | null; originalMimeType: string | null }) {
	return photo.originalKey
		? { key: photo.originalKey, mimeType: photo.originalMimeType ?? photo.mimeType }
		: { key: photo.storageKey, mimeType: photo.mimeType }
}

/**
 * One order with its items (portrait options and photo download) and history (who, what, when), as
 * data: dates are Dates and the country is as stored; the admin view formats them (ro-RO).
 */
export async function getOrderForAdmin(db: DbExecutor, orderId: string) {
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
	if (!order) return null
	const [items, photos, history, refunds] = await Promise.all([
		db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.lineId), asc(orderItems.id)),
		photoItems(db, orderId),
		db
			.select({
				id: orderHistory.id,
				action: orderHistory.action,
				details: orderHistory.details,
				createdAt: orderHistory.createdAt,
				actorUserId: orderHistory.actorUserId,
				actorEmail: users.email,
			})
			.from(orderHistory)
			.leftJoin(users, eq(users.id, orderHistory.actorUserId))
			.where(eq(orderHistory.orderId, orderId))
			.orderBy(desc(orderHistory.createdAt), desc(orderHistory.id)),
		db
			.select({
				id: orderRefunds.id,
				amountCents: orderRefunds.amountCents,
				reason: orderRefunds.reason,
				lines: orderRefunds.lines,
				status: orderRefunds.status,
				failureMessage: orderRefunds.failureMessage,
				createdAt: orderRefunds.createdAt,
				createdBy: orderRefunds.createdBy,
				actorEmail: users.email,
			})
			.from(orderRefunds)
			.leftJoin(users, eq(users.id, orderRefunds.createdBy))
			.where(eq(orderRefunds.orderId, orderId))
			.orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id)),
	])
	const refundedUnits = new Map<string, number>()
	for (const refund of refunds) {
		if (refund.status === 'failed') continue
		for (const line of refund.lines ?? []) refundedUnits.set(line.itemId, (refundedUnits.get(line.itemId) ?? 0) + line.quantity)
	}
	const photoByItem = new Map(
		photos.map((photo, index) => [
			photo.itemId,
			{
				url: portraitPhotoUrl(orderId, photo.itemId),
				previewUrl: portraitPhotoUrl(orderId, photo.itemId, 'preview'),
				fileName: portraitFileName(orderId, downloadedFile(photo).mimeType, index + 1, photos.length),
			},
		]),
	)
	return {
		id: order.id,
		number: displayOrderNumber(order.id),
		createdAt: order.createdAt,
		email: order.email,
		status: order.status,
		paymentStatus: order.paymentStatus,
		paymentNote: paymentNoteOf(order),
		testMode: order.testMode,
		/** The buyer's VAT number VIES could not check: VAT was charged, the owner checks it again (ADR 0150). */
		uncheckedVatNumber: uncheckedVatNumber(order.tax),
		trackingNumber: order.trackingNumber,
		/** The version of what the dialog edits (status, tracking), posted back with each change (ADR 0225). */
		version: order.version,
		subtotalCents: order.subtotalCents,
		shippingCents: order.shippingCents,
		/** A discount code's amount off, and the code (ADR 0255). */
		discountCents: order.discountCents,
		discountCode: order.discount?.code ?? null,
		totalCents: order.totalCents,
		/** Given back so far (succeeded refunds, ADR 0115), and what may still be. */
		refundedCents: order.refundedCents,
		refundableCents: order.paymentStatus === 'paid' ? Math.max(0, order.totalCents - order.refundedCents) : 0,
		refundUnderWay: refunds.some((refund) => refund.status === 'pending'),
		refunds: refunds.map(({ createdBy, actorEmail, ...refund }) => ({ ...refund, actor: actorEmail ?? createdBy })),
		// The country as stored (ADR 0102: a code, or an older order's Romanian name); the view labels it.
		shippingAddress: order.shippingAddress,
		archived: order.archivedAt !== null,
		/** The customer deleted the account: these details are erased once the order is delivered or cancelled. */
		erasurePending: order.erasurePendingAt !== null,
		items: items.map((item) => ({
			id: item.id,
			name: item.name,
			quantity: item.quantity,
			/** Units of this line given back by refunds that succeeded or are under way. */
			refundedQuantity: refundedUnits.get(item.id) ?? 0,
			unitPriceCents: item.unitPriceCents,
			image: item.image,
			// A portrait line has a photo (or had one) and portrait options; never read from its id (ADR 0102).
			isPortrait: item.productId === null && (item.uploadId !== null || typeof item.options.dimension === 'string'),
			options: item.options,
			photo: photoByItem.get(item.id) ?? null,
		})),
		history: history.map((entry) => ({
			id: entry.id,
			action: entry.action,
			details: entry.details,
			createdAt: entry.createdAt,
			actor: entry.actorEmail ?? (entry.actorUserId ? entry.actorUserId : null),
		})),
	}
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>

/** The stored portrait photo of one order line (the original, or the preview), with its download name; null when there is none. */
export async function openOrderPhoto(
	deps: { db: DbExecutor; storage: ObjectStorage },
	orderId: string,
	itemId: string,
	variant: 'original' | 'preview' = 'original',
): Promise<{ object: StoredObject; fileName: string } | null> {
	const photos = await photoItems(deps.db, orderId)
	const index = photos.findIndex((photo) => photo.itemId === itemId)
	if (index === -1) return null
	const photo = photos[index]!
	const file = variant === 'preview' ? { key: photo.storageKey, mimeType: photo.mimeType } : downloadedFile(photo)
	const object = await deps.storage.get(file.key)
	if (!object) return null
	return { object, fileName: portraitFileName(orderId, file.mimeType, index + 1, photos.length) }
}

type Actor = { orderId: string; actorUserId?: string | null }

/**
 * Admin "delete": the order is archived — hidden from the lists, kept for accounting,
 * restorable. Archiving an archived order changes nothing and writes no history.
 */
export async function archiveOrder(db: DbExecutor, input: Actor) {
	return setArchived(db, input, true)
}

/** Brings an archived order back into the lists. */
export async function restoreOrder(db: DbExecutor, input: Actor) {
	return setArchived(db, input, false)
}

async function setArchived(db: DbExecutor, input: Actor, archive: boolean) {
	return db.transaction(async (tx) => {
		const [before] = await tx.select({ archivedAt: orders.archivedAt }).from(orders).where(eq(orders.id, input.orderId)).for('update')
		if (!before) throw new OrderNotFoundError('order not found')
		if ((before.archivedAt !== null) === archive) return { changed: false }
		await tx
			.update(orders)
			.set({ archivedAt: archive ? new Date() : null })
			.where(eq(orders.id, input.orderId))
		await tx
			.insert(orderHistory)
			.values({ orderId: input.orderId, actorUserId: input.actorUserId ?? null, action: archive ? 'archived' : 'restored', details: {} })
		return { changed: true }
	})
}
