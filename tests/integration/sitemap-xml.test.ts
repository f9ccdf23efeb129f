import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '#db/schema/index.ts'
import { renderSitemap } from '#server/catalog/sitemap.ts'
import { parseEnv } from '#server/config/env.ts'
import { createLogger } from '#server/logger.ts'
import { createContentTranslation } from '#server/services.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { xmlProblem } from '../support/strict-xml.ts'

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

describe.each(ENGINES)('sitemap.xml on %s', (engine) => {
	let database: TestDatabase
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'sitemap' })
		await database.handle.db.insert(products).values({ slug: 'hostile', name: HOSTILE_NAME, kind: 'candle', priceCents: 1000, images: ['/media/a.webp'] })
	})
	afterAll(() => database.cleanup())

	it('stays valid XML when a product name holds control characters, and keeps the rest of the name', async () => {
		const { db } = database.handle
		const log = createLogger({ LOG_LEVEL: 'silent' })
		const app = { db, translation: createContentTranslation(parseEnv({}), db, log) }
		const body = await renderSitemap(app, { publicUrl: 'https://shop.example', locale: 'ro' })
		expect(xmlProblem(body)).toBeNull()
		expect(body).toContain('<image:title>Lumânare „vanilie” &amp; &lt;ceară&gt;</image:title>')
		expect(body).toContain('<loc>https://shop.example/product/hostile</loc>')
	})
})
