import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, orderItems, productPriceHistory, products } from '#db/schema/index.ts'
import { getProductForEdit, saveProduct } from '#server/catalog/admin-products.ts'
import { changeProductsInBulk } from '#server/catalog/admin-bulk.ts'
import { findActiveProduct, loadCatalog } from '#server/catalog/catalog.ts'
import { refreshPricesNow } from '#server/catalog/sale-prices.ts'
import { createSaleBoundaryTimer, nextSaleBoundary } from '#server/cache/sale-boundaries.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { startCheckout } from '#server/orders/checkout.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { bulkProductSchema } from '#domain/forms/admin-product-list.ts'
import { parseCatalogQuery } from '#domain/catalog-query.ts'
import { emptyProductForm, productEditSchema, productFormSchema, type ProductFormValues } from '#domain/forms/admin-product.ts'
import { nextDay, shopDay, shopDaysWindow } from '#domain/shop-calendar.ts'
import { customer, orderInput, paymentDeps } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

const DAY_MS = 86_400_000

/** ADR 0245–0247: sale prices, the price history the database keeps, and what checkout charges. */
describe.each(ENGINES)('sale prices on %s', (engine) => {
	let database: TestDatabase
	let categoryId: string
	let serial = 0
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'sale_prices' })
		const [category] = await database.handle.db.insert(categories).values({ name: 'Lumânări', slug: 'lumanari-sale' }).returning()
		categoryId = category!.id
	})
	afterAll(() => database?.cleanup())
	const db = () => database.handle.db

	const today = () => shopDay(new Date())
	const dayAfter = (day: string, days: number) => Array.from({ length: days }).reduce<string>((d) => nextDay(d), day)

	async function createCandle(typed: Partial<ProductFormValues> = {}) {
		serial++
		const form: ProductFormValues = {
			...emptyProductForm,
			name: `Lumânare reducere ${serial}`,
			slug: `lumanare-reducere-${serial}`,
			categoryId,
			price: '45,00',
			stock: '20',
			...typed,
		}
		const { id } = await saveProduct(db(), null, productFormSchema.parse(form))
		return id
	}

	/** The admin's edit of a product: the form as loaded, with `typed` changed. */
	async function edit(id: string, typed: Partial<ProductFormValues>) {
		const loaded = (await getProductForEdit(db(), id))!
		const posted = { ...loaded.values, ...typed, version: String(loaded.version), loaded: JSON.stringify(loaded.values) }
		return saveProduct(db(), id, productEditSchema.parse(posted))
	}

	const history = (id: string) =>
		db()
			.select({ priceCents: productPriceHistory.priceCents, fromAt: productPriceHistory.fromAt })
			.from(productPriceHistory)
			.where(eq(productPriceHistory.productId, id))
			.orderBy(asc(productPriceHistory.fromAt))

	it('writes the history on creation, on a sale starting now, ahead of time for its end, and rewrites only the planned part', async () => {
		const id = await createCandle()
		expect((await history(id)).map((row) => row.priceCents)).toEqual([4500])

		const lastDay = dayAfter(today(), 2)
		await edit(id, { salePrice: '35,00', saleFirstDay: today(), saleLastDay: lastDay })
		const { endsAt } = shopDaysWindow(today(), lastDay)
		let rows = await history(id)
		expect(rows.map((row) => row.priceCents)).toEqual([4500, 3500, 4500])
		expect(rows[1]!.fromAt.getTime()).toBeLessThanOrEqual(Date.now())
		expect(rows[2]!.fromAt.toISOString()).toBe(endsAt.toISOString())
		expect((await getProductForEdit(db(), id))!.saleState).toBe('active')

		// A new regular price during the sale: nothing changes now, the planned end returns to the new price.
		const longer = dayAfter(today(), 5)
		await edit(id, { price: '50,00', saleLastDay: longer })
		rows = await history(id)
		expect(rows.map((row) => row.priceCents)).toEqual([4500, 3500, 5000])
		expect(rows[2]!.fromAt.toISOString()).toBe(shopDaysWindow(today(), longer).endsAt.toISOString())

		// The sale removed: the regular price from now, and nothing planned.
		await edit(id, { salePrice: '', saleFirstDay: '', saleLastDay: '' })
		rows = await history(id)
		expect(rows.map((row) => row.priceCents)).toEqual([4500, 3500, 5000])
		expect(rows.every((row) => row.fromAt.getTime() <= Date.now())).toBe(true)
		const [row] = await db().select().from(products).where(eq(products.id, id))
		expect(row).toMatchObject({ salePriceCents: null, saleStartsAt: null, saleEndsAt: null })
	})

	it('a scheduled sale is written as its start and end, the price now unchanged, and is the caches’ next boundary', async () => {
		const first = dayAfter(today(), 3)
		const id = await createCandle({ salePrice: '30,00', saleFirstDay: first, saleLastDay: dayAfter(first, 1) })
		const window = shopDaysWindow(first, dayAfter(first, 1))
		const rows = await history(id)
		expect(rows.map((row) => [row.priceCents, row.fromAt.toISOString()])).toEqual([
			[4500, rows[0]!.fromAt.toISOString()],
			[3000, window.startsAt.toISOString()],
			[4500, window.endsAt.toISOString()],
		])
		expect((await findActiveProduct(db(), { id }))!).toMatchObject({ priceCents: 4500, sale: null })
		const next = await nextSaleBoundary(db(), new Date())
		expect(next).not.toBeNull()
		expect(next!.getTime()).toBeLessThanOrEqual(window.startsAt.getTime())
		expect((await nextSaleBoundary(db(), new Date(window.startsAt.getTime() + 1)))!.getTime()).toBeLessThanOrEqual(window.endsAt.getTime())
	})

	it('checkout charges the sale price while the sale is on, and the regular price once it has ended', async () => {
		const lastDay = dayAfter(today(), 1)
		const id = await createCandle({ salePrice: '29,90', saleFirstDay: today(), saleLastDay: lastDay })
		const deps = { ...paymentDeps(db()), payments: createTestCardProvider({ db: db() }), publicUrl: 'http://shop.test', shipping: orderInput.shipping }
		const started = await startCheckout(deps, { ...orderInput, customer, lines: [{ kind: 'product', productId: id, quantity: 2 }] })
		const onSale = await placeOrder(db(), { ...orderInput, customer, lines: [{ kind: 'product', productId: id, quantity: 1 }] })
		expect(onSale.subtotalCents).toBe(2990)
		expect(started.orderId).toBeTruthy()
		const items = await db().select({ unitPriceCents: orderItems.unitPriceCents }).from(orderItems).where(eq(orderItems.orderId, started.orderId))
		expect(items.map((item) => item.unitPriceCents)).toEqual([2990])
		expect(started.totalCents).toBe(2 * 2990)

		// Priced at a time after the sale's end: the regular price.
		const after = new Date(shopDaysWindow(today(), lastDay).endsAt.getTime() + 1000)
		const ended = await placeOrder(db(), { ...orderInput, customer, now: after, lines: [{ kind: 'product', productId: id, quantity: 1 }] })
		expect(ended.subtotalCents).toBe(4500)

		// A sale that ended yesterday, as the columns hold it: the regular price now, and no reduction shown.
		await db()
			.update(products)
			.set({ saleStartsAt: new Date(Date.now() - 10 * DAY_MS), saleEndsAt: new Date(Date.now() - DAY_MS) })
			.where(eq(products.id, id))
		const later = await placeOrder(db(), { ...orderInput, customer, lines: [{ kind: 'product', productId: id, quantity: 1 }] })
		expect(later.subtotalCents).toBe(4500)
		expect((await findActiveProduct(db(), { id }))!).toMatchObject({ priceCents: 4500, sale: null })
	})

	it('the product page announces the lowest price of the 30 days before the reduction', async () => {
		const id = await createCandle()
		// Older prices: 39,00 until 35 days ago (out of the window), then 42,00, then today's 45,00.
		await db()
			.insert(productPriceHistory)
			.values([
				{ productId: id, priceCents: 3900, fromAt: new Date(Date.now() - 40 * DAY_MS) },
				{ productId: id, priceCents: 4200, fromAt: new Date(Date.now() - 35 * DAY_MS) },
			])
		await edit(id, { salePrice: '36,00', saleFirstDay: today(), saleLastDay: dayAfter(today(), 3) })
		const product = (await findActiveProduct(db(), { id }))!
		expect(product.priceCents).toBe(3600)
		expect(product.sale).toMatchObject({ priorCents: 4200, percentOff: 14 })
	})

	it('a bulk price at or below a sale price drops the sale, whose columns stay all or none', async () => {
		const id = await createCandle({ salePrice: '30,00', saleFirstDay: today(), saleLastDay: dayAfter(today(), 2) })
		await changeProductsInBulk(db(), bulkProductSchema.parse({ intent: 'bulk', operation: 'price', ids: [id], value: '25,00' }))
		const [row] = await db().select().from(products).where(eq(products.id, id))
		expect(row).toMatchObject({ priceCents: 2500, salePriceCents: null, saleStartsAt: null, saleEndsAt: null })
		expect((await history(id)).at(-1)!.priceCents).toBe(2500)
	})

	it('a change of the sale alone raises the product form’s version (ADR 0225)', async () => {
		const id = await createCandle()
		const before = (await getProductForEdit(db(), id))!.version
		await db()
			.update(products)
			.set({ salePriceCents: 4000, saleStartsAt: new Date(Date.now() + DAY_MS), saleEndsAt: new Date(Date.now() + 2 * DAY_MS) })
			.where(eq(products.id, id))
		expect((await getProductForEdit(db(), id))!.version).toBe(before + 1)
	})

	it('the caches are told the moment a scheduled sale starts, and the product is then read at its sale price', async () => {
		const id = await createCandle()
		const startsAt = new Date(Date.now() + 1500)
		await db()
			.update(products)
			.set({ salePriceCents: 3000, saleStartsAt: startsAt, saleEndsAt: new Date(startsAt.getTime() + DAY_MS) })
			.where(eq(products.id, id))
		expect((await findActiveProduct(db(), { id }))!.priceCents).toBe(4500)
		let emptied = 0
		const timer = createSaleBoundaryTimer({ nextBoundary: (now) => nextSaleBoundary(db(), now), onBoundary: () => emptied++ })
		try {
			timer.reschedule()
			await expect.poll(() => emptied, { timeout: 10_000 }).toBeGreaterThan(0)
			expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime())
			expect((await findActiveProduct(db(), { id }))!).toMatchObject({ priceCents: 3000, sale: { priorCents: 4500 } })
		} finally {
			timer.stop()
			// Other products' boundaries are days away: nothing of this test runs on.
			await db().delete(products).where(eq(products.id, id))
		}
	})

	it('sorting by price follows the price charged now: a running sale sorts at its sale price, a scheduled one from its start (ADR 0262)', async () => {
		const [shelf] = await db().insert(categories).values({ name: 'Raft sortat', slug: 'raft-sortat' }).returning()
		const candle = async (slug: string, priceCents: number, sale?: { salePriceCents: number; saleStartsAt: Date; saleEndsAt: Date }) =>
			(
				await db()
					.insert(products)
					.values({ slug, name: slug, kind: 'candle', priceCents, stock: 5, categoryId: shelf!.id, ...sale })
					.returning()
			)[0]!.id
		const running = { saleStartsAt: new Date(Date.now() - DAY_MS), saleEndsAt: new Date(Date.now() + DAY_MS) }
		const startsAt = new Date(Date.now() + 1500)
		const ids = [
			await candle('sort-regular-45', 4500),
			await candle('sort-running-50-to-40', 5000, { salePriceCents: 4000, ...running }),
			await candle('sort-scheduled-42-to-30', 4200, { salePriceCents: 3000, saleStartsAt: startsAt, saleEndsAt: new Date(startsAt.getTime() + DAY_MS) }),
		]
		const sorted = async (sort: string) =>
			(await loadCatalog(db(), parseCatalogQuery(new URLSearchParams(`category=raft-sortat&sort=${sort}`)))).products.map((product) => product.slug)
		expect(await sorted('price-asc')).toEqual(['sort-running-50-to-40', 'sort-scheduled-42-to-30', 'sort-regular-45'])
		expect(await sorted('price-desc')).toEqual(['sort-regular-45', 'sort-scheduled-42-to-30', 'sort-running-50-to-40'])

		// Nothing writes the product when its sale starts: the boundary timer refreshes the price charged now.
		const timer = createSaleBoundaryTimer({ nextBoundary: (now) => nextSaleBoundary(db(), now), onBoundary: () => void refreshPricesNow(db()) })
		try {
			timer.reschedule()
			await expect.poll(() => sorted('price-asc'), { timeout: 10_000 }).toEqual(['sort-scheduled-42-to-30', 'sort-running-50-to-40', 'sort-regular-45'])
			expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime())
		} finally {
			timer.stop()
			await db().delete(products).where(inArray(products.id, ids))
		}
	})

	it('the admin form refuses a sale price not below the price, and a sale without its days', () => {
		const base = { ...emptyProductForm, name: 'X', slug: 'x', categoryId, price: '45,00', stock: '1' }
		const messages = (typed: Partial<ProductFormValues>) => productFormSchema.safeParse({ ...base, ...typed }).error?.issues.map((issue) => issue.message)
		expect(messages({ salePrice: '45,00', saleFirstDay: today(), saleLastDay: today() })).toEqual(['Prețul redus trebuie să fie mai mic decât prețul'])
		expect(messages({ salePrice: '40,00' })).toEqual(['Alege prima zi a reducerii'])
		expect(messages({ salePrice: '40,00', saleFirstDay: '2026-12-05', saleLastDay: '2026-12-01' })).toEqual([
			'Ultima zi a reducerii nu poate fi înaintea primei zile',
		])
	})
})
