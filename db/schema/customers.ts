import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { adminSearchSql } from '../../domain/search.ts'

/**
 * One row per customer as the admin's customers list shows them (ADR 0130): every email that placed
 * an order or holds an account, in lower case, with its figures. Counted again for the emails in
 * customer_changes before the list is read (ADR 0263), so the list reads one indexed table instead
 * of grouping every order per request. Derived data: backups leave it out and a restore counts it again.
 */
export const customers = pgTable(
	'customers',
	{
		email: text().primaryKey(),
		/** The account's name, else the name on their latest order (placed, else any checkout). */
		name: text().notNull().default(''),
		/** The account of that email, if any. */
		userId: text(),
		/** Orders placed (paid, refunded, or paid by a method still settling; ADR 0116), archived ones left out. */
		orderCount: integer().notNull().default(0),
		/** What those orders took: paid totals less refunds; test-money orders add nothing. */
		paidCents: bigint({ mode: 'number' }).notNull().default(0),
		lastOrderAt: timestamp({ withTimezone: true }),
		/** What the list's search box looks in: email and name, read through a trigram index. */
		adminSearch: text()
			.notNull()
			.generatedAlwaysAs(sql.raw(adminSearchSql([`"email"`, `"name"`]))),
	},
	(t) => [
		index('customers_recent_idx').on(t.lastOrderAt.desc().nullsLast(), t.email),
		index('customers_admin_search_idx').using('gin', t.adminSearch.op('gin_trgm_ops')),
	],
)

/**
 * Emails whose orders or account changed since their figures were last counted, written by triggers
 * on orders and accounts in the transaction that changes them. Only ever appended to there: no unique
 * key and no lock, so a checkout and a payment of one customer never wait on each other for it.
 */
export const customerChanges = pgTable('customer_changes', {
	id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
	email: text().notNull(),
})
