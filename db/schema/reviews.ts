import { sql } from 'drizzle-orm'
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { REVIEW_STATUSES, REVIEW_TEXT_MAX } from '../../domain/reviews.ts'
import { products } from './catalog.ts'
import { createdAt, id, updatedAt } from './columns.ts'
import { orders } from './orders.ts'

export const reviewStatusEnum = pgEnum('review_status', REVIEW_STATUSES)

/**
 * A verified buyer's review of a product they received (ADR 0268): one per product per order, of
 * the listed product (a variant's buyer reviews its product). Shown only once the owner approved
 * it, with the writer's first name and country as the order's address gave them, in the language
 * it was written in. Erasing the customer deletes it with the order's personal data.
 */
export const productReviews = pgTable(
	'product_reviews',
	{
		id: id(),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		rating: integer().notNull(),
		text: text().notNull(),
		/** The language the buyer wrote in (the review page's); the text is shown as written, never translated. */
		locale: text().notNull(),
		/** The first name on the order's address when the review was written. */
		authorName: text().notNull(),
		/** The order's delivery country, as stored there (an ISO code). */
		country: text().notNull(),
		status: reviewStatusEnum().notNull().default('pending'),
		/** When the owner last approved or rejected it; null while it waits. */
		moderatedAt: timestamp({ withTimezone: true }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('product_reviews_order_product_idx').on(t.orderId, t.productId),
		index('product_reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
		index('product_reviews_status_created_idx').on(t.status, t.createdAt),
		check('product_reviews_rating', sql`${t.rating} between 1 and 5`),
		check('product_reviews_text_length', sql`char_length(${t.text}) between 1 and ${sql.raw(String(REVIEW_TEXT_MAX))}`),
	],
)
