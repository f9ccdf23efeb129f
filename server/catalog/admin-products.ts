import { escapeLike } from '#domain/search.ts'
import { adminTextMatch } from '../search/admin-text-match.ts'
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { categories, products } from '#db/schema/index.ts'
import type { ProductInput } from '#domain/forms/admin-product.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { queueContentTranslation } from '../translation/content.ts'
import { descendantIds, type CatalogApp } from './admin-categories.ts'
import { AdminInputError, isUniqueViolation } from '../admin/errors.ts'
import { deleteCatalogImages } from '../media/admin-images.ts'

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

/** Spec §7 admin list: every product newest first, with search, a category filter (a parent shows its subcategories' products too) and pages. */
export async function listProductsForAdmin(db: DbExecutor, query: ProductListQuery) {
	const conditions: SQL[] = []
	const q = query.q?.trim()
	if (q) {
		conditions.push(or(adminTextMatch(products.name, q), ilike(products.slug, `%${escapeLike(q)}%`))!)
	}
	if (query.category === 'none') conditions.push(isNull(products.categoryId))
	else if (query.category) conditions.push(inArray(products.categoryId, [query.category, ...(await descendantIds(db, query.category))]))
	const where = conditions.length ? and(...conditions) : undefined

	const [total] = await db.select({ value: count() }).from(products).where(where)
	const pages = Math.max(1, Math.ceil((total?.value ?? 0) / ADMIN_PRODUCTS_PAGE_SIZE))
	const page = Math.min(Math.max(1, query.page ?? 1), pages)
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
			badges: products.badges,
			isActive: products.isActive,
			image: products.images,
		})
		.from(products)
		.leftJoin(categories, eq(categories.id, products.categoryId))
		.where(where)
		.orderBy(desc(products.createdAt), desc(products.id))
		.limit(ADMIN_PRODUCTS_PAGE_SIZE)
		.offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE)
	return {
		products: rows.map(({ image, ...row }) => ({ ...row, image: image[0] ?? null })),
		total: total?.value ?? 0,
		page,
		pages,
	}
}

export async function getProduct(db: DbExecutor, id: string) {
	const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1)
	return row ?? null
}

/** Creates (id null) or updates a product; the category must exist and the slug be free. Returns the images it no longer uses. */
export async function saveProduct(db: DbExecutor, id: string | null, input: ProductInput): Promise<{ id: string; created: boolean; removedImages: string[] }> {
	try {
		return await db.transaction(async (tx) => {
			const existing = id ? await getProduct(tx, id) : null
			if (id && !existing) throw new AdminInputError(adminT('common.notFound'), 404)
			const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1)
			if (!category) throw new AdminInputError(adminT('messages.categoryMissing'), 400, 'categoryId')
			const [clash] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, input.slug)).limit(1)
			if (clash && clash.id !== id) throw new AdminInputError(adminT('messages.duplicateProductSlug'), 409, 'slug')

			const values = {
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
			}
			if (existing) {
				await updateProductRow(tx, existing.id, values, input)
				return { id: existing.id, created: false, removedImages: existing.images.filter((url) => !input.images.includes(url)) }
			}
			const [row] = await tx
				.insert(products)
				.values({ ...values, stock: input.stock })
				.returning({ id: products.id })
			return { id: row!.id, created: true, removedImages: [] }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AdminInputError(adminT('messages.duplicateProductSlug'), 409, 'slug')
		throw error
	}
}

/**
 * Writes an edited product. Live stock moves under the form (checkouts hold and release units), so
 * the figure the admin typed is never written blindly: when it equals the figure the form was
 * loaded with, the admin did not touch stock and the column is left out of the update; otherwise
 * the update only applies while stock still is the loaded figure (one guarded statement, so no
 * checkout can slip in between a check and the write). A form that did not say what it loaded
 * may only confirm the live figure. A miss refuses the whole save with the current figure.
 */
async function updateProductRow(tx: DbExecutor, id: string, values: Omit<typeof products.$inferInsert, 'stock'>, input: ProductInput) {
	const stockUntouched = input.loadedStock !== undefined && input.stock === input.loadedStock
	if (stockUntouched) {
		await tx.update(products).set(values).where(eq(products.id, id))
		return
	}
	const expected = input.loadedStock === undefined ? input.stock : input.loadedStock
	const updated = await tx
		.update(products)
		.set({ ...values, stock: input.stock })
		.where(and(eq(products.id, id), sql`${products.stock} is not distinct from ${expected}`))
		.returning({ id: products.id })
	if (updated.length > 0) return
	const [now] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id))
	throw new StockMovedError(now?.stock ?? null)
}

/** Spec §7: update is_active by id; the new state, or null when there is no such product. */
export async function setProductActive(db: DbExecutor, id: string, isActive: boolean) {
	const [row] = await db.update(products).set({ isActive }).where(eq(products.id, id)).returning({ isActive: products.isActive })
	return row ? row.isActive : null
}

/** Deletes a product; order lines keep their copy of name and price (their product link is cleared). Returns its images. */
export async function deleteProduct(db: DbExecutor, id: string) {
	const [row] = await db.delete(products).where(eq(products.id, id)).returning({ images: products.images })
	return row ?? null
}

/** The admin's save (spec §5): the product, then the pictures it no longer uses deleted and its texts queued for translation. */
export async function saveProductContent(app: CatalogApp, id: string | null, input: ProductInput) {
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
