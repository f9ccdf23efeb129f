import { sql } from 'drizzle-orm'
import {
	bigint,
	boolean,
	check,
	index,
	integer,
	jsonb,
	pgEnum,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
	type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { PORTRAIT_SIZES, PRODUCT_KINDS, type Badge } from '../../domain/enums.ts'
import { adminSearchSql, foldedSearchSql } from '../../domain/search.ts'
import { DEFAULT_LEAD_TIME_DAYS } from '../../domain/lead-time.ts'
import { createdAt, editVersion, id, updatedAt } from './columns.ts'

export const categories = pgTable(
	'categories',
	{
		id: id(),
		name: text().notNull(),
		slug: text().notNull().unique(),
		description: text(),
		/** Deleting a category deletes its subcategories (the admin's confirmation says so). */
		parentId: uuid().references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
		imageUrl: text(),
		isActive: boolean().notNull().default(true),
		displayOrder: integer().notNull().default(0),
		version: editVersion(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('categories_parent_order_idx').on(t.parentId, t.displayOrder),
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
		/**
		 * A sale (ADR 0245): the reduced price charged from saleStartsAt (inclusive) to saleEndsAt
		 * (exclusive). All three or none; an ended sale stays until the owner clears or replaces it.
		 */
		salePriceCents: integer(),
		saleStartsAt: timestamp({ withTimezone: true }),
		saleEndsAt: timestamp({ withTimezone: true }),
		/**
		 * The price charged now (the sale price while a sale is on), which the catalogue sorts by. The
		 * database sets it on every write of the price or the sale (the default never stays), and
		 * refreshPricesNow brings it up to date when a scheduled sale starts or ends (ADR 0262).
		 */
		priceNowCents: integer().notNull().default(0),
		/** Image URLs; the first is the main image. */
		images: jsonb().$type<string[]>().notNull().default([]),
		badges: jsonb().$type<Badge[]>().notNull().default([]),
		isActive: boolean().notNull().default(true),
		/** Units available to sell now (held units already taken off). Null means made to order, never runs out. */
		stock: integer(),
		/** Working days a made-to-order product takes before it ships, set by the owner; shown only while stock is null. */
		leadTimeDays: integer().notNull().default(DEFAULT_LEAD_TIME_DAYS),
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
		/**
		 * What else a listed product is found by in each language (ADR 0275), kept by the database's
		 * triggers, folded as searchText: its active variants' texts, and in English and Spanish the
		 * translations of its name and description. Empty on a variant.
		 */
		searchExtraRo: text().notNull().default(''),
		searchExtraEn: text().notNull().default(''),
		searchExtraEs: text().notNull().default(''),
		/** What the admin's search box looks in (ADR 0263): name and slug, read through a trigram index. */
		adminSearch: text()
			.notNull()
			.generatedAlwaysAs(sql.raw(adminSearchSql([`"name"`, `"slug"`]))),
		/** The name folded, kept so the admin search's exact match does not fold every name it checks. */
		nameFolded: text()
			.notNull()
			.generatedAlwaysAs(sql.raw(foldedSearchSql(`"name"`))),
		/**
		 * Units sold (ADR 0165): the sum of order_items.sold_units, kept by the database's own
		 * triggers in the transaction that pays, refunds, cancels or deletes an order, so the
		 * best-sellers order reads one indexed column instead of summing order lines per request.
		 */
		soldUnits: integer().notNull().default(0),
		/**
		 * Where the product sits in the sitemap (ADR 0250): numbered by the database as products are
		 * added (those from before the column in no particular order), never reused, so a product stays
		 * in the same sitemap file for life and a file is a range of this indexed number.
		 */
		sitemapNumber: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
		/**
		 * Variants (ADR 0264): a variant is a product row of its own (price, stock, holds, SKU, image,
		 * weight), sold through every path a product is, and listed only through the product it varies.
		 * Null on a product that is listed.
		 */
		variantOf: uuid().references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
		/** A listed product's options in Romanian (e.g. Mărime, Parfum); empty when it has no variants and is sold itself. */
		optionNames: jsonb().$type<string[]>().notNull().default([]),
		/** A variant's value for each of its product's options, in the same order (e.g. Mare). */
		optionValues: jsonb().$type<string[]>().notNull().default([]),
		/** Where a variant sits in its product's picker. */
		variantPosition: integer().notNull().default(0),
		/** The owner's stock-keeping unit, unique when given. */
		sku: text(),
		version: editVersion(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('products_active_created_idx').on(t.isActive, t.createdAt),
		index('products_category_idx').on(t.categoryId),
		index('products_admin_search_idx').using('gin', t.adminSearch.op('gin_trgm_ops')),
		// The catalogue's search matches inside words (like '%term%'): a variant's text is found without reading every product.
		index('products_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
		// The rest of a listed product's text in each language (ADR 0275): one search is a table's indexed columns, never a join.
		...(['Ro', 'En', 'Es'] as const).map((locale) =>
			index(`products_search_extra_${locale.toLowerCase()}_idx`)
				.using('gin', t[`searchExtra${locale}`].op('gin_trgm_ops'))
				.where(sql`${t.isActive} and ${t.variantOf} is null`),
		),
		// A translation finds the listed products it translates by their name or description (ADR 0275).
		index('products_listed_name_idx')
			.on(t.name)
			.where(sql`${t.variantOf} is null`),
		index('products_listed_description_idx')
			.using('hash', t.description)
			.where(sql`${t.variantOf} is null`),
		// Every product's name by its id, from the index alone: a sales report names a year's products without reading their rows.
		index('products_names_idx').on(t.id, t.name),
		// The catalogue's listed products newest first, past the variants (which are never listed).
		index('products_listed_newest_idx')
			.on(t.createdAt.desc().nullsFirst(), t.id)
			.where(sql`${t.isActive} and ${t.variantOf} is null`),
		// The dashboard's low stock: the few active products at or under the threshold, fewest first.
		index('products_low_stock_idx')
			.on(t.stock, t.name)
			.where(sql`${t.isActive} and ${t.stock} is not null`),
		// The admin list, its products newest first (variants are edited on their product's page): a later
		// page steps over the earlier ones in this index alone, then reads its own rows.
		index('products_admin_newest_idx')
			.on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
			.where(sql`${t.variantOf} is null`),
		// One index per catalogue order (ADR 0165): the first pages of every sort read the index, not the table.
		index('products_newest_idx')
			.on(t.createdAt.desc().nullsFirst(), t.id)
			.where(sql`${t.isActive}`),
		// The price orders hold listed products only: a variant, never listed, would be stepped over on every page.
		index('products_price_asc_idx')
			.on(t.priceNowCents, t.createdAt.desc().nullsFirst(), t.id)
			.where(sql`${t.isActive} and ${t.variantOf} is null`),
		index('products_price_desc_idx')
			.on(t.priceNowCents.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
			.where(sql`${t.isActive} and ${t.variantOf} is null`),
		// A category's page, newest first: its listed products in order, without walking the whole catalogue's.
		index('products_category_newest_idx')
			.on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id)
			.where(sql`${t.isActive} and ${t.variantOf} is null`),
		// Related products on a product page: the same category, in stock first, newest next.
		index('products_related_idx')
			.on(t.categoryId, sql`(${t.stock} = 0)`, t.createdAt.desc().nullsFirst(), t.id)
			.where(sql`${t.isActive}`),
		// The sitemap (ADR 0250): a file is a range of numbers; the index reads each range's newest change,
		// hidden products' too (hiding one changes the file), from this index alone; variants are not listed (ADR 0264).
		index('products_sitemap_idx').on(t.sitemapNumber, t.isActive, t.variantOf, t.updatedAt),
		index('products_bestsellers_idx')
			.on(t.soldUnits.desc().nullsFirst(), sql`(${t.badges} @> '["Bestseller"]'::jsonb) desc`, t.createdAt.desc().nullsFirst(), t.id)
			.where(sql`${t.isActive}`),
		index('products_variant_of_idx')
			.on(t.variantOf, t.variantPosition)
			.where(sql`${t.variantOf} is not null`),
		uniqueIndex('products_sku_idx')
			.on(t.sku)
			.where(sql`${t.sku} is not null`),
		check('products_variant_values', sql`${t.variantOf} is null or jsonb_array_length(${t.optionValues}) > 0`),
		check('products_price_cents_range', sql`${t.priceCents} >= 0 and ${t.priceCents} <= 99999900`),
		check(
			'products_sale_window',
			sql`(${t.salePriceCents} is null and ${t.saleStartsAt} is null and ${t.saleEndsAt} is null) or (${t.salePriceCents} is not null and ${t.saleStartsAt} is not null and ${t.saleEndsAt} is not null and ${t.saleStartsAt} < ${t.saleEndsAt} and ${t.salePriceCents} >= 0 and ${t.salePriceCents} < ${t.priceCents})`,
		),
		check('products_stock_not_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
		check('products_burn_time_range', sql`${t.burnTimeHours} is null or (${t.burnTimeHours} >= 1 and ${t.burnTimeHours} <= 999)`),
		check(
			'products_size_range',
			sql`(${t.widthMm} is null and ${t.heightMm} is null and ${t.depthMm} is null) or (${t.widthMm} is not null and ${t.heightMm} is not null and ${t.depthMm} is not null and ${t.widthMm} between 1 and 9999 and ${t.heightMm} between 1 and 9999 and ${t.depthMm} between 1 and 9999)`,
		),
		check('products_weight_range', sql`${t.weightGrams} is null or (${t.weightGrams} >= 1 and ${t.weightGrams} <= 99999)`),
	],
)

/**
 * Every price a product has been sold at (ADR 0245), as (price, from when): the price in effect at a
 * time is the row with the latest from_at not after it. Kept by the database's own trigger on every
 * write of a product's price or sale, which also writes the rows of a scheduled sale's start and end
 * ahead of time (rewritten while still in the future), so the 30-day lowest price before a reduction
 * (ADR 0246) is read from here and no job has to run at the moment a sale starts or ends.
 */
export const productPriceHistory = pgTable(
	'product_price_history',
	{
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		priceCents: integer().notNull(),
		fromAt: timestamp({ withTimezone: true }).notNull(),
	},
	(t) => [primaryKey({ columns: [t.productId, t.fromAt] })],
)
