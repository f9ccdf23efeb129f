import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { products } from './catalog.ts'
import { createdAt, id } from './columns.ts'
import { orders } from './orders.ts'

/**
 * A visitor waiting for a sold-out product or variant to be back (ADR 0269): the address (lower-cased),
 * the language of the page it was left on and when. `due_at` is set by a trigger on products when the
 * product's stock rises from 0; the alert job then sends one email and deletes the row in one transaction.
 */
export const stockAlerts = pgTable(
	'stock_alerts',
	{
		id: id(),
		email: text().notNull(),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		locale: text().notNull(),
		createdAt: createdAt(),
		dueAt: timestamp({ withTimezone: true }),
	},
	(t) => [
		uniqueIndex('stock_alerts_product_email_idx').on(t.productId, t.email),
		index('stock_alerts_due_idx')
			.on(t.dueAt)
			.where(sql`${t.dueAt} is not null`),
	],
)

/**
 * A customer's consent, given at checkout, to one reminder if the order is not paid (ADR 0269): the
 * exact text they ticked, in their language, and when. `sent_at` is set by the job that claims the
 * row, in the transaction that queues the reminder, so it is sent once whichever instance claims it.
 */
export const checkoutReminders = pgTable(
	'checkout_reminders',
	{
		orderId: uuid()
			.primaryKey()
			.references(() => orders.id, { onDelete: 'cascade' }),
		locale: text().notNull(),
		consentText: text().notNull(),
		consentedAt: createdAt(),
		sentAt: timestamp({ withTimezone: true }),
	},
	(t) => [
		index('checkout_reminders_unsent_idx')
			.on(t.consentedAt)
			.where(sql`${t.sentAt} is null`),
	],
)
