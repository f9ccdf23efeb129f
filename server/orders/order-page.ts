import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderItems, orders, users } from '#db/schema/index.ts'
import type { Locale, OrderStatus, PaymentStatus } from '#domain/enums.ts'
import { countryLabel } from '#domain/shipping.ts'
import { localizedUrl } from '../public-url.ts'
import { isRealOrder } from './real-order.ts'
import { localizeOrderLines, type OptionRow } from './order-lines.ts'
import { PAGE_PHOTO_LINK_SECONDS, photoLink } from '../uploads/photo-links.ts'

/**
 * The order page a customer can follow (ADR 0135): /{lang}/order/{id}. Its owner opens it signed in;
 * anyone holding the link from the order's emails (…?key=…) opens it without an account. The key
 * is an HMAC-SHA256 of the order id under the app secret (the secret that signs the shop's cookies),
 * so it needs no storage, never expires, and changes only with APP_SECRET. Everyone else gets 404,
 * whether the order exists or not.
 */

const KEY_PURPOSE = 'order-page:v1:'
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The order page key of `orderId`: base64url HMAC-SHA256, 43 characters. */
export function orderPageKey(secret: string, orderId: string): string {
	return crypto
		.createHmac('sha256', secret)
		.update(KEY_PURPOSE + orderId.toLowerCase())
		.digest('base64url')
}

/** Whether `key` is `orderId`'s key, compared in constant time. */
export function isOrderPageKey(secret: string, orderId: string, key: string | null | undefined): boolean {
	if (!key || !KEY_PATTERN.test(key)) return false
	const expected = Buffer.from(orderPageKey(secret, orderId))
	const given = Buffer.from(key)
	return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/** The site path of the order's page; with `secret`, the signed link a guest opens from an email. */
export function orderPagePath(orderId: string, secret?: string) {
	return secret ? `/order/${orderId}?key=${orderPageKey(secret, orderId)}` : `/order/${orderId}`
}

/** The signed link to the order's page, absolute, in `locale` (for the emails). */
export function orderPageUrl(publicUrl: string, locale: Locale, secret: string, orderId: string) {
	return localizedUrl(publicUrl, locale, orderPagePath(orderId, secret))
}

export type OrderViewer = { userId: string | null; key: string | null }

export type OrderView = {
	id: string
	number: string
	createdAt: Date
	status: OrderStatus
	paymentStatus: PaymentStatus
	testMode: boolean
	subtotalCents: number
	shippingCents: number
	/** A discount code's amount off and what it was (ADR 0255); null without one. */
	discount: { code: string; kind: string; cents: number } | null
	totalCents: number
	refundedCents: number
	trackingNumber: string | null
	/** The shipping address with the country named in the reader's language. */
	address: { fullName: string; address: string; postalCode: string; city: string; country: string; phone: string; notes: string }
	/** A portrait line's `photoUrl` is a signed link to the customer's photo, valid for a while (ADR 0173). */
	lines: { name: string; quantity: number; unitPriceCents: number; image: string | null; optionRows: OptionRow[]; photoUrl: string | null }[]
}

/**
 * Whose orders a signed-in customer sees as theirs: those placed signed in, and guest orders made
 * with the account's address once that address is verified (ADR 0135).
 */
export function ownOrderCondition(user: { id: string; email: string; emailVerified: boolean }) {
	const own = eq(orders.userId, user.id)
	if (!user.emailVerified) return own
	return sql`(${own} or (${orders.userId} is null and lower(${orders.email}) = ${user.email.toLowerCase()}))`
}

/** The account facts ownOrderCondition needs, or null when the account is gone. */
export async function orderOwner(db: DbExecutor, userId: string) {
	const [user] = await db.select({ id: users.id, email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId))
	return user ?? null
}

/** How long an emailed link keeps opening an order once the order is closed (ADR 0168). */
export const ORDER_LINK_DAYS_AFTER_CLOSE = 90

/**
 * Whether an emailed link no longer opens the order (ADR 0168): never once the shop archived it;
 * otherwise while it is open, and for ORDER_LINK_DAYS_AFTER_CLOSE after it was delivered, cancelled,
 * refunded or its payment failed (its last change). Signing in opens it for its owner any time.
 */
export function orderLinkExpired(order: Pick<typeof orders.$inferSelect, 'status' | 'paymentStatus' | 'updatedAt' | 'archivedAt'>, now = new Date()): boolean {
	if (order.archivedAt) return true
	const closed = order.status === 'delivered' || order.status === 'cancelled' || order.paymentStatus === 'refunded' || order.paymentStatus === 'failed'
	return closed && now.getTime() - order.updatedAt.getTime() > ORDER_LINK_DAYS_AFTER_CLOSE * 86_400_000
}

/** Whether `key` is the order's genuine link, and it has expired (the page then says so instead of a plain 404). */
export async function isExpiredOrderLink(db: DbExecutor, secret: string, orderId: string, key: string | null): Promise<boolean> {
	if (!UUID.test(orderId) || !isOrderPageKey(secret, orderId, key)) return false
	const [order] = await db
		.select({ status: orders.status, paymentStatus: orders.paymentStatus, updatedAt: orders.updatedAt, archivedAt: orders.archivedAt })
		.from(orders)
		.where(eq(orders.id, orderId))
	return order !== undefined && orderLinkExpired(order)
}

/**
 * Whether `viewer` may read the order: holding the order's key while the link has not expired, or
 * signed in as its owner. False for an unknown id and for an order that was never placed (a checkout
 * left unpaid, for a signed-in owner): its page and its documents answer 404 alike.
 */
export async function mayReadOrder(db: DbExecutor, secret: string, orderId: string, viewer: OrderViewer): Promise<boolean> {
	if (!UUID.test(orderId)) return false
	if (await ownedBy(db, orderId, viewer.userId)) return true
	return isOrderPageKey(secret, orderId, viewer.key) && !(await isExpiredOrderLink(db, secret, orderId, viewer.key))
}

/** The order as its page shows it, in `locale`, when `viewer` may read it (mayReadOrder); null otherwise. */
export async function readOrderPage(db: DbExecutor, secret: string, orderId: string, viewer: OrderViewer, locale: Locale): Promise<OrderView | null> {
	return (await mayReadOrder(db, secret, orderId, viewer)) ? loadOrderView(db, secret, orderId, locale) : null
}

/** Whether the signed-in `userId` owns the order (ADR 0135): placed signed in, or a guest order of its verified address. */
async function ownedBy(db: DbExecutor, orderId: string, userId: string | null): Promise<boolean> {
	const owner = userId ? await orderOwner(db, userId) : null
	if (!owner) return false
	const [own] = await db
		.select({ id: orders.id })
		.from(orders)
		.where(and(eq(orders.id, orderId), ownOrderCondition(owner), isRealOrder))
	return own !== undefined
}

/**
 * The order as its pages show it, in `locale`, for a caller that has checked who may read it: that
 * reader gets signed links to the order's portrait photos (`secret` signs them).
 */
export async function loadOrderView(db: DbExecutor, secret: string, orderId: string, locale: Locale): Promise<OrderView | null> {
	if (!UUID.test(orderId)) return null
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
	if (!order) return null
	const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.lineId)
	const lines = await localizeOrderLines(db, locale, items)
	const a = order.shippingAddress
	return {
		id: order.id,
		number: order.id.slice(0, 8),
		createdAt: order.createdAt,
		status: order.status,
		paymentStatus: order.paymentStatus,
		testMode: order.testMode,
		subtotalCents: order.subtotalCents,
		shippingCents: order.shippingCents,
		discount: order.discountCents > 0 ? { code: order.discount?.code ?? '', kind: order.discount?.kind ?? 'fixed', cents: order.discountCents } : null,
		totalCents: order.totalCents,
		refundedCents: order.refundedCents,
		trackingNumber: order.trackingNumber,
		address: {
			fullName: a.fullName,
			address: a.address,
			postalCode: a.postalCode,
			city: a.city,
			country: countryLabel(a.country, locale),
			phone: a.phone,
			notes: a.notes,
		},
		lines: lines.map((line) => ({
			name: line.name,
			quantity: line.quantity,
			unitPriceCents: line.unitPriceCents,
			image: line.image,
			optionRows: line.optionRows,
			photoUrl: line.uploadId ? photoLink(secret, line.uploadId, { seconds: PAGE_PHOTO_LINK_SECONDS }) : null,
		})),
	}
}
