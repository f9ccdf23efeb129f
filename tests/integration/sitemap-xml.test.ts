import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, products } from '#db/schema/index.ts'
import { renderSitemapFile, renderSitemapIndex } from '#server/catalog/sitemap.ts'
import { parseSitemapFileName, SITEMAP_PRODUCTS_PER_FILE, type SitemapFile } from '#domain/sitemap.ts'
import { parseEnv } from '#server/config/env.ts'
import { createLogger } from '#server/logger.ts'
import { createContentTranslation } from '#server/services.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { xmlProblem } from '../support/strict-xml.ts'
import { sitemapIndexEntries, sitemapSchemaProblems, xsdProblems } from '../support/sitemap-schema.ts'

const HOSTILE_NAME = 'Lumânare\u0001 „vanilie”\u0008 & <ceară>\u000b\u001f\u007f'

describe('the strict XML check', () => {
	it('catches what a search engine’s parser refuses', () => {
		const wrap = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset>${inner}</urlset>\n`
		expect(xmlProblem(wrap('<url><loc>https://shop.example/a?b=1&amp;c=2</loc></url>'))).toBeNull()
		expect(xmlProblem(wrap('<title>a\u0001b</title>'))).toMatch(/U\+0001/)
		expect(xmlProblem(wrap('<title>a\ud800b</title>'))).toMatch(/U\+d800/)
		expect(xmlProblem(wrap('<title>a&#1;b</title>'))).toMatch(/cannot carry/)
		expect(xmlProblem(wrap('<title>a & b</title>'))).toMatch(/bare &/)
		expect(xmlProblem(wrap('<title>a</url>'))).toMatch(/does not match/)
	})
})

describe('the sitemap schema check', () => {
	const doc = (urls: string) =>
		`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>\n`
	const links = (path: string) =>
		['en', 'ro', 'es'].map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="https://s.example/${l}${path}"/>`).join('') +
		`<xhtml:link rel="alternate" hreflang="x-default" href="https://s.example${path || '/'}"/>`
	const page = (path: string, lastmod = '') =>
		['en', 'ro', 'es'].map((l) => `<url><loc>https://s.example/${l}${path}</loc>${lastmod}${links(path)}</url>`).join('')
	it('accepts a reciprocal set and names what breaks the schema', () => {
		expect(sitemapSchemaProblems(doc(page('/faq', '<lastmod>2026-11-25T10:00:00.000Z</lastmod>')))).toEqual([])
		expect(sitemapSchemaProblems(doc(page('/faq').replace('<url><loc>https://s.example/es/faq</loc>', '<url><loc>/es/faq</loc>')))).toContainEqual(
			expect.stringMatching(/not an absolute URL/),
		)
		expect(sitemapSchemaProblems(doc(page('/faq', '<lastmod>25/11/2026</lastmod>')))).toContainEqual(expect.stringMatching(/lastmod/))
		expect(sitemapSchemaProblems(doc(page('/faq').replace(/<url><loc>https:\/\/s.example\/ro\/faq<\/loc>.*?<\/url>/, '')))).toContainEqual(
			expect.stringMatching(/not reciprocal|not listed/),
		)
		expect(sitemapSchemaProblems(doc(page('/faq').replaceAll('hreflang="x-default"', 'hreflang="de"')))).toContainEqual(expect.stringMatching(/x-default/))
		expect(sitemapSchemaProblems(doc(page('/faq')).replace('http://www.sitemaps.org/schemas/sitemap/0.9', 'http://example/'))).toContainEqual(
			expect.stringMatching(/namespace/),
		)
		expect(sitemapSchemaProblems(doc(page(`/${'a'.repeat(2050)}`)))).toContainEqual(expect.stringMatching(/2048/))
	})
})

describe.each(ENGINES)('sitemap.xml on %s', (engine) => {
	let database: TestDatabase
	const PUBLIC_URL = 'https://shop.example'
	const oldest = new Date('2026-01-02T03:04:05.000Z')
	const newest = new Date('2026-11-25T10:00:00.000Z')
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'sitemap' })
		const { db } = database.handle
		await db.insert(products).values([
			{ slug: 'hostile', name: HOSTILE_NAME, kind: 'candle', priceCents: 1000, images: ['/media/a.webp'], updatedAt: oldest },
			{ slug: 'noua', name: 'Lumânare nouă', kind: 'candle', priceCents: 1000, updatedAt: newest },
			{ slug: 'ascuns', name: 'Ascuns', kind: 'candle', priceCents: 1000, isActive: false, updatedAt: oldest },
			// The second file's range, and a third whose only product is hidden.
			{ slug: 'a-doua', name: 'A doua', kind: 'candle', priceCents: 1000, sitemapNumber: SITEMAP_PRODUCTS_PER_FILE + 1, updatedAt: oldest },
			{
				slug: 'ascuns-departe',
				name: 'Ascuns',
				kind: 'candle',
				priceCents: 1000,
				isActive: false,
				sitemapNumber: 2 * SITEMAP_PRODUCTS_PER_FILE + 1,
				updatedAt: newest,
			},
		])
		const [candles] = await db.insert(categories).values({ slug: 'candle', name: 'Lumânări', updatedAt: oldest }).returning({ id: categories.id })
		const [hidden] = await db
			.insert(categories)
			.values({ slug: 'ascunsa', name: 'Ascunsă', isActive: false, updatedAt: oldest })
			.returning({ id: categories.id })
		await db.insert(categories).values([
			{ slug: 'soy', name: 'Soia', parentId: candles!.id, updatedAt: newest },
			{ slug: 'sub-ascunsa', name: 'Sub', parentId: candles!.id, isActive: false, updatedAt: oldest },
			{ slug: 'sub-de-ascunsa', name: 'Sub', parentId: hidden!.id, updatedAt: oldest },
		])
	})
	afterAll(() => database.cleanup())

	function app() {
		const { db } = database.handle
		const log = createLogger({ LOG_LEVEL: 'silent' })
		return { db, translation: createContentTranslation(parseEnv({}), db, log) }
	}
	const render = (file: SitemapFile) => renderSitemapFile(app(), file, { publicUrl: PUBLIC_URL })

	/** Every file the index names, as it renders. */
	async function everyFile() {
		const index = await renderSitemapIndex(app(), { publicUrl: PUBLIC_URL })
		return Promise.all(
			sitemapIndexEntries(index).map(async (entry) => {
				const file = parseSitemapFileName(entry.loc.replace(`${PUBLIC_URL}/sitemaps/`, ''))
				expect(file, entry.loc).not.toBeNull()
				return { ...entry, body: (await render(file!))! }
			}),
		)
	}

	it('stays valid XML when a product name holds control characters, and keeps the rest of the name', async () => {
		const body = (await render({ kind: 'products', number: 1 }))!
		expect(xmlProblem(body)).toBeNull()
		expect(body).toContain('<image:title>Lumânare „vanilie” &amp; &lt;ceară&gt;</image:title>')
		expect(body).toContain('<loc>https://shop.example/ro/product/hostile</loc>')
	})

	it('is an index of the pages file and of each range holding an active product, with the newest change in each', async () => {
		const index = await renderSitemapIndex(app(), { publicUrl: PUBLIC_URL })
		expect(await xsdProblems(index, 'sitemapindex')).toEqual([])
		expect(sitemapIndexEntries(index)).toEqual([
			{ loc: `${PUBLIC_URL}/sitemaps/pages.xml`, lastmod: newest.toISOString() },
			{ loc: `${PUBLIC_URL}/sitemaps/products-1.xml`, lastmod: newest.toISOString() },
			{ loc: `${PUBLIC_URL}/sitemaps/products-2.xml`, lastmod: oldest.toISOString() },
		])
		// A range whose products are all hidden, and one past the last, are no files.
		expect(await render({ kind: 'products', number: 3 })).toBeNull()
		expect(await render({ kind: 'products', number: 4 })).toBeNull()
	})

	it('lists every active page, category and product in every language, each with its en/ro/es/x-default alternates in its own file, and meets the sitemap schema', async () => {
		const files = await everyFile()
		for (const { loc, body } of files) {
			expect(sitemapSchemaProblems(body), loc).toEqual([])
			expect(await xsdProblems(body, 'urlset'), loc).toEqual([])
		}
		const all = files.map((file) => file.body).join('\n')
		for (const path of [
			'',
			'/catalog',
			'/faq',
			'/customize-portrait',
			'/catalog?category=candle',
			'/catalog?category=candle&amp;subcategory=soy',
			'/product/hostile',
			'/product/noua',
			'/product/a-doua',
		])
			for (const locale of ['en', 'ro', 'es']) expect(all, `${locale}${path}`).toContain(`<loc>https://shop.example/${locale}${path}</loc>`)
		expect(all).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/"/>')
		expect(all).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/product/hostile"/>')
		// Hidden products and categories, and subcategories of a hidden one, are not listed.
		for (const hidden of ['/product/ascuns<', '/product/ascuns-departe', 'ascunsa', 'sub-ascunsa', 'sub-de-ascunsa']) expect(all).not.toContain(hidden)
		// No page without a language (those only redirect), and no private area.
		expect(all).not.toMatch(/<loc>https:\/\/shop\.example\/(?!en|ro|es)/)
		expect(all).not.toMatch(/\/(account|cart|checkout|login|admin|order)\b/)
	})

	it('moves a file’s lastmod when one of its products is hidden, and drops a file left without any', async () => {
		const { db } = database.handle
		const hiddenAt = new Date('2026-11-27T08:00:00.000Z')
		await db
			.update(products)
			.set({ isActive: false, updatedAt: hiddenAt })
			.where(inArray(products.slug, ['hostile', 'a-doua']))
		const entries = sitemapIndexEntries(await renderSitemapIndex(app(), { publicUrl: PUBLIC_URL }))
		expect(entries.map((entry) => [entry.loc.replace(PUBLIC_URL, ''), entry.lastmod])).toEqual([
			['/sitemaps/pages.xml', newest.toISOString()],
			['/sitemaps/products-1.xml', hiddenAt.toISOString()],
		])
		expect(await render({ kind: 'products', number: 2 })).toBeNull()
		expect(await render({ kind: 'products', number: 1 })).not.toContain('/product/hostile')
	})
})
