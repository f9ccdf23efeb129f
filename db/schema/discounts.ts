import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { DiscountKind, DiscountScope } from '../../domain/discounts.ts'
import { createdAt, editVersion, id, updatedAt } from './columns.ts'
import { orders } from './orders.ts'

/**
 * A discount code (ADR 0255): what it takes off, what it applies to, when, and how often. The code
 * is stored upper-case (codes are case-insensitive). `uses` counts the uses held by unpaid orders
 * and taken by paid ones; a checkout reserves one with a conditional update, so a code limited to
 * N uses is used N times however many checkouts race for it.
 */
export const discountCodes = pgTable(
	'discount_codes',
	{
		id: id(),
		code: text().notNull(),
		kind: text().$type<DiscountKind>().notNull(),
		/** Percent for 'percent', cents for 'fixed', 0 for 'free_shipping'. */
		value: integer().notNull().default(0),
		minSubtotalCents: integer(),
		scope: text().$type<DiscountScope>().notNull().default('all'),
		categoryIds: jsonb().$type<string[]>().notNull().default([]),
		productIds: jsonb().$type<string[]>().notNull().default([]),
		startsAt: timestamp({ withTimezone: true }),
		endsAt: timestamp({ withTimezone: true }),
		maxUses: integer(),
		maxUsesPerCustomer: integer(),
		uses: integer().notNull().default(0),
		isActive: boolean().notNull().default(true),
		version: editVersion(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('discount_codes_code_idx').on(t.code),
		check('discount_codes_kind', sql`${t.kind} in ('percent', 'fixed', 'free_shipping')`),
		check('discount_codes_scope', sql`${t.scope} in ('all', 'categories', 'products')`),
		check('discount_codes_value', sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} between 1 and 100)`),
		check('discount_codes_uses_not_negative', sql`${t.uses} >= 0`),
	],
)

/**
 * One order's use of a code, with the customer's e-mail (guests buy too) for the per-customer
 * limit. 'held' while the order is unpaid, 'used' once paid, 'released' when it expired, failed or
 * was cancelled before payment (ADR 0255).
 */
export const discountRedemptions = pgTable(
	'discount_redemptions',
	{
		id: id(),
		codeId: uuid()
			.notNull()
			.references(() => discountCodes.id, { onDelete: 'cascade' }),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		/** Lower-case, so one customer is one customer however they type it. */
		email: text().notNull(),
		status: text().$type<'held' | 'used' | 'released'>().notNull().default('held'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('discount_redemptions_order_idx').on(t.orderId),
		index('discount_redemptions_code_email_idx').on(t.codeId, t.email),
		check('discount_redemptions_status', sql`${t.status} in ('held', 'used', 'released')`),
	],
)
