import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { id } from './columns.ts'

/**
 * Failed sign-in attempts per key (an address, an account from an address, an account, a known
 * device), with the back-off they earned (server/auth/sign-in-throttle.ts, ADR 0097). Only
 * failures count: an attempt refused while `blocked_until` lies ahead writes nothing.
 */
export const signInFailures = pgTable(
	'sign_in_failures',
	{
		key: text().primaryKey(),
		failures: integer().notNull(),
		lastFailureAt: timestamp({ withTimezone: true }).notNull(),
		blockedUntil: timestamp({ withTimezone: true }),
		/** When the failures are forgotten: the cleanup job deletes the row after this. */
		expiresAt: timestamp({ withTimezone: true }).notNull(),
	},
	(t) => [index('sign_in_failures_expires_idx').on(t.expiresAt)],
)

/** Admin-visible log: one row each time a key earns a block (not one per refused attempt). */
export const signInBlocks = pgTable(
	'sign_in_blocks',
	{
		id: id(),
		at: timestamp({ withTimezone: true }).notNull().defaultNow(),
		/** The address typed on the form, lower-cased; it need not belong to an account. */
		email: text().notNull(),
		address: text().notNull(),
		/** Which counter blocked: 'address', 'account-address', 'account' or 'device'. */
		reason: text().notNull(),
		failures: integer().notNull(),
		blockedUntil: timestamp({ withTimezone: true }).notNull(),
	},
	(t) => [index('sign_in_blocks_at_idx').on(t.at)],
)
