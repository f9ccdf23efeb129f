import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { PORTRAIT_SIZES, PRODUCT_KINDS, type Badge } from '../../domain/enums.ts'
import { foldedSearchSql } from '../../domain/search.ts'
import { createdAt, id, updatedAt } from './columns.ts'

export const categories = pgTable(
	'categories',
	{
		id: id(),
		name: text().notNull(),
		slug: text().notNull().unique(),
		description: text(),
		/** Spec §3 price (nullable decimal euro), kept exactly as integer cents. */
		priceCents: integer(),
		/** Deleting a category deletes its subcategories (spec §2 admin categories). */
		parentId: uuid().references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
		imageUrl: text(),
		isActive: boolean().notNull().default(true),
		displayOrder: integer().notNull().default(0),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('categories_parent_order_idx').on(t.parentId, t.displayOrder),
		check('categories_price_cents_range', sql`${t.priceCents} is null or (${t.priceCents} >= 0 and ${t.priceCents} <= 99999900)`),
		check('categories_display_order_range', sql`${t.displayOrder} >= 0 and ${t.displayOrder} <= 9999`),
	],
)

export const productKindEnum = pgEnum('product_kind', PRODUCT_KINDS)
export const portraitSizeEnum = pgEnum('portrait_size', PORTRAIT_SIZES)

export const products = pgTable(
	'products',
	{
		id: id(),
		slug: text().notNull().unique(),
		name: text().notNull(),
		description: text().notNull().default(''),
		kind: productKindEnum().notNull(),
		/** Products outlive their category: deleting it clears this, and the admin list flags them. */
		categoryId: uuid().references(() => categories.id, { onDelete: 'set null' }),
		priceCents: integer().notNull(),
		/** Image URLs; the first is the main image. */
		images: jsonb().$type<string[]>().notNull().default([]),
		badges: jsonb().$type<Badge[]>().notNull().default([]),
		isActive: boolean().notNull().default(true),
		/** Units available to sell now (held units already taken off). Null means made to order, never runs out. */
		stock: integer(),
		/** Portrait products link to the customiser with this size. */
		portraitSize: portraitSizeEnum(),
		scent: text(),
		smellsLike: text(),
		waxColor: text(),
		containerType: text(),
		customLabelAvailable: boolean().notNull().default(false),
		giftWrapAvailable: boolean().notNull().default(true),
		/** Measures (ADR 0138), each null when the owner has not given it: burn time in whole hours, size in millimetres (width × height × depth, all three or none), weight in grams. */
		burnTimeHours: integer(),
		widthMm: integer(),
		heightMm: integer(),
		depthMm: integer(),
		weightGrams: integer(),
		/** Name and description as the search compares them (ADR 0136): kept by the database itself, so every write path keeps it current. */
		searchText: text()
			.notNull()
			.generatedAlwaysAs(sql.raw(foldedSearchSql(`"name" || ' ' || "description"`))),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('products_active_created_idx').on(t.isActive, t.createdAt),
		index('products_category_idx').on(t.categoryId),
		check('products_price_cents_range', sql`${t.priceCents} >= 0 and ${t.priceCents} <= 99999900`),
		check('products_stock_not_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
		check('products_burn_time_range', sql`${t.burnTimeHours} is null or (${t.burnTimeHours} >= 1 and ${t.burnTimeHours} <= 999)`),
		check(
			'products_size_range',
			sql`(${t.widthMm} is null and ${t.heightMm} is null and ${t.depthMm} is null) or (${t.widthMm} is not null and ${t.heightMm} is not null and ${t.depthMm} is not null and ${t.widthMm} between 1 and 9999 and ${t.heightMm} between 1 and 9999 and ${t.depthMm} between 1 and 9999)`,
		),
		check('products_weight_range', sql`${t.weightGrams} is null or (${t.weightGrams} >= 1 and ${t.weightGrams} <= 99999)`),
	],
)
