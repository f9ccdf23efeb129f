import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, orderItems, orders, products, translations } from '#db/schema/index.ts'
import { findRelatedProducts, loadCatalog } from '#server/catalog/catalog.ts'
import { createContentTranslation } from '#server/services.ts'
import { setContentTranslationOverride } from '#server/translation/content.ts'
import { parseEnv } from '#server/config/env.ts'
import { createLogger } from '#server/logger.ts'
import { parseCatalogQuery } from '#domain/catalog-query.ts'
import type { Locale } from '#domain/enums.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

const query = (search: string) => parseCatalogQuery(new URLSearchParams(search))

describe.each(ENGINES)('catalogue search and sorting on %s', (engine) => {
	let database: TestDatabase
	const ids: Record<string, string> = {}
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'catalog-search' })
		const { db } = database.handle
		const [category, other] = await db
			.insert(categories)
			.values([
				{ slug: 'lumanari', name: 'Lumânări' },
				{ slug: 'cadouri', name: 'Cadouri' },
			])
			.returning()
		const rows = await db
			.insert(products)
			.values([
				{
					slug: 'lavanda',
					name: 'Lumânare cu Lavandă',
					description: 'Ceară de soia, note de salvie.',
					kind: 'candle',
					categoryId: category!.id,
					priceCents: 2500,
					createdAt: new Date('2025-03-01'),
				},
				{
					slug: 'cedru',
					name: 'LUMÂNARE ȘI ŢESĂTURĂ',
					description: 'Cedru (virgil cu sedilă: ş ţ) și 100% bumbac_organic.',
					kind: 'candle',
					categoryId: category!.id,
					priceCents: 1500,
					badges: ['Bestseller'],
					createdAt: new Date('2025-02-01'),
				},
				{
					slug: 'cutie',
					name: 'Cutie cadou',
					description: 'Hârtie reciclată.',
					kind: 'candle',
					categoryId: other!.id,
					priceCents: 4000,
					createdAt: new Date('2025-01-01'),
				},
				{
					slug: 'ascunsa',
					name: 'Lumânare ascunsă',
					description: '',
					kind: 'candle',
					categoryId: category!.id,
					priceCents: 100,
					isActive: false,
				},
			])
			.returning({ id: products.id, slug: products.slug })
		for (const row of rows) ids[row.slug] = row.id
		const log = createLogger({ LOG_LEVEL: 'silent' })
		const app = { db, log, translation: createContentTranslation(parseEnv({}), db, log) }
		await setContentTranslationOverride(app, { kind: 'product', id: ids.cutie!, field: 'name', locale: 'es', text: 'Caja de regalo pequeña' })
		await setContentTranslationOverride(app, { kind: 'product', id: ids.lavanda!, field: 'description', locale: 'en', text: 'Soy wax with a hint of sage.' })
		// Two paid units of the gift box, one of the lavender candle; an unpaid order counts for nothing.
		const [paid, unpaid] = await db
			.insert(orders)
			.values([
				{ email: 'a@example.com', subtotalCents: 1, totalCents: 1, paymentStatus: 'paid', shippingAddress: {} as never },
				{ email: 'b@example.com', subtotalCents: 1, totalCents: 1, paymentStatus: 'pending', shippingAddress: {} as never },
			])
			.returning({ id: orders.id })
		await db.insert(orderItems).values([
			{ orderId: paid!.id, lineId: ids.cutie!, productId: ids.cutie!, name: 'Cutie cadou', unitPriceCents: 4000, quantity: 2 },
			{ orderId: paid!.id, lineId: ids.lavanda!, productId: ids.lavanda!, name: 'Lumânare cu Lavandă', unitPriceCents: 2500, quantity: 1 },
			{ orderId: unpaid!.id, lineId: ids.cedru!, productId: ids.cedru!, name: 'x', unitPriceCents: 1500, quantity: 9 },
		])
	})
	afterAll(() => database.cleanup())

	const slugs = async (search: string, locale: Locale = 'ro') => (await loadCatalog(database.handle.db, query(search), locale)).products.map((p) => p.slug)

	it("finds 'lumânare' from 'lumanare', whatever the case and the form of ș/ş ț/ţ, active products only", async () => {
		expect(await slugs('q=lumanare')).toEqual(['lavanda', 'cedru'])
		expect(await slugs('q=LUMÂNARE')).toEqual(['lavanda', 'cedru'])
		expect(await slugs('q=tesatura')).toEqual(['cedru'])
		expect(await slugs('q=ţesătură')).toEqual(['cedru'])
		expect(await slugs('q=țesătură')).toEqual(['cedru'])
		expect(await slugs(`q=${encodeURIComponent('SEDILĂ: ş ţ')}`)).toEqual(['cedru'])
		// Descriptions too; words in order with anything between them.
		expect(await slugs('q=hartie')).toEqual(['cutie'])
		expect(await slugs(`q=${encodeURIComponent('lumanare   lavanda')}`)).toEqual(['lavanda'])
		expect(await slugs(`q=${encodeURIComponent('lavanda lumanare')}`)).toEqual([])
	})

	it("LIKE's wildcards in the query are plain characters", async () => {
		expect(await slugs('q=100%25')).toEqual(['cedru'])
		expect(await slugs('q=%25')).toEqual(['cedru'])
		expect(await slugs('q=_')).toEqual(['cedru'])
		expect(await slugs('q=bumbac_o')).toEqual(['cedru'])
		expect(await slugs('q=bumbacxo')).toEqual([])
	})

	it("searches the visitor's language (and the Romanian shown where a text has no translation)", async () => {
		expect(await slugs('q=pequena', 'es')).toEqual(['cutie'])
		expect(await slugs('q=pequena', 'en')).toEqual([])
		expect(await slugs('q=pequena', 'ro')).toEqual([])
		expect(await slugs('q=sage', 'en')).toEqual(['lavanda'])
		expect(await slugs('q=lumanare', 'en')).toEqual(['lavanda', 'cedru'])
		// An edited translation is searched as edited: the stored search text follows the row.
		const [row] = await database.handle.db.select({ id: translations.id }).from(translations).where(eq(translations.overrideText, 'Caja de regalo pequeña'))
		await database.handle.db.update(translations).set({ overrideText: 'Caja de regalo grande' }).where(eq(translations.id, row!.id))
		expect(await slugs('q=pequena', 'es')).toEqual([])
		expect(await slugs('q=grande', 'es')).toEqual(['cutie'])
	})

	it('search combines with the category; a blank query is no search', async () => {
		expect(await slugs('category=cadouri&q=lumanare')).toEqual([])
		expect(await slugs('category=lumanari&q=cedru')).toEqual(['cedru'])
		expect(await slugs('q=%20%20')).toEqual(['lavanda', 'cedru', 'cutie'])
	})

	it('sorts by newest (default), price both ways and units sold in paid orders', async () => {
		expect(await slugs('')).toEqual(['lavanda', 'cedru', 'cutie'])
		expect(await slugs('sort=newest')).toEqual(['lavanda', 'cedru', 'cutie'])
		expect(await slugs('sort=price-asc')).toEqual(['cedru', 'lavanda', 'cutie'])
		expect(await slugs('sort=price-desc')).toEqual(['cutie', 'lavanda', 'cedru'])
		// 2 sold, 1 sold, then none sold (the unpaid order's 9 do not count).
		expect(await slugs('sort=bestsellers')).toEqual(['cutie', 'lavanda', 'cedru'])
		expect(await slugs('sort=nonsense')).toEqual(['lavanda', 'cedru', 'cutie'])
		expect(await slugs('q=lumanare&sort=price-asc')).toEqual(['cedru', 'lavanda'])
	})

	it('related products: the same category, active, never the product itself', async () => {
		const related = await findRelatedProducts(database.handle.db, { id: ids.lavanda!, categoryId: (await categoryOf('lavanda'))!, kind: 'candle' })
		expect(related.map((p) => p.slug)).toEqual(['cedru'])
	})

	async function categoryOf(slug: string) {
		const [row] = await database.handle.db.select({ categoryId: products.categoryId }).from(products).where(eq(products.slug, slug))
		return row?.categoryId ?? null
	}
})
