import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { ROLES } from '../../domain/enums.ts'
import { createdAt, updatedAt } from './columns.ts'

/*
 * The user, session, account, verification and rate_limit tables follow the shape better-auth 1.7
 * expects (better-auth/db getAuthTables); ids are text because better-auth generates them.
 * The user's full name is better-auth's `name`, stored as '' when not given.
 */

export const users = pgTable(
	'user',
	{
		id: text().primaryKey(),
		name: text().notNull().default(''),
		email: text().notNull().unique(),
		emailVerified: boolean().notNull().default(false),
		image: text(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	// The account of an email in any case (the customers list's figures, ADR 0263).
	(t) => [index('user_email_lower_idx').on(sql`lower(${t.email})`)],
)

export const sessions = pgTable(
	'session',
	{
		id: text().primaryKey(),
		expiresAt: timestamp({ withTimezone: true }).notNull(),
		token: text().notNull().unique(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
		ipAddress: text(),
		userAgent: text(),
		userId: text()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
	},
	(t) => [index('session_user_id_idx').on(t.userId)],
)

export const accounts = pgTable(
	'account',
	{
		id: text().primaryKey(),
		accountId: text().notNull(),
		providerId: text().notNull(),
		userId: text()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		accessToken: text(),
		refreshToken: text(),
		idToken: text(),
		accessTokenExpiresAt: timestamp({ withTimezone: true }),
		refreshTokenExpiresAt: timestamp({ withTimezone: true }),
		scope: text(),
		password: text(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('account_user_id_idx').on(t.userId)],
)

export const verifications = pgTable(
	'verification',
	{
		id: text().primaryKey(),
		identifier: text().notNull(),
		value: text().notNull(),
		expiresAt: timestamp({ withTimezone: true }).notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('verification_identifier_idx').on(t.identifier)],
)

export const rateLimits = pgTable('rate_limit', {
	id: text().primaryKey(),
	key: text().notNull().unique(),
	count: integer().notNull(),
	lastRequest: bigint({ mode: 'number' }).notNull(),
})

export const roleEnum = pgEnum('role', ROLES)

export const userRoles = pgTable(
	'user_roles',
	{
		userId: text()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		role: roleEnum().notNull(),
		createdAt: createdAt(),
	},
	(t) => [primaryKey({ columns: [t.userId, t.role] })],
)
