import { sql } from 'drizzle-orm'
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core'

export const id = () =>
	uuid()
		.primaryKey()
		.default(sql`gen_random_uuid()`)
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
	timestamp({ withTimezone: true })
		.notNull()
		.defaultNow()
		.$onUpdate(() => new Date())

/**
 * The version of what an admin form edits (ADR 0225): 1 when made, raised by one by the database's
 * own trigger whenever one of the form's columns changes, whoever writes it. A form sends back the
 * version it loaded; a save over a newer one is refused (server/admin/edit-conflict.ts).
 */
export const editVersion = () => integer().notNull().default(1)
