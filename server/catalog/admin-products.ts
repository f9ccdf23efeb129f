import { escapeLike } from '#domain/search.ts'
import { adminSearchNarrowing, adminTextMatch } from '../search/admin-text-match.ts'
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { categories, products } from '#db/schema/index.ts'
import { PRODUCT_EDIT_FIELDS, SALE_FIELDS, productFormSchema, type ProductFormValues, type ProductInput } from '#domain/forms/admin-product.ts'
import type { EditStamp } from '#domain/forms/edit-version.ts'
import { checkEdit, pickColumns } from '../admin/edit-conflict.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { queueContentTranslation } from '../translation/content.ts'
import { descendantIds, type CatalogApp } from './admin-categories.ts'
import { AdminInputError, isUniqueViolation } from '../admin/errors.ts'
import { formatAmount } from '#domain/money.ts'
import { saleActiveAt } from '#domain/sale-price.ts'
import { shopDaysOf, shopDaysWindow } from '#domain/shop-calendar.ts'
import { deleteCatalogImages } from '../media/admin-images.ts'
import { syncVariantParent } from './variants.ts'

/**
 * A stock change refused because checkouts (or another admin) moved the stock since the form was
 * loaded: writing the typed figure would undo their reservations and sell units twice.
 */
export class StockMovedError extends AdminInputError {
	override name = 'StockMovedError'
	constructor(readonly currentStock: number | null) {
		super(adminT('messages.stockMoved', { stock: currentStock ?? adminT('messages.stockUnlimited') }), 409, 'stock')
	}
}

export const ADMIN_PRODUCTS_PAGE_SIZE = 20

export type ProductListQuery = {
	q?: string
	/** A category id (its subcategories included), 'none' for products whose category was deleted, or undefined for all. */
	category?: string
	page?: number
}

/** The admin list: every product newest first, with search, a category filter (a parent shows its subcategories' products too) and pages. */
export async function listProductsForAdmin(db: DbExecutor, query: ProductListQuery) {
	// Variants are edited on their product's page (ADR 0264).
	const conditions: SQL[] = [isNull(products.variantOf)]
	const q = query.q?.trim()
	if (q) {
		// The index finds the products that hold the query somewhere; the exact match decides on those.
		conditions.push(
			adminSearchNarrowing(products.adminSearch, q)!,
			or(adminTextMatch(products.name, q, products.nameFolded), ilike(products.slug, `%${escapeLike(q)}%`))!,
		)
	}
	if (query.category === 'none') conditions.push(isNull(products.categoryId))
	else if (query.category) conditions.push(inArray(products.categoryId, [query.category, ...(await descendantIds(db, query.category))]))
	const where = conditions.length ? and(...conditions) : undefined

	const [total] = await db.select({ value: count() }).from(products).where(where)
	const pages = Math.max(1, Math.ceil((total?.value ?? 0) / ADMIN_PRODUCTS_PAGE_SIZE))
	const page = Math.min(Math.max(1, query.page ?? 1), pages)
	// The page's ids first, stepping over the earlier pages in the index alone; then only its own rows are read.
	const pageIds = db
		.select({ id: products.id })
		.from(products)
		.where(where)
		.orderBy(desc(products.createdAt), desc(products.id))
		.limit(ADMIN_PRODUCTS_PAGE_SIZE)
		.offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE)
		.as('page_ids')
	const rows = await db
		.select({
			id: products.id,
			name: products.name,
			slug: products.slug,
			kind: products.kind,
			categoryId: products.categoryId,
			categoryName: categories.name,
			priceCents: products.priceCents,
			stock: products.stock,
			variantCount: sql<number>`(select count(*)::int from ${products} v where v.variant_of = ${products.id} and v.is_active)`,
			badges: products.badges,
			isActive: products.isActive,
			image: products.images,
		})
		.from(pageIds)
		.innerJoin(products, eq(products.id, pageIds.id))
		.leftJoin(categories, eq(categories.id, products.categoryId))
		.orderBy(desc(products.createdAt), desc(products.id))
	return {
		products: rows.map(({ image, ...row }) => ({ ...row, image: image[0] ?? null })),
		total: total?.value ?? 0,
		page,
		pages,
	}
}

export async function getProduct(db: DbExecutor, id: string) {
	const [row] = await db
		.select()
		.from(products)
		.where(and(eq(products.id, id), isNull(products.variantOf)))
		.limit(1)
	return row ?? null
}

type ProductRow = typeof products.$inferSelect

/** A measure as the form shows it: '' when the product has none. */
const measure = (value: number | null) => (value === null ? '' : String(value))

/** A product as its edit form shows it (and as a conflict compares it, ADR 0225). */
export function productFormValues(product: ProductRow): ProductFormValues {
	return {
		name: product.name,
		slug: product.slug,
		description: product.description,
		kind: product.kind,
		categoryId: product.categoryId ?? '',
		// Written the Romanian way, as the admin types it (ADR 0220).
		price: formatAmount(product.priceCents, 'ro'),
		stock: product.stock === null ? '' : String(product.stock),
		madeToOrder: product.stock === null,
		loadedStock: product.stock === null ? '' : String(product.stock),
		badges: product.badges,
		isActive: product.isActive,
		images: product.images,
		portraitSize: product.portraitSize ?? '',
		scent: product.scent ?? '',
		smellsLike: product.smellsLike ?? '',
		waxColor: product.waxColor ?? '',
		containerType: product.containerType ?? '',
		customLabelAvailable: product.customLabelAvailable,
		giftWrapAvailable: product.giftWrapAvailable,
		burnTimeHours: measure(product.burnTimeHours),
		widthMm: measure(product.widthMm),
		heightMm: measure(product.heightMm),
		depthMm: measure(product.depthMm),
		weightGrams: measure(product.weightGrams),
		leadTimeDays: String(product.leadTimeDays),
		...saleFormValues(product),
	}
}

/** Where a product's sale stands at `at`, for the form's note. */
function saleState(product: ProductRow, at: Date): 'none' | 'scheduled' | 'active' | 'ended' {
	if (product.salePriceCents === null || !product.saleStartsAt || !product.saleEndsAt) return 'none'
	if (saleActiveAt(product, at)) return 'active'
	return at < product.saleStartsAt ? 'scheduled' : 'ended'
}

/** A product's sale as its form shows it: the price the Romanian way, its first and last days in the shop's calendar; all '' for none. */
function saleFormValues(product: ProductRow) {
	if (product.salePriceCents === null || !product.saleStartsAt || !product.saleEndsAt) return { salePrice: '', saleFirstDay: '', saleLastDay: '' }
	const { firstDay, lastDay } = shopDaysOf(product.saleStartsAt, product.saleEndsAt)
	return { salePrice: formatAmount(product.salePriceCents, 'ro'), saleFirstDay: firstDay, saleLastDay: lastDay }
}

/** The product's edit form: its values and the version they are (ADR 0225), or null when there is no such product. */
export async function getProductForEdit(db: DbExecutor, id: string) {
	const product = await getProduct(db, id)
	return product ? { version: product.version, values: productFormValues(product), saleState: saleState(product, new Date()) } : null
}

/** The columns a product save writes, from the parsed form. */
function productColumns(input: ProductInput) {
	return {
		name: input.name,
		slug: input.slug,
		description: input.description,
		kind: input.kind,
		categoryId: input.categoryId,
		priceCents: input.price,
		badges: input.badges,
		isActive: input.isActive,
		images: input.images,
		portraitSize: input.portraitSize,
		scent: input.scent,
		smellsLike: input.smellsLike,
		waxColor: input.waxColor,
		containerType: input.containerType,
		customLabelAvailable: input.customLabelAvailable,
		giftWrapAvailable: input.giftWrapAvailable,
		burnTimeHours: input.burnTimeHours,
		widthMm: input.widthMm,
		heightMm: input.heightMm,
		depthMm: input.depthMm,
		weightGrams: input.weightGrams,
		leadTimeDays: input.leadTimeDays,
		...saleColumnValues(input),
	}
}

/** A typed sale as the columns keep it (ADR 0245): from midnight of its first day to midnight after its last, Romanian time. */
function saleColumnValues(input: ProductInput) {
	if (input.salePrice === null || !input.saleFirstDay || !input.saleLastDay) return { salePriceCents: null, saleStartsAt: null, saleEndsAt: null }
	const { startsAt, endsAt } = shopDaysWindow(input.saleFirstDay, input.saleLastDay)
	return { salePriceCents: input.salePrice, saleStartsAt: startsAt, saleEndsAt: endsAt }
}

type ProductColumn = keyof ReturnType<typeof productColumns>
const SALE_COLUMNS: ProductColumn[] = ['salePriceCents', 'saleStartsAt', 'saleEndsAt']

/**
 * The columns the touched fields write (the price is kept in cents). A sale is written whole when
 * any of its fields changed: its three columns are all or none.
 */
function touchedColumns(touched: readonly (typeof PRODUCT_EDIT_FIELDS)[number][]): ProductColumn[] {
	const sale = touched.some((field) => (SALE_FIELDS as readonly string[]).includes(field))
	const others = touched.filter((field) => !(SALE_FIELDS as readonly string[]).includes(field)) as Exclude<
		(typeof touched)[number],
		(typeof SALE_FIELDS)[number]
	>[]
	return [...others.map((field): ProductColumn => (field === 'price' ? 'priceCents' : field)), ...(sale ? SALE_COLUMNS : [])]
}

/**
 * Creates (id null) or updates a product; the category must exist and the slug be free. An edit
 * is checked against the version its form loaded and writes only the fields the admin changed
 * (ADR 0225), under the product's row lock, in one transaction. Returns the images it no longer
 * uses and the product's version after the save.
 */
export async function saveProduct(
	db: DbExecutor,
	id: string | null,
	input: ProductInput & EditStamp<ProductInput>,
): Promise<{ id: string; created: boolean; removedImages: string[]; version: number }> {
	try {
		return await db.transaction(async (tx) => {
			const [existing] = id ? await tx.select().from(products).where(eq(products.id, id)).for('update') : []
			if (id && !existing) throw new AdminInputError(adminT('common.notFound'), 404)
			const touched = existing
				? checkEdit({
						schema: productFormSchema,
						fields: PRODUCT_EDIT_FIELDS,
						typed: input,
						current: { version: existing.version, values: productFormValues(existing) },
					})
				: PRODUCT_EDIT_FIELDS
			if (touched.includes('categoryId')) {
				const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1)
				if (!category) throw new AdminInputError(adminT('messages.categoryMissing'), 400, 'categoryId')
			}
			if (touched.includes('slug')) {
				const [clash] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, input.slug)).limit(1)
				if (clash && clash.id !== id) throw new AdminInputError(adminT('messages.duplicateProductSlug'), 409, 'slug')
			}
			const values = productColumns(input)
			if (existing) {
				const version = await updateProductRow(tx, existing, pickColumns(values, touchedColumns(touched)), input)
				// Sold as variants (ADR 0264): its price and stock stay its variants', and they take its new name.
				if (existing.optionNames.length > 0) await syncVariantParent(tx, existing.id)
				const removedImages = touched.includes('images') ? existing.images.filter((url) => !input.images.includes(url)) : []
				return { id: existing.id, created: false, removedImages, version }
			}
			const [row] = await tx
				.insert(products)
				.values({ ...values, stock: input.stock })
				.returning({ id: products.id, version: products.version })
			return { id: row!.id, created: true, removedImages: [], version: row!.version }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AdminInputError(adminT('messages.duplicateProductSlug'), 409, 'slug')
		throw error
	}
}

/**
 * Writes an edited product's changed fields; returns its version after the write. Live stock
 * moves under the form (checkouts hold and release units), so the figure the admin typed is never
 * written blindly: when it equals the figure the form was loaded with, the admin did not touch
 * stock and the column is left out of the update; otherwise the update only applies while stock
 * still is the loaded figure (one guarded statement, so no checkout can slip in between a check
 * and the write). A form that did not say what it loaded may only confirm the live figure. A miss
 * refuses the whole save with the current figure.
 */
async function updateProductRow(tx: DbExecutor, existing: ProductRow, values: Partial<ProductRow>, input: ProductInput) {
	const stockUntouched = input.loadedStock !== undefined && input.stock === input.loadedStock
	if (stockUntouched && Object.keys(values).length === 0) return existing.version
	const expected = input.loadedStock === undefined ? input.stock : input.loadedStock
	const [updated] = await tx
		.update(products)
		.set(stockUntouched ? values : { ...values, stock: input.stock })
		.where(and(eq(products.id, existing.id), stockUntouched ? undefined : sql`${products.stock} is not distinct from ${expected}`))
		.returning({ version: products.version })
	if (updated) return updated.version
	const [now] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, existing.id))
	throw new StockMovedError(now?.stock ?? null)
}

/** Sets is_active by id; the new state, or null when there is no such product. */
export async function setProductActive(db: DbExecutor, id: string, isActive: boolean) {
	const [row] = await db.update(products).set({ isActive }).where(eq(products.id, id)).returning({ isActive: products.isActive })
	return row ? row.isActive : null
}

/** Deletes a product; order lines keep their copy of name and price (their product link is cleared). Returns its images. */
export async function deleteProduct(db: DbExecutor, id: string) {
	const [row] = await db.delete(products).where(eq(products.id, id)).returning({ images: products.images })
	return row ?? null
}

/** The admin's save: the product, then the pictures it no longer uses deleted and its texts queued for translation. */
export async function saveProductContent(app: CatalogApp, id: string | null, input: ProductInput & EditStamp<ProductInput>) {
	const saved = await saveProduct(app.db, id, input)
	await deleteCatalogImages(app, saved.removedImages)
	await queueContentTranslation(app, { kind: 'product', id: saved.id })
	return saved
}

/** The admin's delete: the product, then its stored pictures. False when there is none. */
export async function removeProduct(app: CatalogApp, id: string): Promise<boolean> {
	const deleted = await deleteProduct(app.db, id)
	if (!deleted) return false
	await deleteCatalogImages(app, deleted.images)
	return true
}
