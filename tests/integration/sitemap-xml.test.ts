import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, products } from '#db/schema/index.ts'
import { renderSitemap } from '#server/catalog/sitemap.ts'
import { parseEnv } from '#server/config/env.ts'
import { createLogger } from '#server/logger.ts'
import { createContentTranslation } from '#server/services.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { xmlProblem } from '../support/strict-xml.ts'
import { sitemapSchemaProblems } from '../support/sitemap-schema.ts'

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
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'sitemap' })
		await database.handle.db.insert(products).values({ slug: 'hostile', name: HOSTILE_NAME, kind: 'candle', priceCents: 1000, images: ['/media/a.webp'] })
		const [candles] = await database.handle.db.insert(categories).values({ slug: 'candle', name: 'Lumânări' }).returning({ id: categories.id })
		await database.handle.db.insert(categories).values({ slug: 'soy', name: 'Soia', parentId: candles!.id })
	})
	afterAll(() => database.cleanup())

	async function render() {
		const { db } = database.handle
		const log = createLogger({ LOG_LEVEL: 'silent' })
		const app = { db, translation: createContentTranslation(parseEnv({}), db, log) }
		return renderSitemap(app, { publicUrl: 'https://shop.example' })
	}

	it('stays valid XML when a product name holds control characters, and keeps the rest of the name', async () => {
		const body = await render()
		expect(xmlProblem(body)).toBeNull()
		expect(body).toContain('<image:title>Lumânare „vanilie” &amp; &lt;ceară&gt;</image:title>')
		expect(body).toContain('<loc>https://shop.example/ro/product/hostile</loc>')
	})

	it('lists every page in every language, each with its en/ro/es/x-default alternates, and meets the sitemap schema', async () => {
		const body = await render()
		expect(sitemapSchemaProblems(body)).toEqual([])
		for (const path of [
			'',
			'/catalog',
			'/faq',
			'/customize-portrait',
			'/catalog?category=candle',
			'/catalog?category=candle&amp;subcategory=soy',
			'/product/hostile',
		])
			for (const locale of ['en', 'ro', 'es']) expect(body, `${locale}${path}`).toContain(`<loc>https://shop.example/${locale}${path}</loc>`)
		expect(body).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/"/>')
		expect(body).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/product/hostile"/>')
		// No page without a language: those only redirect.
		expect(body).not.toMatch(/<loc>https:\/\/shop\.example\/(?!en|ro|es)/)
	})
})
