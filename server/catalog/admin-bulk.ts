import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { products } from '#db/schema/index.ts'
import type { BulkProductChange } from '#domain/forms/admin-product-list.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { AdminInputError } from '../admin/errors.ts'
import { deleteCatalogImages } from '../media/admin-images.ts'
import type { CatalogApp } from './admin-categories.ts'
import { StockMovedError } from './admin-products.ts'

/** What a bulk change did: how many products it changed, and how many it left (made to order, for a stock change). */
export type BulkResult = { count: number; skipped: number }

/**
 * One bulk change of the ticked products (ADR 0125), in one transaction: all of it applies or none.
 * Products deleted meanwhile (another tab) are simply not counted. A stock change adds to (or takes
 * from) each stocked product's live figure with one guarded statement, so units held by checkouts
 * are never written over (ADR 0094); made-to-order products keep no figure and are left as they are.
 * A change that would take any product below 0 refuses the whole batch, naming it.
 */
export async function changeProductsInBulk(db: DbExecutor, change: BulkProductChange): Promise<BulkResult & { removedImages: string[] }> {
	return db.transaction(async (tx) => {
		const chosen = inArray(products.id, change.ids)
		switch (change.operation) {
			case 'activate':
			case 'deactivate': {
				const rows = await tx
					.update(products)
					.set({ isActive: change.operation === 'activate' })
					.where(chosen)
					.returning({ id: products.id })
				return { count: rows.length, skipped: 0, removedImages: [] }
			}
			case 'price': {
				// A sale whose price would no longer be below the new price is no reduction any more: it is dropped (ADR 0245).
				const keepsSale = sql`${products.salePriceCents} < ${change.value}`
				const rows = await tx
					.update(products)
					.set({
						priceCents: change.value,
						salePriceCents: sql`case when ${keepsSale} then ${products.salePriceCents} end`,
						saleStartsAt: sql`case when ${keepsSale} then ${products.saleStartsAt} end`,
						saleEndsAt: sql`case when ${keepsSale} then ${products.saleEndsAt} end`,
					})
					// A product sold as variants has its prices on them (ADR 0264): it is skipped, and counted so.
					.where(and(chosen, sql`jsonb_array_length(${products.optionNames}) = 0`))
					.returning({ id: products.id })
				return { count: rows.length, skipped: change.ids.length - rows.length, removedImages: [] }
			}
			case 'delete': {
				const rows = await tx.delete(products).where(chosen).returning({ images: products.images })
				return { count: rows.length, skipped: 0, removedImages: rows.flatMap((row) => row.images) }
			}
			case 'stock': {
				const stocked = await tx
					.select({ id: products.id, name: products.name, stock: products.stock })
					.from(products)
					.where(and(chosen, isNotNull(products.stock)))
				const existing = await tx.select({ id: products.id }).from(products).where(chosen)
				const rows = await tx
					.update(products)
					.set({ stock: sql`${products.stock} + ${change.value}` })
					.where(and(chosen, isNotNull(products.stock), sql`${products.stock} + ${change.value} between 0 and 999999`))
					.returning({ id: products.id })
				if (rows.length < stocked.length) {
					const changed = new Set(rows.map((row) => row.id))
					const refused = stocked.find((row) => !changed.has(row.id))!
					throw new AdminInputError(adminT('bulk.stockOutOfRange', { name: refused.name }), 409, 'value')
				}
				return { count: rows.length, skipped: existing.length - stocked.length, removedImages: [] }
			}
		}
	})
}

/** The admin's bulk change, then the stored pictures of deleted products removed (after the commit). */
export async function applyBulkProductChange(app: CatalogApp, change: BulkProductChange): Promise<BulkResult> {
	const { removedImages, ...result } = await changeProductsInBulk(app.db, change)
	await deleteCatalogImages(app, removedImages)
	return result
}

/**
 * A stock figure typed in the products list: written only while the stock still is the figure the
 * row showed (ADR 0094), else refused with the figure now. Null when there is no such product.
 */
export async function setProductStock(db: DbExecutor, id: string, stock: number, loadedStock: number): Promise<number | null> {
	const rows = await db
		.update(products)
		.set({ stock })
		.where(and(eq(products.id, id), sql`${products.stock} is not distinct from ${loadedStock}`))
		.returning({ stock: products.stock })
	if (rows.length > 0) return stock
	const [now] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, id))
	if (!now) return null
	throw new StockMovedError(now.stock)
}
