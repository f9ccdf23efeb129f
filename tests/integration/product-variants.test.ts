import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.ts'
import { categories, orderItems, products, translations } from '#db/schema/index.ts'
import { findActiveProduct, loadCatalog } from '#server/catalog/catalog.ts'
import { saveProduct, getProductForEdit } from '#server/catalog/admin-products.ts'
import { getVariantsForEdit, listProductVariants, saveProductVariants, VariantsChangedError } from '#server/catalog/variants.ts'
import { CheckoutRejectedError, placeOrder } from '#server/orders/place-order.ts'
import { syncTranslations } from '#server/translation/sync.ts'
import { parseCatalogQuery } from '#domain/catalog-query.ts'
import { variantsFormSchema, type VariantsForm } from '#domain/forms/admin-variants.ts'
import { productEditSchema } from '#domain/forms/admin-product.ts'
import { parseSubmission } from '#domain/forms/submission.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { refreshPricesNow } from '#server/catalog/sale-prices.ts'
import { DAY_MS, nextDay, shopDay } from '#domain/shop-calendar.ts'
import { createProduct, customer, orderInput, payPlacedOrder } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

type Row = { id?: string; values: string; sku?: string; price: string; sale?: string; stock?: string; loaded?: string; weight?: string }

/** The variants form as the admin posts it: the page's stamp, the options, one set of fields per row. */
function posted(form: Pick<VariantsForm, 'stamp'>, optionNames: string, rows: Row[], sale: { first: string; last: string } = { first: '', last: '' }) {
	const data = new FormData()
	data.set('variantsStamp', form.stamp)
	data.set('optionNames', optionNames)
	data.set('saleFirstDay', sale.first)
	data.set('saleLastDay', sale.last)
	for (const row of rows) {
		data.append('variantId[]', row.id ?? '')
		data.append('variantValues[]', row.values)
		data.append('variantSku[]', row.sku ?? '')
		data.append('variantPrice[]', row.price)
		data.append('variantSalePrice[]', row.sale ?? '')
		data.append('variantStock[]', row.stock ?? '')
		data.append('variantLoadedStock[]', row.loaded ?? row.stock ?? '')
		data.append('variantWeight[]', row.weight ?? '')
		data.append('variantImage[]', '')
	}
	const parsed = parseSubmission(variantsFormSchema, data)
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
	return parsed.value
}

/** ADR 0264: a product sold as variants, each its own product row with price, stock, holds and SKU. */
describe.each(ENGINES)('product variants on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let categoryId: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'variants' })
		db = database.handle.db
		const [category] = await db.insert(categories).values({ name: 'Lumânări', slug: 'lumanari-variante' }).returning()
		categoryId = category!.id
	})
	afterAll(() => database?.cleanup())

	/** A candle in two sizes: small (8 in stock, 18,90 €) and large (2 in stock, 34,90 €). */
	async function twoSizeCandle(name = 'Lumânare Smochină') {
		const product = await createProduct(db, { name, priceCents: 2000, stock: 4 })
		await db.update(products).set({ categoryId }).where(eq(products.id, product.id))
		const form = (await getVariantsForEdit(db, product.id))!
		await saveProductVariants(
			db,
			product.id,
			posted(form, 'Mărime', [
				{ values: 'Mică', sku: `S-${product.id.slice(0, 6)}`, price: '18,90', stock: '8', loaded: '' },
				{ values: 'Mare', sku: `L-${product.id.slice(0, 6)}`, price: '34,90', stock: '2', loaded: '', weight: '450' },
			]),
		)
		const variants = await listProductVariants(db, product.id)
		return { product, small: variants[0]!, large: variants[1]! }
	}
	const stockOf = async (id: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock
	const buy = (productId: string, quantity = 1) => placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId, quantity }] })

	it('lists the product once, from its cheapest variant’s price, with its variants’ stock; the variants themselves are not listed', async () => {
		const { product, small, large } = await twoSizeCandle('Lumânare Listată')
		expect([small.optionValues, small.priceCents, small.stock, large.optionValues, large.priceCents, large.weightGrams]).toEqual([
			['Mică'],
			1890,
			8,
			['Mare'],
			3490,
			450,
		])
		const catalog = await loadCatalog(db, parseCatalogQuery(new URLSearchParams({ q: 'Listată' })))
		expect(catalog.products.map((card) => [card.id, card.priceCents, card.hasVariants, card.stock])).toEqual([[product.id, 1890, true, 10]])
		expect(await findActiveProduct(db, { slug: product.slug })).toMatchObject({ id: product.id, optionNames: ['Mărime'] })
		const [variantRow] = await db.select({ slug: products.slug, name: products.name }).from(products).where(eq(products.id, large.id))
		expect(variantRow!.name).toBe('Lumânare Listată — Mare')
		expect(await findActiveProduct(db, { slug: variantRow!.slug })).toBeNull()
		// A search for a variant's value finds its product.
		const bySize = await loadCatalog(db, parseCatalogQuery(new URLSearchParams({ q: 'listata mare' })))
		expect(bySize.products.map((card) => card.id)).toEqual([product.id])
	})

	it('sells the large size from its own stock only; the product itself cannot be bought; a sold-out size is refused while the other sells', async () => {
		const { product, small, large } = await twoSizeCandle()
		const order = await buy(large.id)
		expect(order.items).toEqual([expect.objectContaining({ productId: large.id, name: 'Lumânare Smochină — Mare', unitPriceCents: 3490, quantity: 1 })])
		expect([await stockOf(large.id), await stockOf(small.id)]).toEqual([1, 8])

		await expect(buy(product.id)).rejects.toMatchObject({ problems: [expect.objectContaining({ code: 'unavailable' })] })
		await buy(large.id)
		expect(await stockOf(large.id)).toBe(0)
		const refused = await buy(large.id).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(CheckoutRejectedError)
		expect((refused as CheckoutRejectedError).problems).toEqual([expect.objectContaining({ code: 'outOfStock' })])
		await buy(small.id, 3)
		expect([await stockOf(large.id), await stockOf(small.id)]).toEqual([0, 5])
		const card = (await loadCatalog(db, parseCatalogQuery(new URLSearchParams({ q: 'Smochină' })))).products.find((row) => row.id === product.id)
		expect(card?.stock).toBe(5)
	})

	it('counts a variant’s paid units for its product too, as a recount from scratch does', async () => {
		const { product, large } = await twoSizeCandle('Lumânare Vândută')
		const order = await buy(large.id, 2)
		await payPlacedOrder(db, order.id)
		const sold = async () => (await db.select({ id: products.id, units: products.soldUnits }).from(products).where(eq(products.id, product.id)))[0]!.units
		expect(await sold()).toBe(2)
		await db.update(products).set({ soldUnits: 0 }).where(eq(products.id, product.id))
		await queryRows(db, sql`select recount_all_sold_units()`)
		expect(await sold()).toBe(2)
	})

	it('refuses a save from a stale form, and a typed stock that checkouts moved meanwhile; removes variants, hiding the ordered ones', async () => {
		const { product, small, large } = await twoSizeCandle('Lumânare Editată')
		const loaded = (await getVariantsForEdit(db, product.id))!
		const smallRow = loaded.variants.find((row) => row.id === small.id)!
		const largeRow = loaded.variants.find((row) => row.id === large.id)!
		// Another tab saves first: this form's stamp is old.
		await saveProductVariants(db, product.id, posted(loaded, 'Mărime', [{ ...smallRow, price: '19,90' }, largeRow]))
		await expect(saveProductVariants(db, product.id, posted(loaded, 'Mărime', [smallRow, largeRow]))).rejects.toBeInstanceOf(VariantsChangedError)

		// A checkout takes a small candle after the form loaded; the owner's typed figure is refused, not written over it.
		const fresh = (await getVariantsForEdit(db, product.id))!
		await buy(small.id)
		const freshSmall = fresh.variants.find((row) => row.id === small.id)!
		const typed = { ...freshSmall, stock: '20', loaded: freshSmall.stock }
		await expect(saveProductVariants(db, product.id, posted(fresh, 'Mărime', [typed, largeRow]))).rejects.toBeInstanceOf(AdminInputError)
		expect(await stockOf(small.id)).toBe(7)

		// The small size was ordered: removed, it is hidden; the large one never was: it is deleted.
		const latest = (await getVariantsForEdit(db, product.id))!
		await saveProductVariants(
			db,
			product.id,
			posted(latest, 'Mărime', [
				{ id: small.id, values: '', price: '' },
				{ id: large.id, values: 'Mare', price: '34,90', stock: '2' },
				{ values: 'Medie', price: '24,90', stock: '5' },
			]),
		)
		const rows = await db.select({ id: products.id, active: products.isActive }).from(products).where(eq(products.variantOf, product.id))
		expect(rows.find((row) => row.id === small.id)).toEqual({ id: small.id, active: false })
		expect((await listProductVariants(db, product.id)).map((variant) => variant.optionValues)).toEqual([['Mare'], ['Medie']])
		const [parent] = await db.select({ price: products.priceCents, stock: products.stock }).from(products).where(eq(products.id, product.id))
		expect(parent).toEqual({ price: 2490, stock: null })
		const [line] = await db.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.productId, small.id)).limit(1)
		expect(line?.productId).toBe(small.id)
	})

	it('gives the variants the product’s new name, keeps its price its cheapest variant’s, and queues its name and the option texts for translation, never the variants’ names', async () => {
		const { product, large } = await twoSizeCandle('Lumânare Veche')
		const loaded = (await getProductForEdit(db, product.id))!
		const edited = { ...loaded.values, name: 'Lumânare Nouă', price: '1,00', version: String(loaded.version), loaded: JSON.stringify(loaded.values) }
		await saveProduct(db, product.id, productEditSchema.parse(edited))
		const [variant] = await db.select({ name: products.name }).from(products).where(eq(products.id, large.id))
		const [parent] = await db.select({ price: products.priceCents }).from(products).where(eq(products.id, product.id))
		expect([variant!.name, parent!.price]).toEqual(['Lumânare Nouă — Mare', 1890])

		await syncTranslations(db, { kind: 'product', id: product.id })
		const queued = await db
			.select({ text: translations.sourceText })
			.from(translations)
			.where(and(eq(translations.context, 'product.option'), eq(translations.locale, 'en')))
		expect(queued.map((row) => row.text).sort()).toEqual(['Mare', 'Mică', 'Mărime'])
		const names = await db
			.select({ text: translations.sourceText })
			.from(translations)
			.where(and(eq(translations.context, 'product.name'), eq(translations.locale, 'es')))
		// A variant is read as its product's name and its values: its own name is never sent to be translated.
		expect(names.map((row) => row.text)).toContain('Lumânare Nouă')
		expect(names.map((row) => row.text)).not.toContain('Lumânare Nouă — Mare')
	})
	it('puts one size on sale: charged and announced with its 30-day low, the product listed and sorted from it, and the form shows the sale back', async () => {
		const { product, small, large } = await twoSizeCandle('Lumânare Redusă')
		const today = shopDay(new Date())
		const lastDay = Array.from({ length: 6 }).reduce<string>((day) => nextDay(day), today)
		const loaded = (await getVariantsForEdit(db, product.id))!
		const rows: Row[] = loaded.variants.map((row) => ({ id: row.id, values: row.values, price: row.price, stock: row.stock }))
		// The large size at 14,90 €: below the small one's 18,90 €, so the product now shows "from 14,90".
		rows[1] = { ...rows[1]!, sale: '14,90' }
		await saveProductVariants(db, product.id, posted(loaded, 'Mărime', rows, { first: today, last: lastDay }))

		const variants = await listProductVariants(db, product.id)
		expect(variants.map((variant) => [variant.id, variant.priceCents, variant.sale?.priorCents ?? null])).toEqual([
			[small.id, 1890, null],
			[large.id, 1490, 3490],
		])
		const card = (await loadCatalog(db, parseCatalogQuery(new URLSearchParams({ q: 'Redusă' })))).products.find((row) => row.id === product.id)
		expect([card?.priceCents, card?.sale]).toEqual([1490, null])
		const [parent] = await db.select({ now: products.priceNowCents }).from(products).where(eq(products.id, product.id))
		expect(parent!.now).toBe(1490)
		const order = await buy(large.id)
		expect(order.items).toEqual([expect.objectContaining({ productId: large.id, unitPriceCents: 1490 })])

		const again = (await getVariantsForEdit(db, product.id))!
		expect([again.saleFirstDay, again.saleLastDay, again.variants.map((row) => row.salePrice)]).toEqual([today, lastDay, ['', '14,90']])

		// The sale ends: the large size is back at its price, the product at the small one's.
		await db
			.update(products)
			.set({ saleStartsAt: new Date(Date.now() - 2 * DAY_MS), saleEndsAt: new Date(Date.now() - DAY_MS) })
			.where(eq(products.id, large.id))
		await refreshPricesNow(db)
		const [ended] = await db.select({ now: products.priceNowCents }).from(products).where(eq(products.id, product.id))
		expect(ended!.now).toBe(1890)
	})
})
