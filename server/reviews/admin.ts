import { count, desc, eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { productReviews, products } from '#db/schema/index.ts'
import type { ReviewStatusFilter } from '#domain/forms/admin-reviews.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { REVIEW_STATUSES, type ReviewStatus } from '#domain/reviews.ts'
import { AdminInputError } from '../admin/errors.ts'

/** How many reviews the moderation list shows at once, newest first. */
export const ADMIN_REVIEWS_SHOWN = 200

/** The reviews in the owner's moderation list (ADR 0268), with how many each status holds. */
export async function listReviewsForAdmin(db: DbExecutor, status: ReviewStatusFilter) {
	const [rows, totals] = await Promise.all([
		db
			.select({
				id: productReviews.id,
				productId: productReviews.productId,
				productName: products.name,
				productSlug: products.slug,
				orderId: productReviews.orderId,
				rating: productReviews.rating,
				text: productReviews.text,
				locale: productReviews.locale,
				authorName: productReviews.authorName,
				country: productReviews.country,
				status: productReviews.status,
				createdAt: productReviews.createdAt,
			})
			.from(productReviews)
			.innerJoin(products, eq(products.id, productReviews.productId))
			.where(status === 'all' ? undefined : eq(productReviews.status, status))
			.orderBy(desc(productReviews.createdAt), desc(productReviews.id))
			.limit(ADMIN_REVIEWS_SHOWN),
		db.select({ status: productReviews.status, count: count() }).from(productReviews).groupBy(productReviews.status),
	])
	const counts = Object.fromEntries(REVIEW_STATUSES.map((name) => [name, totals.find((row) => row.status === name)?.count ?? 0])) as Record<
		ReviewStatus,
		number
	>
	return { reviews: rows, counts }
}

/**
 * Approves or rejects a review. Approving shows it on its product's page: the database announces
 * the change and every cached page is dropped (migration's triggers, ADR 0091).
 */
export async function moderateReview(db: DbExecutor, id: string, status: Exclude<ReviewStatus, 'pending'>) {
	const [review] = await db
		.update(productReviews)
		.set({ status, moderatedAt: new Date() })
		.where(eq(productReviews.id, id))
		.returning({ productId: productReviews.productId })
	if (!review) throw new AdminInputError(adminT('reviews.notFound'), 404)
	return review
}

/** Deletes a review for good (spam, or the customer asked). */
export async function deleteReview(db: DbExecutor, id: string) {
	const [review] = await db.delete(productReviews).where(eq(productReviews.id, id)).returning({ id: productReviews.id })
	if (!review) throw new AdminInputError(adminT('reviews.notFound'), 404)
}
