import { and, arrayContains, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '#db/client.ts'
import { categories, orderItems, orders, products, translations } from '#db/schema/index.ts'
import type { Badge, Locale, PortraitSize, ProductKind } from '#domain/enums.ts'
import type { CatalogQuery } from '#domain/catalog-query.ts'
import { CATALOG_PAGE_SIZE, catalogCategoryHref } from '#domain/catalog.ts'
import { isUuid } from '#domain/ids.ts'
import { normalizeSearchText, searchLikePattern } from '#domain/search.ts'
import { HOLD_LIMITS } from '../orders/hold-limits.ts'

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
	priceCents: number
	image: string | null
	badges: Badge[]
	portraitSize: PortraitSize | null
	stock: number | null
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
const publicStock = sql<number | null>`case when ${products.stock} is null then null else least(${products.stock}, ${HOLD_LIMITS.unitsPerAddress}) end`.mapWith(
	products.stock,
)

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
	priceCents: products.priceCents,
	images: products.images,
	badges: products.badges,
	portraitSize: products.portraitSize,
	stock: publicStock,
}

/** A category param is a slug or an id; either way only active categories count. */
function matchesKey(category: CatalogCategory, key: string) {
	return isUuid(key) ? category.id === key : category.slug === key
}

/**
 * Spec §2 catalog: the tabs, the chosen category and its subcategories, and the products that
 * match — all decided here so the first HTML already holds the right products. Keys that name
 * nothing give an empty result, never an error. Two queries: every active category (a shop has a
 * handful, so the tabs, the chosen one and its subcategories are picked from one list), then the
 * products.
 */
/**
 * Products whose name or description, as the visitor reads them, hold the search's words in order,
 * accents aside (ADR 0136): the Romanian text (the source, shown wherever a translation is missing)
 * or its translation in the visitor's language. Both sides are folded the same way: the query by
 * normalizeSearchText, the texts by the generated search_text columns.
 */
export function matchesSearch(q: string, locale: Locale): SQL | undefined {
	const normalized = normalizeSearchText(q)
	if (!normalized) return undefined
	const pattern = searchLikePattern(normalized)
	const own = sql`${products.searchText} like ${pattern}`
	if (locale === 'ro') return own
	const translated = (field: 'name' | 'description') =>
		inArray(field === 'name' ? products.name : products.description, translatedMatches(`product.${field}`, locale, pattern))
	return or(own, translated('name'), translated('description'))
}

function translatedMatches(context: string, locale: Locale, pattern: string) {
	return sql`(select ${translations.sourceText} from ${translations} where ${translations.context} = ${context} and ${translations.locale} = ${locale} and ${translations.searchText} like ${pattern})`
}

/** Units sold per product (paid orders, refunds aside): the bestsellers order. */
const unitsSold = sql<number>`coalesce((select sum(${orderItems.quantity}) from ${orderItems} inner join ${orders} on ${orders.id} = ${orderItems.orderId} where ${orderItems.productId} = ${products.id} and ${orders.paymentStatus} = 'paid'), 0)`

function catalogOrder(sort: CatalogQuery['sort']): SQL[] {
	switch (sort) {
		case 'price-asc':
			return [asc(products.priceCents), desc(products.createdAt), asc(products.id)]
		case 'price-desc':
			return [desc(products.priceCents), desc(products.createdAt), asc(products.id)]
		case 'bestsellers':
			// Sold units first; the owner's Bestseller badge breaks ties (a new shop has sold nothing yet).
			return [desc(unitsSold), sql`${products.badges} @> '["Bestseller"]'::jsonb desc`, desc(products.createdAt), asc(products.id)]
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

	const filters: SQL[] = [eq(products.isActive, true)]
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
	result.products = rows.slice(0, CATALOG_PAGE_SIZE).map(({ images, ...row }) => ({ ...row, image: images[0] ?? null }))
	return result
}

export type ProductDetail = {
	id: string
	slug: string
	name: string
	description: string
	kind: ProductKind
	priceCents: number
	images: string[]
	badges: Badge[]
	stock: number | null
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
			priceCents: products.priceCents,
			images: products.images,
			badges: products.badges,
			stock: publicStock,
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
		})
		.from(products)
		.leftJoin(categories, eq(categories.id, products.categoryId))
		.leftJoin(parentCategories, eq(parentCategories.id, categories.parentId))
		.where(and('id' in key ? eq(products.id, key.id) : eq(products.slug, key.slug), options.includeInactive ? undefined : eq(products.isActive, true)))
		.limit(1)
	if (!row) return null
	const { categorySlug, categoryActive, parentName, parentSlug, parentActive, ...product } = row
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
 * Spec issue 20: other active products of the same category (else of the same kind), those in stock
 * first, newest next; never the product itself.
 */
export async function findRelatedProducts(db: Database, product: Pick<ProductDetail, 'id' | 'categoryId' | 'kind'>): Promise<ProductCard[]> {
	const sameCategory = product.categoryId ? eq(products.categoryId, product.categoryId) : eq(products.kind, product.kind)
	const rows = await db
		.select(productCardColumns)
		.from(products)
		.where(and(eq(products.isActive, true), ne(products.id, product.id), sameCategory))
		.orderBy(sql`${products.stock} = 0`, desc(products.createdAt), asc(products.id))
		.limit(RELATED_PRODUCTS)
	return rows.map(({ images, ...row }) => ({ ...row, image: images[0] ?? null }))
}

/** Everything the sitemap lists: active products and active categories (with an active parent). */
export async function listSitemapEntries(db: Database) {
	const [productRows, categoryRows] = await Promise.all([
		db
			.select({ slug: products.slug, name: products.name, images: products.images, updatedAt: products.updatedAt })
			.from(products)
			.where(eq(products.isActive, true))
			.orderBy(desc(products.createdAt)),
		db
			.select({ slug: categories.slug, parentId: categories.parentId, updatedAt: categories.updatedAt })
			.from(categories)
			.where(eq(categories.isActive, true))
			.orderBy(asc(categories.displayOrder)),
	])
	const topLevel = new Map(categoryRows.filter((c) => c.parentId === null).map((c) => [c.slug, c]))
	const idToSlug = new Map<string, string>()
	const allTop = await db
		.select({ id: categories.id, slug: categories.slug })
		.from(categories)
		.where(and(isNull(categories.parentId), eq(categories.isActive, true)))
	for (const row of allTop) idToSlug.set(row.id, row.slug)
	const subcategories = categoryRows
		.filter((c) => c.parentId !== null && idToSlug.has(c.parentId))
		.map((c) => ({ slug: c.slug, parentSlug: idToSlug.get(c.parentId!)!, updatedAt: c.updatedAt }))
	return { products: productRows, categories: [...topLevel.values()], subcategories }
}
