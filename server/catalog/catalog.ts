import { and, arrayContains, asc, desc, eq, gte, inArray, isNull, lte, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { queryRows, type Database } from '#db/client.ts'
import { categories, products } from '#db/schema/index.ts'
import type { Badge, Locale, PortraitSize, ProductKind } from '#domain/enums.ts'
import type { CatalogQuery } from '#domain/catalog-query.ts'
import { CATALOG_PAGE_SIZE, catalogCategoryHref } from '#domain/catalog.ts'
import { isUuid } from '#domain/ids.ts'
import { normalizeSearchText, searchLikePattern, stemSearchQuery } from '#domain/search.ts'
import { HOLD_LIMITS } from '../orders/hold-limits.ts'
import { saleColumns, withSalePrices, type SaleOffer } from './sale-prices.ts'
import { approvedReviewsColumn, type ApprovedReviewsRead } from '../reviews/reviews.ts'

/** A product's category's parent (a tab), for the link to the category on the product page. */
const parentCategories = alias(categories, 'parent_category')

export type CatalogCategory = {
	id: string
	slug: string
	name: string
	description: string | null
	imageUrl: string | null
	parentId: string | null
}

export type ProductCard = {
	id: string
	slug: string
	name: string
	kind: ProductKind
	/** The price charged now: the sale price while a sale is on (ADR 0245). */
	priceCents: number
	/** The reduction to announce, or null (ADR 0246). */
	sale: SaleOffer | null
	image: string | null
	badges: Badge[]
	portraitSize: PortraitSize | null
	stock: number | null
	/** Sold as variants (ADR 0264): the price is the cheapest variant's, shown as "from". */
	hasVariants: boolean
}

export type CatalogResult = {
	/** Active top-level categories, in display order: one tab each. */
	tabs: CatalogCategory[]
	/** 'all', 'bestsellers', the chosen category, or 'unknown' when the category param names nothing. */
	selected: { type: 'all' } | { type: 'bestsellers' } | { type: 'category'; category: CatalogCategory } | { type: 'unknown' }
	subcategories: CatalogCategory[]
	/** The chosen subcategory; null when none is chosen (or it names nothing, see subcategoryUnknown). */
	subcategory: CatalogCategory | null
	subcategoryUnknown: boolean
	/** This page of the matching products (CATALOG_PAGE_SIZE at most), newest first. */
	products: ProductCard[]
	/** Whether a further page holds more matching products. */
	hasNextPage: boolean
}

/**
 * The stock figure pages may show: capped at what one address may hold at once (ADR 0096), so a
 * stranger learns 'in stock' and how many they may add, never the shop's exact inventory above it.
 * Made-to-order products (null) stay null.
 */
/**
 * A product with variants (ADR 0264) has the stock of its buyable variants together: made to order
 * when one of them is, sold out when all are.
 */
const variantStock = sql`select case when bool_or(v.stock is null) then null else least(coalesce(sum(v.stock), 0), ${HOLD_LIMITS.unitsPerAddress}) end
	from ${products} v where v.variant_of = ${products.id} and v.is_active`

const publicStock = sql<number | null>`case
		when jsonb_array_length(${products.optionNames}) > 0 then (${variantStock})
		when ${products.stock} is null then null
		else least(${products.stock}, ${HOLD_LIMITS.unitsPerAddress}) end`.mapWith(products.stock)

const categoryColumns = {
	id: categories.id,
	slug: categories.slug,
	name: categories.name,
	description: categories.description,
	imageUrl: categories.imageUrl,
	parentId: categories.parentId,
}

const productCardColumns = {
	id: products.id,
	slug: products.slug,
	name: products.name,
	kind: products.kind,
	...saleColumns,
	// A product sold as variants shows its cheapest variant's price now, "from" (ADR 0264); it has no sale of its own.
	priceCents: sql<number>`case when jsonb_array_length(${products.optionNames}) > 0 then ${products.priceNowCents} else ${products.priceCents} end`,
	images: products.images,
	badges: products.badges,
	portraitSize: products.portraitSize,
	stock: publicStock,
	hasVariants: sql<boolean>`jsonb_array_length(${products.optionNames}) > 0`,
}

/** A category param is a slug or an id; either way only active categories count. */
function matchesKey(category: CatalogCategory, key: string) {
	return isUuid(key) ? category.id === key : category.slug === key
}

/**
 * The catalogue page: the tabs, the chosen category and its subcategories, and the products that
 * match — all decided here so the first HTML already holds the right products. Keys that name
 * nothing give an empty result, never an error. Two queries: every active category (a shop has a
 * handful, so the tabs, the chosen one and its subcategories are picked from one list), then the
 * products.
 */
/**
 * Products whose name or description, as the visitor reads them, hold the search's words in order,
 * accents aside (ADR 0136): the Romanian text (the source, shown wherever a translation is missing)
 * or its translation in the visitor's language, or one of their variants' names (ADR 0264). Both
 * sides are folded the same way: the query by normalizeSearchText, the texts by the database, which
 * keeps each listed product's own text (search_text) and the rest it is found by in each language
 * (search_extra_*, ADR 0275) in columns of its row: one search is two indexed columns of one table,
 * so the planner reads the index for a rare word and the catalogue's order for a common one. The
 * query's words lose their plural endings in the visitor's language, so singular and plural find
 * the same products.
 */
export function matchesSearch(q: string, locale: Locale): SQL | undefined {
	const normalized = normalizeSearchText(q)
	if (!normalized) return undefined
	// Each word's stem: 'velas' finds 'vela' and 'velas' alike (ADR 0267).
	const pattern = searchLikePattern(stemSearchQuery(normalized, locale))
	return sql`(${products.searchText} like ${pattern} or ${searchExtraOf[locale]} like ${pattern})`
}

const searchExtraOf: Record<Locale, SQLWrapper> = {
	ro: products.searchExtraRo,
	en: products.searchExtraEn,
	es: products.searchExtraEs,
}

function catalogOrder(sort: CatalogQuery['sort']): SQL[] {
	switch (sort) {
		// The price charged now, a sale's included (ADR 0262).
		case 'price-asc':
			return [asc(products.priceNowCents), desc(products.createdAt), asc(products.id)]
		case 'price-desc':
			return [desc(products.priceNowCents), desc(products.createdAt), asc(products.id)]
		case 'bestsellers':
			// Units sold first (kept by the database, ADR 0165); the owner's Bestseller badge breaks ties
			// (a new shop has sold nothing yet). The same expressions as products_bestsellers_idx.
			return [desc(products.soldUnits), sql`(${products.badges} @> '["Bestseller"]'::jsonb) desc`, desc(products.createdAt), asc(products.id)]
		default:
			return [desc(products.createdAt), asc(products.id)]
	}
}

export async function loadCatalog(db: Database, query: CatalogQuery, locale: Locale = 'ro'): Promise<CatalogResult> {
	const activeCategories = await db
		.select(categoryColumns)
		.from(categories)
		.where(eq(categories.isActive, true))
		.orderBy(asc(categories.displayOrder), asc(categories.name))
	const tabs = activeCategories.filter((category) => category.parentId === null)

	let selected: CatalogResult['selected'] = { type: 'all' }
	if (query.category === 'bestsellers') selected = { type: 'bestsellers' }
	else if (query.category && query.category !== 'all') {
		const key = query.category
		const category = tabs.find((tab) => matchesKey(tab, key))
		selected = category ? { type: 'category', category } : { type: 'unknown' }
	}

	const result: CatalogResult = { tabs, selected, subcategories: [], subcategory: null, subcategoryUnknown: false, products: [], hasNextPage: false }
	if (selected.type === 'unknown') return result

	// Variants are listed through their product (ADR 0264).
	const filters: SQL[] = [eq(products.isActive, true), isNull(products.variantOf)]
	if (selected.type === 'category') {
		const parentId = selected.category.id
		result.subcategories = activeCategories.filter((category) => category.parentId === parentId)
		if (query.subcategory) {
			const key = query.subcategory
			const subcategory = result.subcategories.find((sub) => sub.slug === key || sub.id === key) ?? null
			if (!subcategory) {
				result.subcategoryUnknown = true
				return result
			}
			result.subcategory = subcategory
			filters.push(eq(products.categoryId, subcategory.id))
		} else {
			filters.push(inArray(products.categoryId, [selected.category.id, ...result.subcategories.map((sub) => sub.id)]))
		}
	}
	const badge: Badge | null = selected.type === 'bestsellers' || query.filter === 'bestsellers' ? 'Bestseller' : query.filter === 'new' ? 'Nou' : null
	if (badge) filters.push(arrayContains(products.badges, sql`${JSON.stringify([badge])}::jsonb`))
	if (selected.type === 'bestsellers' && query.filter === 'new') filters.push(arrayContains(products.badges, sql`'["Nou"]'::jsonb`))
	const search = query.q ? matchesSearch(query.q, locale) : undefined
	if (search) filters.push(search)

	const rows = await db
		.select(productCardColumns)
		.from(products)
		.where(and(...filters))
		.orderBy(...catalogOrder(query.sort))
		// One row past the page says whether there is a next one, without a count query.
		.limit(CATALOG_PAGE_SIZE + 1)
		.offset((query.page - 1) * CATALOG_PAGE_SIZE)
	result.hasNextPage = rows.length > CATALOG_PAGE_SIZE
	const cards = rows.slice(0, CATALOG_PAGE_SIZE).map(({ images, ...row }) => ({ ...row, image: images[0] ?? null }))
	result.products = await withSalePrices(db, cards, new Date())
	return result
}

export type ProductDetail = {
	id: string
	slug: string
	name: string
	description: string
	kind: ProductKind
	/** The price charged now: the sale price while a sale is on (ADR 0245). */
	priceCents: number
	/** The reduction to announce, or null (ADR 0246). */
	sale: SaleOffer | null
	images: string[]
	badges: Badge[]
	stock: number | null
	/** Working days a made-to-order product takes before it ships (shown only while stock is null). */
	leadTimeDays: number
	portraitSize: PortraitSize | null
	categoryName: string | null
	/** The catalogue address of the product's category (its parent tab and itself as the subcategory), or null when the category is not on show. */
	categoryHref: string | null
	/** The product's attributes, each null (or false) when the product has none. */
	scent: string | null
	smellsLike: string | null
	waxColor: string | null
	containerType: string | null
	giftWrapAvailable: boolean
	customLabelAvailable: boolean
	/** Measures (ADR 0138): whole hours, millimetres (all three or none), grams. */
	burnTimeHours: number | null
	widthMm: number | null
	heightMm: number | null
	depthMm: number | null
	weightGrams: number | null
	categoryId: string | null
	/** The category's parent (a tab) and its catalogue address, for the breadcrumbs; null for a product in a tab or in no category on show. */
	parentCategoryName: string | null
	parentCategoryHref: string | null
	isActive: boolean
	updatedAt: Date
	/** Sold as variants when not empty (ADR 0264): the options' Romanian names. */
	optionNames: string[]
	/** Its approved reviews, read with it (ADR 0268). */
	approvedReviews: ApprovedReviewsRead | null
}

/**
 * One active product by slug or id, with its category's name; null when there is none. Staff
 * previewing the shop (`includeInactive`) also find inactive ones.
 */
export async function findActiveProduct(
	db: Database,
	key: { id: string } | { slug: string },
	options: { includeInactive?: boolean } = {},
): Promise<ProductDetail | null> {
	const [row] = await db
		.select({
			id: products.id,
			slug: products.slug,
			name: products.name,
			description: products.description,
			kind: products.kind,
			...saleColumns,
			images: products.images,
			badges: products.badges,
			stock: publicStock,
			leadTimeDays: products.leadTimeDays,
			portraitSize: products.portraitSize,
			scent: products.scent,
			smellsLike: products.smellsLike,
			waxColor: products.waxColor,
			containerType: products.containerType,
			giftWrapAvailable: products.giftWrapAvailable,
			customLabelAvailable: products.customLabelAvailable,
			burnTimeHours: products.burnTimeHours,
			widthMm: products.widthMm,
			heightMm: products.heightMm,
			depthMm: products.depthMm,
			weightGrams: products.weightGrams,
			categoryId: products.categoryId,
			categoryName: categories.name,
			categorySlug: categories.slug,
			categoryActive: categories.isActive,
			parentName: parentCategories.name,
			parentSlug: parentCategories.slug,
			parentActive: parentCategories.isActive,
			isActive: products.isActive,
			updatedAt: products.updatedAt,
			optionNames: products.optionNames,
			approvedReviews: approvedReviewsColumn(),
		})
		.from(products)
		.leftJoin(categories, eq(categories.id, products.categoryId))
		.leftJoin(parentCategories, eq(parentCategories.id, categories.parentId))
		.where(
			and(
				'id' in key ? eq(products.id, key.id) : eq(products.slug, key.slug),
				isNull(products.variantOf),
				options.includeInactive ? undefined : eq(products.isActive, true),
			),
		)
		.limit(1)
	if (!row) return null
	const [priced] = await withSalePrices(db, [row], new Date())
	const { categorySlug, categoryActive, parentName, parentSlug, parentActive, ...product } = priced!
	const onShow = !!categorySlug && !!categoryActive && (parentSlug === null || !!parentActive)
	return {
		...product,
		categoryHref: onShow ? catalogCategoryHref(categorySlug, parentSlug) : null,
		parentCategoryName: onShow && parentSlug ? parentName : null,
		parentCategoryHref: onShow && parentSlug ? catalogCategoryHref(parentSlug, null) : null,
	}
}

/** How many related products a product page shows. */
export const RELATED_PRODUCTS = 4

/**
 * Related products (ADR 0136): other active products of the same category (else of the same kind), those in stock
 * first, newest next; never the product itself.
 */
export async function findRelatedProducts(db: Database, product: Pick<ProductDetail, 'id' | 'categoryId' | 'kind'>): Promise<ProductCard[]> {
	const sameCategory = product.categoryId ? eq(products.categoryId, product.categoryId) : eq(products.kind, product.kind)
	const rows = await db
		.select(productCardColumns)
		.from(products)
		.where(and(eq(products.isActive, true), isNull(products.variantOf), ne(products.id, product.id), sameCategory))
		// The same expressions as products_related_idx.
		.orderBy(sql`(${products.stock} = 0)`, desc(products.createdAt), asc(products.id))
		.limit(RELATED_PRODUCTS)
	return withSalePrices(
		db,
		rows.map(({ images, ...row }) => ({ ...row, image: images[0] ?? null })),
		new Date(),
	)
}

/** The categories the sitemap lists: active ones, subcategories only under an active parent. */
export async function listSitemapCategories(db: Database) {
	const categoryRows = await db
		.select({ id: categories.id, slug: categories.slug, parentId: categories.parentId, updatedAt: categories.updatedAt })
		.from(categories)
		.where(eq(categories.isActive, true))
		.orderBy(asc(categories.displayOrder), asc(categories.slug))
	const topLevel = categoryRows.filter((c) => c.parentId === null)
	const slugOf = new Map(topLevel.map((c) => [c.id, c.slug]))
	const subcategories = categoryRows
		.filter((c) => c.parentId !== null && slugOf.has(c.parentId))
		.map((c) => ({ slug: c.slug, parentSlug: slugOf.get(c.parentId!)!, updatedAt: c.updatedAt }))
	return { categories: topLevel.map(({ slug, updatedAt }) => ({ slug, updatedAt })), subcategories }
}

/** The active products numbered `first` to `last` (ADR 0250): one range of the sitemap index, read from it. */
export async function listSitemapProducts(db: Database, range: { first: number; last: number }) {
	return sitemapProductsQuery(db, range)
}

/** The query behind listSitemapProducts, for EXPLAIN in the scale suite. */
export function sitemapProductsQuery(db: Database, range: { first: number; last: number }) {
	return db
		.select({ slug: products.slug, name: products.name, images: products.images, updatedAt: products.updatedAt })
		.from(products)
		.where(and(eq(products.isActive, true), isNull(products.variantOf), gte(products.sitemapNumber, range.first), lte(products.sitemapNumber, range.last)))
		.orderBy(asc(products.sitemapNumber))
}

/**
 * The sitemap's files of products that hold at least one active product, each with its newest
 * change, a hidden product's included (hiding it took it out of the file): one pass over the
 * sitemap index, grouped by range, so the database returns a row per file, never the products.
 */
export async function listSitemapProductFiles(db: Database, productsPerFile: number): Promise<{ number: number; lastmod: Date }[]> {
	const rows = await queryRows<{ number: string | number; lastmod: string | Date }>(db, sitemapProductFilesQuery(productsPerFile))
	return rows.map((row) => ({ number: Number(row.number), lastmod: new Date(row.lastmod) }))
}

/** The query behind listSitemapProductFiles, for EXPLAIN in the scale suite. */
export function sitemapProductFilesQuery(productsPerFile: number) {
	return sql`select (${products.sitemapNumber} - 1) / ${productsPerFile} + 1 as number, max(${products.updatedAt}) as lastmod
		from ${products} group by 1 having bool_or(${products.isActive} and ${products.variantOf} is null) order by 1`
}

/** When a category last changed, hidden ones included (hiding one took it out of the sitemap); null when there is none. */
export async function lastSitemapCategoryChange(db: Database): Promise<Date | null> {
	const [row] = await db.select({ lastmod: sql<string | Date | null>`max(${categories.updatedAt})` }).from(categories)
	return row?.lastmod ? new Date(row.lastmod) : null
}
