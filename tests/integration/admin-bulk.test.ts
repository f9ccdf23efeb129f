import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, products } from '#db/schema/index.ts'
import { changeProductsInBulk, setProductStock } from '#server/catalog/admin-bulk.ts'
import { listProductsForAdmin, StockMovedError } from '#server/catalog/admin-products.ts'
import { DEFAULT_LOW_STOCK_THRESHOLD, getLowStockThreshold, setLowStockThreshold } from '#server/catalog/stock-settings.ts'
import { dashboardStats } from '#server/orders/dashboard.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { bulkProductSchema } from '#domain/forms/admin-product-list.ts'
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/databases.ts'

/** ADR 0125: bulk changes, inline stock, the low-stock threshold, the parent category filter. */
describe.each(ENGINES)('admin catalogue at scale on %s', (engine) => {
	let database: TestDatabase
	let serial = 0
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'admin_bulk' })
	})
	afterAll(() => database?.cleanup())
	const db = () => database.handle.db

	async function make(count: number, values: Partial<typeof products.$inferInsert> = {}) {
		const rows = await db()
			.insert(products)
			.values(
				Array.from({ length: count }, () => {
					serial++
					return { slug: `bulk-${serial}`, name: `Produs ${serial}`, kind: 'candle' as const, priceCents: 1000, stock: 5, ...values }
				}),
			)
			.returning({ id: products.id })
		return rows.map((row) => row.id)
	}
	const rowsOf = (ids: string[]) =>
		db()
			.select({ id: products.id, isActive: products.isActive, priceCents: products.priceCents, stock: products.stock })
			.from(products)
			.where(inArray(products.id, ids))
	const bulk = (values: Record<string, unknown>) => changeProductsInBulk(db(), bulkProductSchema.parse({ intent: 'bulk', ...values }))

	it('deactivates, activates, prices and deletes the ticked products only', async () => {
		const ticked = await make(3)
		const [untouched] = await make(1)
		expect(await bulk({ operation: 'deactivate', ids: ticked })).toMatchObject({ count: 3 })
		expect((await rowsOf(ticked)).every((row) => !row.isActive)).toBe(true)
		expect((await rowsOf([untouched!]))[0]!.isActive).toBe(true)
		await bulk({ operation: 'activate', ids: ticked.slice(0, 1) })
		expect((await rowsOf(ticked)).filter((row) => row.isActive)).toHaveLength(1)
		await bulk({ operation: 'price', ids: ticked, value: '12,50' })
		expect((await rowsOf(ticked)).map((row) => row.priceCents)).toEqual([1250, 1250, 1250])
		expect((await rowsOf([untouched!]))[0]!.priceCents).toBe(1000)
		const deleted = await bulk({ operation: 'delete', ids: ticked })
		expect(deleted.count).toBe(3)
		expect(await rowsOf(ticked)).toEqual([])
	})

	it('changes stock by a figure, leaves made-to-order products alone, and refuses the whole batch when any would go below 0', async () => {
		const stocked = await make(2, { stock: 3 })
		const [madeToOrder] = await make(1, { stock: null })
		const [few] = await make(1, { stock: 1 })
		expect(await bulk({ operation: 'stock', ids: [...stocked, madeToOrder!], value: '+4' })).toMatchObject({ count: 2, skipped: 1 })
		expect((await rowsOf([...stocked, madeToOrder!])).map((row) => row.stock).sort()).toEqual([7, 7, null].sort())

		const error = await bulk({ operation: 'stock', ids: [...stocked, few!], value: '-2' }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AdminInputError)
		expect((error as AdminInputError).status).toBe(409)
		expect((error as AdminInputError).message).toMatch(/^Stocul produsului „Produs \d+” ar ieși din intervalul 0–999999; nimic nu a fost modificat$/)
		// One transaction: nothing moved.
		expect((await rowsOf(stocked)).map((row) => row.stock)).toEqual([7, 7])
		expect((await rowsOf([few!]))[0]!.stock).toBe(1)
	})

	it('refuses an empty selection, a bad id list, a zero change and a bad price with Romanian messages', () => {
		const message = (values: Record<string, unknown>) => bulkProductSchema.safeParse({ intent: 'bulk', ...values }).error?.issues[0]?.message
		expect(message({ operation: 'activate', ids: [] })).toBe('Selectează cel puțin un produs')
		expect(message({ operation: 'activate', ids: ['x'] })).toBe('Selectează cel puțin un produs')
		const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
		expect(message({ operation: 'activate', ids: many })).toBe('Poți modifica cel mult 100 de produse odată')
		const id = ['00000000-0000-4000-8000-000000000001']
		expect(message({ operation: 'stock', ids: id, value: '0' })).toBe(
			'Modificarea stocului trebuie să fie un număr întreg între -999999 și 999999, diferit de 0',
		)
		expect(message({ operation: 'price', ids: id, value: '' })).toBe('Prețul este obligatoriu')
		expect(message({ operation: 'price', ids: id, value: '1000000' })).toBe('Prețul trebuie să fie între 0 și 999999')
		expect(message({ operation: 'explode', ids: id })).toBeDefined()
	})

	it('writes an inline stock figure only over the figure the row showed', async () => {
		const [id] = await make(1, { stock: 5 })
		expect(await setProductStock(db(), id!, 9, 5)).toBe(9)
		const error = await setProductStock(db(), id!, 2, 5).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(StockMovedError)
		expect((error as StockMovedError).currentStock).toBe(9)
		expect(await setProductStock(db(), '00000000-0000-4000-8000-000000000000', 1, 1)).toBeNull()
	})

	it('keeps the owner’s low-stock threshold and the dashboard follows it', async () => {
		expect(await getLowStockThreshold(db())).toBe(DEFAULT_LOW_STOCK_THRESHOLD)
		const [id] = await make(1, { stock: 8, name: 'Aproape gata' })
		expect((await dashboardStats(db())).lowStock.map((row) => row.id)).not.toContain(id)
		await setLowStockThreshold(db(), 10)
		await setLowStockThreshold(db(), 8)
		expect(await getLowStockThreshold(db())).toBe(8)
		expect((await dashboardStats(db())).lowStock.map((row) => row.id)).toContain(id)
		await setLowStockThreshold(db(), DEFAULT_LOW_STOCK_THRESHOLD)
	})

	it('filters by a parent category with its subcategories', async () => {
		const [parent] = await db().insert(categories).values({ name: 'Părinte', slug: 'parinte-bulk' }).returning()
		const [child] = await db().insert(categories).values({ name: 'Copil', slug: 'copil-bulk', parentId: parent!.id }).returning()
		const [grandchild] = await db().insert(categories).values({ name: 'Nepot', slug: 'nepot-bulk', parentId: child!.id }).returning()
		const [inChild] = await make(1, { categoryId: child!.id })
		const [inGrandchild] = await make(1, { categoryId: grandchild!.id })
		const [inParent] = await make(1, { categoryId: parent!.id })
		const list = await listProductsForAdmin(db(), { category: parent!.id })
		expect(new Set(list.products.map((row) => row.id))).toEqual(new Set([inChild, inGrandchild, inParent]))
		expect((await listProductsForAdmin(db(), { category: grandchild!.id })).products.map((row) => row.id)).toEqual([inGrandchild])
		expect(list.products[0]).toHaveProperty('kind', 'candle')
		await db().delete(products).where(eq(products.categoryId, parent!.id))
	})
})
