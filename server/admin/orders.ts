import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderHistory, orderItems, orders, uploads, users } from '#db/schema/index.ts'
import type { OrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { displayOrderNumber, formatAdminDateTime } from '#domain/admin/format.ts'
import { paymentNoteOf } from '#domain/payment-note.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { countryLabel } from '#domain/shipping.ts'
import type { ObjectStorage, StoredObject } from '../storage/storage.ts'
import { csvDocument } from './csv.ts'
import { OrderNotFoundError } from '../orders/admin-changes.ts'

export const ADMIN_ORDERS_PAGE_SIZE = 20

function escapeLike(text: string) {
	return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * The filters as SQL: archived or not, status, payment, and the search — an order number (the
 * start of the id, '#' allowed) or part of the email.
 */
function listConditions(filters: Omit<OrderListFilters, 'page'>): SQL | undefined {
	const conditions: SQL[] = [filters.view === 'archived' ? isNotNull(orders.archivedAt) : isNull(orders.archivedAt)]
	if (filters.status) conditions.push(eq(orders.status, filters.status))
	if (filters.payment) conditions.push(eq(orders.paymentStatus, filters.payment))
	const q = filters.q.trim().replace(/^#/, '')
	if (q) {
		const byEmail = ilike(orders.email, `%${escapeLike(q)}%`)
		conditions.push(/^[0-9a-f-]{1,36}$/i.test(q) ? or(sql`${orders.id}::text like ${`${q.toLowerCase()}%`}`, byEmail)! : byEmail)
	}
	return and(...conditions)
}

/** Spec §7 admin list: every order newest first, filtered, one page at a time. */
export async function listOrdersForAdmin(db: DbExecutor, filters: OrderListFilters) {
	const where = listConditions(filters)
	const [total] = await db.select({ value: count() }).from(orders).where(where)
	const pages = Math.max(1, Math.ceil((total?.value ?? 0) / ADMIN_ORDERS_PAGE_SIZE))
	const page = Math.min(Math.max(1, filters.page), pages)
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
			date: formatAdminDateTime(row.createdAt),
		})),
		total: total?.value ?? 0,
		page,
		pages,
	}
}

const PHOTO_EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' }

/**
 * The file name a portrait photo downloads as: named after the order (spec §2), e.g.
 * `comanda-1a2b3c4d.webp`, with `-2`, `-3`… when the order holds several portraits.
 */
export function portraitFileName(orderId: string, mimeType: string, position: number, ofCount: number) {
	const suffix = ofCount > 1 ? `-${position}` : ''
	return `comanda-${displayOrderNumber(orderId)}${suffix}.${PHOTO_EXTENSIONS[mimeType] ?? 'bin'}`
}

/** The portrait lines of an order that still have their photo, in a stable order (cart line ids hold the time added). */
async function photoItems(db: DbExecutor, orderId: string) {
	return db
		.select({ itemId: orderItems.id, uploadId: uploads.id, storageKey: uploads.storageKey, mimeType: uploads.mimeType })
		.from(orderItems)
		.innerJoin(uploads, eq(uploads.id, orderItems.uploadId))
		.where(eq(orderItems.orderId, orderId))
		.orderBy(asc(orderItems.lineId), asc(orderItems.id))
}

export function portraitPhotoUrl(orderId: string, itemId: string) {
	return `/admin/orders/${orderId}/photo/${itemId}`
}

/** One order with its items (portrait options and photo download), history (who, what, when) and dates in ro-RO. */
export async function getOrderForAdmin(db: DbExecutor, orderId: string) {
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
	if (!order) return null
	const [items, photos, history] = await Promise.all([
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
	])
	const photoByItem = new Map(
		photos.map((photo, index) => [
			photo.itemId,
			{ url: portraitPhotoUrl(orderId, photo.itemId), fileName: portraitFileName(orderId, photo.mimeType, index + 1, photos.length) },
		]),
	)
	return {
		id: order.id,
		number: displayOrderNumber(order.id),
		date: formatAdminDateTime(order.createdAt),
		email: order.email,
		status: order.status,
		paymentStatus: order.paymentStatus,
		paymentNote: paymentNoteOf(order),
		testMode: order.testMode,
		trackingNumber: order.trackingNumber,
		subtotalCents: order.subtotalCents,
		shippingCents: order.shippingCents,
		totalCents: order.totalCents,
		// The country as the admin reads it (ADR 0102: a code, or an older order's Romanian name).
		shippingAddress: { ...order.shippingAddress, country: countryLabel(order.shippingAddress.country, 'ro') },
		archived: order.archivedAt !== null,
		/** The customer deleted the account: these details are erased once the order is delivered or cancelled. */
		erasurePending: order.erasurePendingAt !== null,
		items: items.map((item) => ({
			id: item.id,
			name: item.name,
			quantity: item.quantity,
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
			date: formatAdminDateTime(entry.createdAt),
			actor: entry.actorEmail ?? (entry.actorUserId ? entry.actorUserId : null),
		})),
	}
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>

/** The stored portrait photo of one order line, with its download name; null when there is none. */
export async function openOrderPhoto(
	deps: { db: DbExecutor; storage: ObjectStorage },
	orderId: string,
	itemId: string,
): Promise<{ object: StoredObject; fileName: string } | null> {
	const photos = await photoItems(deps.db, orderId)
	const index = photos.findIndex((photo) => photo.itemId === itemId)
	if (index === -1) return null
	const photo = photos[index]!
	const object = await deps.storage.get(photo.storageKey)
	if (!object) return null
	return { object, fileName: portraitFileName(orderId, photo.mimeType, index + 1, photos.length) }
}

type Actor = { orderId: string; actorUserId?: string | null }

/**
 * Admin "delete" (spec §2): the order is archived — hidden from the lists, kept for accounting,
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

const CSV_HEADER = [
	'Număr',
	'ID',
	'Data',
	'Email',
	'Nume',
	'Telefon',
	'Adresă',
	'Oraș',
	'Cod poștal',
	'Țară',
	'Observații',
	'Produse',
	'Subtotal (EUR)',
	'Livrare (EUR)',
	'Total (EUR)',
	'Status',
	'Plată',
	'AWB',
	'Arhivată',
	adminT('orders.csvTest'),
]

const euros = (cents: number) => (cents / 100).toFixed(2)

/** Every order the filters match (all pages), as CSV for a spreadsheet; statuses in Romanian. */
export async function exportOrdersCsv(db: DbExecutor, filters: OrderListFilters) {
	const rows = await db.select().from(orders).where(listConditions(filters)).orderBy(desc(orders.createdAt), desc(orders.id))
	const items = rows.length
		? await db
				.select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity })
				.from(orderItems)
				.innerJoin(orders, eq(orders.id, orderItems.orderId))
				.where(listConditions(filters))
				.orderBy(asc(orderItems.lineId))
		: []
	const itemsByOrder = new Map<string, string[]>()
	for (const item of items) itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), `${item.quantity} × ${item.name}`])
	return csvDocument(
		CSV_HEADER,
		rows.map((order) => {
			const a = order.shippingAddress
			return [
				displayOrderNumber(order.id),
				order.id,
				formatAdminDateTime(order.createdAt),
				order.email,
				a.fullName,
				a.phone,
				a.address,
				a.city,
				a.postalCode,
				countryLabel(a.country, 'ro'),
				a.notes,
				(itemsByOrder.get(order.id) ?? []).join('; '),
				euros(order.subtotalCents),
				euros(order.shippingCents),
				euros(order.totalCents),
				adminT(`orders.statuses.${order.status}`),
				adminT(`orders.payments.${order.paymentStatus}`),
				order.trackingNumber,
				order.archivedAt ? adminT('orders.yes') : adminT('orders.no'),
				order.testMode ? adminT('orders.testMark') : '',
			]
		}),
	)
}
