import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, translations } from '#db/schema/index.ts'
import { loadCatalog } from '#server/catalog/catalog.ts'
import { sourceHash } from '#server/translation/cache.ts'
import { parseCatalogQuery } from '#domain/catalog-query.ts'
import type { Locale } from '#domain/enums.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * ADR 0275: what each listed product is found by in each language (its variants' names, its texts'
 * translations) is kept on its row by the database. Every write that changes it — a translation
 * arriving, overridden or removed, the product renamed, a variant added, hidden, renamed or deleted —
 * changes what the search finds at once, and counting every product from scratch (a restore) gives
 * what the writes kept.
 */
describe.each(ENGINES)('the texts the catalogue search reads, kept on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let candleId: string

	const found = async (q: string, locale: Locale) =>
		(await loadCatalog(db, parseCatalogQuery(new URLSearchParams({ q })), locale)).products.map((product) => product.slug)
	const translate = (field: 'name' | 'description', source: string, locale: Locale, text: string) =>
		db
			.insert(translations)
			.values({ sourceHash: sourceHash(source), context: `product.${field}`, locale, sourceText: source, translatedText: text, provider: 'test' })
	const keptTexts = async () =>
		db.select({ id: products.id, ro: products.searchExtraRo, en: products.searchExtraEn, es: products.searchExtraEs }).from(products).orderBy(products.id)

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'catalog-search-texts' })
		db = database.handle.db
		const [candle] = await db
			.insert(products)
			.values({ slug: 'padure', name: 'Lumânare Pădure', description: 'Brad și mușchi.', kind: 'candle', priceCents: 2500 })
			.returning()
		candleId = candle!.id
	})
	afterAll(() => database?.cleanup())

	it('finds a product by a translation once it arrives, in its language only, and by an override in its place', async () => {
		expect(await found('forest', 'en')).toEqual([])
		await translate('name', 'Lumânare Pădure', 'en', 'Forest candle')
		await translate('description', 'Brad și mușchi.', 'es', 'Abeto y musgo.')
		expect(await found('forest', 'en')).toEqual(['padure'])
		expect(await found('forest', 'es')).toEqual([])
		expect(await found('musgo', 'es')).toEqual(['padure'])
		// The Romanian, shown where a text has no translation, is found in every language.
		expect(await found('padure', 'es')).toEqual(['padure'])

		await db.update(translations).set({ overrideText: 'Woodland candle' }).where(eq(translations.sourceText, 'Lumânare Pădure'))
		expect(await found('woodland', 'en')).toEqual(['padure'])
		expect(await found('forest', 'en')).toEqual([])
		await db.delete(translations).where(eq(translations.sourceText, 'Lumânare Pădure'))
		expect(await found('woodland', 'en')).toEqual([])
	})

	it('follows a renamed product to its new name’s translation', async () => {
		await translate('name', 'Lumânare Pădure', 'en', 'Forest candle')
		await db.update(products).set({ name: 'Lumânare Munte' }).where(eq(products.id, candleId))
		expect(await found('forest', 'en')).toEqual([])
		await translate('name', 'Lumânare Munte', 'en', 'Mountain candle')
		expect(await found('mountain', 'en')).toEqual(['padure'])
	})

	it('finds a product by its active variants’ names only', async () => {
		const [large] = await db
			.insert(products)
			.values({
				slug: 'padure-mare',
				name: 'Lumânare Munte — Uriașă',
				description: '',
				kind: 'candle',
				priceCents: 3500,
				variantOf: candleId,
				optionValues: ['Uriașă'],
			})
			.returning()
		expect(await found('uriasa', 'ro')).toEqual(['padure'])
		expect(await found('uriasa', 'en')).toEqual(['padure'])
		await db.update(products).set({ isActive: false }).where(eq(products.id, large!.id))
		expect(await found('uriasa', 'ro')).toEqual([])
		await db.update(products).set({ isActive: true, name: 'Lumânare Munte — Gigantă' }).where(eq(products.id, large!.id))
		expect(await found('giganta', 'es')).toEqual(['padure'])
		expect(await found('uriasa', 'es')).toEqual([])
		await db.delete(products).where(eq(products.id, large!.id))
		expect(await found('giganta', 'ro')).toEqual([])
	})

	it('counts every product from scratch (a restore) as the writes kept them', async () => {
		await db.insert(products).values({
			slug: 'padure-mica',
			name: 'Lumânare Munte — Mică',
			description: '',
			kind: 'candle',
			priceCents: 1500,
			variantOf: candleId,
			optionValues: ['Mică'],
		})
		const kept = await keptTexts()
		expect(kept.find((row) => row.id === candleId)).toMatchObject({ ro: expect.stringContaining('mica'), en: expect.stringContaining('mountain') })
		await db.execute(sql`update products set search_extra_ro = '', search_extra_en = '', search_extra_es = ''`)
		await db.execute(sql`select recount_all_product_search_extra()`)
		expect(await keptTexts()).toEqual(kept)
	})
})
