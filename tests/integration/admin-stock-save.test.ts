import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { products, stockHolds } from '#db/schema/index.ts'
import { saveCategory } from '#server/catalog/admin-categories.ts'
import { saveProduct, StockMovedError } from '#server/catalog/admin-products.ts'
import { CheckoutRejectedError, placeOrder } from '#server/orders/place-order.ts'
import { categoryFormSchema } from '#domain/forms/admin-category.ts'
import { emptyProductForm, productFormSchema, type ProductFormValues } from '#domain/forms/admin-product.ts'
import { customer, orderInput } from '../support/checkout-fixtures.ts'
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/databases.ts'

/**
 * ADR 0094: an admin product save must never write back a stock figure that checkouts (or
 * another admin) moved since the form was loaded.
 */
describe.each(ENGINES)('admin product save and live stock on %s', (engine) => {
	let database: TestDatabase
	let categoryId = ''
	let serial = 0
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'admin_stock' })
		const saved = await saveCategory(
			database.handle.db,
			null,
			categoryFormSchema.parse({
				name: 'Lumânări',
				slug: 'lumanari-stoc',
				description: '',
				parentId: '',
				displayOrder: '0',
				isActive: true,
				price: '',
				imageUrl: null,
			}),
		)
		categoryId = saved.id
	})
	afterAll(() => database?.cleanup())

	const db = () => database.handle.db

	/** Creates a product through the admin form with this stock, and returns the form as the edit page loads it. */
	async function productWithStock(stock: number): Promise<{ id: string; form: ProductFormValues }> {
		serial++
		const form: ProductFormValues = {
			...emptyProductForm,
			name: `Lumânare ${serial}`,
			slug: `lumanare-stoc-${serial}`,
			categoryId,
			price: '20',
			stock: String(stock),
			description: 'Prima',
		}
		const { id } = await saveProduct(db(), null, productFormSchema.parse(form))
		return { id, form: { ...form, loadedStock: String(stock) } }
	}

	const buy = (productId: string, on: Database = db()) =>
		placeOrder(on, { ...orderInput, customer, lines: [{ kind: 'product', productId: productId, quantity: 1 }] }).then(
			() => true,
			(error: unknown) => {
				if (error instanceof CheckoutRejectedError) return false
				throw error
			},
		)

	async function stockOf(id: string) {
		const [row] = await db().select({ stock: products.stock, description: products.description }).from(products).where(eq(products.id, id))
		return row!
	}

	async function unitsHeldOrSold(id: string) {
		const [row] = await db()
			.select({ units: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int` })
			.from(stockHolds)
			.where(and(eq(stockHolds.productId, id), inArray(stockHolds.status, ['held', 'sold'])))
		return row!.units
	}

	it('stock 5, three checkouts, then a description-only save with the loaded 5: stock stays 2 and only 5 units ever sell', async () => {
		const { id, form } = await productWithStock(5)
		for (let i = 0; i < 3; i++) expect(await buy(id)).toBe(true)
		expect((await stockOf(id)).stock).toBe(2)

		await saveProduct(db(), id, productFormSchema.parse({ ...form, description: 'Descriere nouă' }))
		expect(await stockOf(id)).toEqual({ stock: 2, description: 'Descriere nouă' })

		// Everybody else keeps buying until the shop says no: never more than the 5 units there were.
		const results = []
		for (let i = 0; i < 6; i++) results.push(await buy(id))
		expect(results.filter(Boolean)).toHaveLength(2)
		expect(await unitsHeldOrSold(id)).toBe(5)
		expect((await stockOf(id)).stock).toBe(0)
	})

	it('description-only saves racing 20 checkouts of 5 units: held units and stock always add up to 5', async () => {
		const { id, form } = await productWithStock(5)
		const buyers = engine === 'postgres' ? [db(), (await database.openAnother()).db] : [db()]
		const work: Promise<unknown>[] = []
		for (let i = 0; i < 20; i++) {
			const bought = buy(id, buyers[i % buyers.length])
			work.push(bought)
			// Each save lands once at least one checkout has moved the stock, while the others run on.
			if (i % 4 === 0) work.push(bought.then(() => saveProduct(db(), id, productFormSchema.parse({ ...form, description: `Ediția ${i}` }))))
		}
		await Promise.all(work)
		expect(await unitsHeldOrSold(id)).toBe(5)
		expect((await stockOf(id)).stock).toBe(0)
	})

	it('a stock change made after checkouts moved the stock is refused with the current figure, and nothing of that save is written', async () => {
		const { id, form } = await productWithStock(5)
		for (let i = 0; i < 3; i++) await buy(id)

		const error = await saveProduct(db(), id, productFormSchema.parse({ ...form, stock: '10', description: 'Nu se salvează' })).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(StockMovedError)
		expect(error).toMatchObject({
			status: 409,
			field: 'stock',
			currentStock: 2,
			message: 'Stocul s-a modificat între timp (acum: 2). Verifică și salvează din nou.',
		})
		expect(await stockOf(id)).toEqual({ stock: 2, description: 'Prima' })

		// Saved again against the figure the refusal reported, the change goes through.
		await saveProduct(db(), id, productFormSchema.parse({ ...form, stock: '10', loadedStock: '2', description: 'Se salvează' }))
		expect(await stockOf(id)).toEqual({ stock: 10, description: 'Se salvează' })
	})

	it('two admins editing the same stock: the second save is refused and told what the first one set', async () => {
		const { id, form } = await productWithStock(5)
		await saveProduct(db(), id, productFormSchema.parse({ ...form, stock: '7' }))
		const error = await saveProduct(db(), id, productFormSchema.parse({ ...form, stock: '9' })).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(StockMovedError)
		expect((error as StockMovedError).message).toBe('Stocul s-a modificat între timp (acum: 7). Verifică și salvează din nou.')
		expect((await stockOf(id)).stock).toBe(7)
	})

	it('a made-to-order product (no stock) gets a figure; a form that does not say what it loaded may only confirm the live stock', async () => {
		const { id, form } = await productWithStock(4)
		await db().update(products).set({ stock: null }).where(eq(products.id, id))
		await saveProduct(db(), id, productFormSchema.parse({ ...form, stock: '3', loadedStock: '' }))
		expect((await stockOf(id)).stock).toBe(3)

		const { loadedStock: _, ...withoutLoaded } = form
		await saveProduct(db(), id, productFormSchema.parse({ ...withoutLoaded, stock: '3', description: 'Confirmă' }))
		expect(await stockOf(id)).toEqual({ stock: 3, description: 'Confirmă' })
		const error = await saveProduct(db(), id, productFormSchema.parse({ ...withoutLoaded, stock: '8' })).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(StockMovedError)
		expect((error as StockMovedError).message).toBe('Stocul s-a modificat între timp (acum: 3). Verifică și salvează din nou.')
	})
	it('a made-to-order product saves unchanged with no stock, can still be ordered many times, and turns into a stocked one through the guarded save (ADR 0124)', async () => {
		const { id, form } = await productWithStock(4)
		await db().update(products).set({ stock: null, kind: 'portrait_cardboard' }).where(eq(products.id, id))
		const loaded = { ...form, kind: 'portrait_cardboard' as const, stock: '', madeToOrder: true, loadedStock: '' }

		await saveProduct(db(), id, productFormSchema.parse({ ...loaded, price: '31.50' }))
		const [saved] = await db().select({ stock: products.stock, priceCents: products.priceCents }).from(products).where(eq(products.id, id))
		expect(saved).toEqual({ stock: null, priceCents: 3150 })

		for (let i = 0; i < 6; i++) expect(await buy(id)).toBe(true)
		expect((await stockOf(id)).stock).toBeNull()
		expect(await unitsHeldOrSold(id)).toBe(0)

		// Switched off made to order with a figure: compared against the loaded null, so it applies...
		await saveProduct(db(), id, productFormSchema.parse({ ...loaded, madeToOrder: false, stock: '2' }))
		expect((await stockOf(id)).stock).toBe(2)
		// ...a second tab still holding the untouched made-to-order form leaves that figure alone...
		await saveProduct(db(), id, productFormSchema.parse({ ...loaded, description: 'Alt tab' }))
		expect(await stockOf(id)).toEqual({ stock: 2, description: 'Alt tab' })
		// ...and one that changes it is refused with the figure now set.
		const error = await saveProduct(db(), id, productFormSchema.parse({ ...loaded, madeToOrder: false, stock: '9' })).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(StockMovedError)
		expect((error as StockMovedError).currentStock).toBe(2)
		// Made to order again from a fresh form.
		await saveProduct(db(), id, productFormSchema.parse({ ...loaded, loadedStock: '2' }))
		expect((await stockOf(id)).stock).toBeNull()
	})
})
