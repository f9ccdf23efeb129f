import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Database, DbExecutor } from '#db/client.ts'
import { orderItems, orders, productReviews, products } from '#db/schema/index.ts'
import type { Locale } from '#domain/enums.ts'
import { isUuid } from '#domain/ids.ts'
import { ratingSummary, reviewerFirstName, type ReviewStatus } from '#domain/reviews.ts'
import type { ReviewInput } from '#domain/forms/review.ts'
import { currentProductNames } from '../catalog/product-names.ts'
import { DELETED_EMAIL } from '../account/order-erasure.ts'
import { orderLinkExpired } from '../orders/order-page.ts'
import { isRealOrder } from '../orders/real-order.ts'
import { localizedUrl } from '../public-url.ts'
import { serverI18n } from '../i18n.ts'
import { countryLabel } from '#domain/shipping.ts'

/**
 * Verified reviews (ADR 0268). The delivered email carries one link per product of the order,
 * `/{lang}/review/{orderId}/{productId}?key=…`, the key an HMAC-SHA256 of both ids under the app
 * secret, like the order page's link (ADR 0135): nothing stored, the buyer needs no account, and
 * the link opens while the order's own link would (ADR 0168).
 */

const KEY_PURPOSE = 'order-review:v1:'
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** What a review link names: an order and one of its (listed) products. */
export type ReviewTarget = { orderId: string; productId: string }

/** The key of the review link of `target`: base64url HMAC-SHA256, 43 characters. */
export function reviewLinkKey(secret: string, target: ReviewTarget): string {
	return crypto.createHmac('sha256', secret).update(`${KEY_PURPOSE}${target.orderId.toLowerCase()}:${target.productId.toLowerCase()}`).digest('base64url')
}

/** Whether `key` is the key of `target`'s link, compared in constant time. */
export function isReviewLinkKey(secret: string, target: ReviewTarget, key: string | null | undefined): boolean {
	if (!key || !KEY_PATTERN.test(key) || !isUuid(target.orderId) || !isUuid(target.productId)) return false
	const expected = Buffer.from(reviewLinkKey(secret, target))
	const given = Buffer.from(key)
	return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/** The site path of the signed review link. */
export function reviewLinkPath(secret: string, target: ReviewTarget) {
	return `/review/${target.orderId}/${target.productId}?key=${reviewLinkKey(secret, target)}`
}

/**
 * The products the buyer of `orderId` may review, each once, named in `locale`: the listed product
 * of each line (a variant's product, ADR 0264); portraits made to a photo have no product and are left out.
 */
export async function reviewableProducts(db: DbExecutor, orderId: string, locale: Locale): Promise<{ id: string; name: string }[]> {
	const listed = sql<string>`coalesce(${products.variantOf}, ${products.id})`
	const rows = await db
		.select({ id: listed })
		.from(orderItems)
		.innerJoin(products, eq(products.id, orderItems.productId))
		.where(eq(orderItems.orderId, orderId))
		.groupBy(listed)
		.orderBy(listed)
	const names = await currentProductNames(
		db,
		locale,
		rows.map((row) => row.id),
	)
	return rows.flatMap((row) => {
		const name = names.get(row.id)
		return name === undefined ? [] : [{ id: row.id, name }]
	})
}

/** The signed review links of an order's products, absolute, in the order's language (for its delivered email). */
export async function reviewLinksOfOrder(db: DbExecutor, context: { publicUrl: string; secret: string }, orderId: string, locale: Locale) {
	return (await reviewableProducts(db, orderId, locale)).map((product) => ({
		name: product.name,
		href: localizedUrl(context.publicUrl, locale, reviewLinkPath(context.secret, { orderId, productId: product.id })),
	}))
}

/** A buyer's review as its page shows it back to them. */
export type OwnReview = { rating: number; text: string; status: ReviewStatus }

/** What a review link opens: the product and the buyer's review so far, or why it cannot be reviewed. */
export type ReviewPage =
	| { kind: 'not-found' }
	| { kind: 'expired' }
	| { kind: 'not-delivered' }
	| { kind: 'open'; product: { id: string; name: string; slug: string; image: string | null }; review: OwnReview | null }

type Buyer = { fullName: string; country: string }

/**
 * Who holds the link, checked: the key is the link's, the order was placed for real, its buyer was
 * not erased, it names the product, and the link has not expired. `delivered` says whether it may be
 * reviewed yet. Null for anything that must answer 404, whether the order exists or not.
 */
async function checkedTarget(db: DbExecutor, secret: string, target: ReviewTarget, key: string | null, lock = false) {
	if (!isReviewLinkKey(secret, target, key)) return null
	const query = db
		.select({
			status: orders.status,
			paymentStatus: orders.paymentStatus,
			updatedAt: orders.updatedAt,
			archivedAt: orders.archivedAt,
			email: orders.email,
			address: orders.shippingAddress,
		})
		.from(orders)
		.where(and(eq(orders.id, target.orderId), isRealOrder))
	const [order] = lock ? await query.for('update') : await query
	if (!order || order.email === DELETED_EMAIL) return null
	const [line] = await db
		.select({ id: orderItems.id })
		.from(orderItems)
		.innerJoin(products, eq(products.id, orderItems.productId))
		.where(and(eq(orderItems.orderId, target.orderId), sql`coalesce(${products.variantOf}, ${products.id}) = ${target.productId}`))
		.limit(1)
	if (!line) return null
	if (orderLinkExpired(order)) return { expired: true as const }
	const buyer: Buyer = { fullName: order.address.fullName, country: order.address.country }
	return { expired: false as const, delivered: order.status === 'delivered', buyer }
}

async function ownReview(db: DbExecutor, target: ReviewTarget): Promise<OwnReview | null> {
	const [review] = await db
		.select({ rating: productReviews.rating, text: productReviews.text, status: productReviews.status })
		.from(productReviews)
		.where(and(eq(productReviews.orderId, target.orderId), eq(productReviews.productId, target.productId)))
	return review ?? null
}

/** The review page of a signed link, in `locale`. */
export async function readReviewPage(db: DbExecutor, secret: string, target: ReviewTarget, key: string | null, locale: Locale): Promise<ReviewPage> {
	const checked = await checkedTarget(db, secret, target, key)
	if (!checked) return { kind: 'not-found' }
	if (checked.expired) return { kind: 'expired' }
	if (!checked.delivered) return { kind: 'not-delivered' }
	const [product] = await db.select({ id: products.id, slug: products.slug, images: products.images }).from(products).where(eq(products.id, target.productId))
	if (!product) return { kind: 'not-found' }
	const name = (await currentProductNames(db, locale, [product.id])).get(product.id) ?? ''
	return { kind: 'open', product: { id: product.id, name, slug: product.slug, image: product.images[0] ?? null }, review: await ownReview(db, target) }
}

/** Why a review was not saved; the route shows the matching message. */
export type ReviewRefusal = 'not-found' | 'expired' | 'not-delivered'

/**
 * Saves the buyer's review of one product of a delivered order. One review per product per order:
 * sending again through the same link edits it, and an edited review waits for the owner again
 * (what they approved was the old text). The order's row is locked so two sends never race.
 */
export async function submitReview(
	db: Database,
	secret: string,
	input: ReviewTarget & { key: string | null; locale: Locale; review: ReviewInput },
): Promise<{ ok: true; edited: boolean } | { ok: false; refusal: ReviewRefusal }> {
	const target = { orderId: input.orderId, productId: input.productId }
	return db.transaction(async (tx) => {
		const checked = await checkedTarget(tx, secret, target, input.key, true)
		if (!checked) return { ok: false, refusal: 'not-found' }
		if (checked.expired) return { ok: false, refusal: 'expired' }
		if (!checked.delivered) return { ok: false, refusal: 'not-delivered' }
		const edited = (await ownReview(tx, target)) !== null
		const written = { rating: input.review.rating, text: input.review.text, locale: input.locale }
		await tx
			.insert(productReviews)
			.values({ ...target, ...written, authorName: reviewerFirstName(checked.buyer.fullName), country: checked.buyer.country })
			.onConflictDoUpdate({
				target: [productReviews.orderId, productReviews.productId],
				set: { ...written, status: 'pending', moderatedAt: null, updatedAt: new Date() },
			})
		return { ok: true, edited }
	})
}

/** How many approved reviews the product page lists; the average and the count cover them all. */
export const SHOWN_REVIEWS = 20

/** An approved review as the product page shows it. */
export type ShownReview = { id: string; rating: number; text: string; locale: string; authorName: string; country: string; createdAt: Date }

/** The approved reviews of a product as one read returns them: the count and rating sum of all, and the newest. */
export type ApprovedReviewsRead = {
	count: number
	sum: number
	newest: { id: string; rating: number; text: string; locale: string; author_name: string; country: string; created_at: string }[]
}

/**
 * The product's approved reviews as a column of a read from `products` (ADR 0268): the product page
 * gets them in the query that reads the product, so reviews add no query to the page. Written with
 * the tables' own names: inside a select list the query builder leaves columns unqualified.
 */
export function approvedReviewsColumn() {
	return sql<ApprovedReviewsRead>`(
		select jsonb_build_object(
			'count', count(*),
			'sum', coalesce(sum(approved.rating), 0),
			'newest', coalesce((
				select jsonb_agg(newest order by newest.created_at desc, newest.id desc) from (
					select id, rating, text, locale, author_name, country, created_at from product_reviews
					where product_id = "products"."id" and status = 'approved'
					order by created_at desc, id desc limit ${SHOWN_REVIEWS}
				) newest
			), '[]'::jsonb))
		from product_reviews approved where approved.product_id = "products"."id" and approved.status = 'approved')`
}

/** The approved reviews as the page uses them: newest first, with the average rating and count of all of them. */
export function approvedReviewsFrom(read: ApprovedReviewsRead | null) {
	const reviews: ShownReview[] = (read?.newest ?? []).map((row) => ({
		id: row.id,
		rating: row.rating,
		text: row.text,
		locale: row.locale,
		authorName: row.author_name,
		country: row.country,
		createdAt: new Date(row.created_at),
	}))
	return { summary: ratingSummary(Number(read?.count ?? 0), Number(read?.sum ?? 0)), reviews }
}

/** A product's approved reviews on their own (the product page reads them with the product). */
export async function approvedReviewsOf(db: DbExecutor, productId: string) {
	const [row] = await db.select({ reviews: approvedReviewsColumn() }).from(products).where(eq(products.id, productId))
	return approvedReviewsFrom(row?.reviews ?? null)
}

const DATE_LOCALES: Record<Locale, string> = { en: 'en-GB', ro: 'ro-RO', es: 'es-ES' }

/** A rating as five stars, filled then empty. */
const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating)

/**
 * The product page's reviews, worded in the page's language (ADR 0268): the summary, and each review
 * as written with its stars, and its writer's first name, country and day. Worded here because the
 * review texts are the server's alone (server/i18n.ts), and so the page's JavaScript only lays them out.
 */
export function productReviewsView(reviews: ReturnType<typeof approvedReviewsFrom>, locale: Locale) {
	const t = serverI18n(locale).getFixedT(locale)
	const dates = new Intl.DateTimeFormat(DATE_LOCALES[locale], { dateStyle: 'long', timeZone: 'Europe/Bucharest' })
	const average = new Intl.NumberFormat(DATE_LOCALES[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 })
	const { summary } = reviews
	return {
		title: t('review.sectionTitle'),
		summary: summary
			? `${t('review.average', { average: average.format(summary.average) })} · ${t('review.count', { count: summary.count })}`
			: t('review.none'),
		list: reviews.reviews.map((review) => ({
			id: review.id,
			stars: stars(review.rating),
			starsLabel: t('review.stars', { rating: review.rating }),
			text: review.text,
			locale: review.locale,
			byline: [
				`${review.authorName || t('review.anonymous')}, ${countryLabel(review.country, locale)}`,
				dates.format(review.createdAt),
				t('review.verified'),
			].join(' · '),
		})),
	}
}
