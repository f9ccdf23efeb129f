import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseEngine } from '#db/client.ts'
import { runMigrations } from '#db/migrate.ts'
import { categories } from '#db/schema/index.ts'
import { createTestUser, signInOverHttp, type TestUser } from '../support/accounts.ts'
import { ENGINES } from '../support/databases.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'

/**
 * ADR 0121, on the built shop: a link with tracking parameters, or with its parameters in
 * another order, gets the stored page; a parameter the page reads still changes it; the page never
 * echoes an unknown parameter; and two signed-in customers browsing at once never get each other's
 * data, nor anything kept for anonymous visitors.
 */
describe.each(ENGINES)('page cache keys and signed-in customers on %s', (engine: DatabaseEngine) => {
	let shop: ShopProcess
	let customers: TestUser[]
	let cleanup: () => Promise<void>
	let databaseUrl: string | null = null

	beforeAll(async () => {
		// The customers are written before the shop starts (PGlite serves one process at a time).
		const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-cache-keys-'))
		const postgres = engine === 'postgres' ? await createTemporaryPostgresDatabase('cache_keys') : null
		databaseUrl = postgres?.url ?? null
		const handle = await openDatabase(postgres ? { engine: 'postgres', url: postgres.url } : { engine: 'pglite', dataDir })
		await runMigrations(handle)
		customers = [await createTestUser(handle.db, { name: 'Ana Keys' }), await createTestUser(handle.db, { name: 'Bogdan Keys' })]
		await handle.close()
		shop = await startShop({ dataDir, env: postgres ? { DATABASE_URL: postgres.url } : {} })
		cleanup = async () => {
			await shop?.stop()
			await postgres?.drop()
			await fs.rm(dataDir, { recursive: true, force: true })
		}
	})
	afterAll(async () => cleanup?.())

	async function get(url: string, cookie = 'lang=en') {
		const response = await fetch(shop.url + url, { headers: { cookie }, redirect: 'manual' })
		return { status: response.status, cache: response.headers.get('x-cache'), body: await response.text() }
	}

	/** Asks until the page comes from the cache (it is stored once its response has finished). */
	async function untilStored(url: string) {
		for (let attempt = 0; attempt < 100; attempt++) {
			const answer = await get(url)
			if (answer.cache === 'HIT') return answer
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
		throw new Error(`${url} was never served from the page cache`)
	}

	it('serves one stored page to links with tracking or reordered parameters, and never echoes them', async () => {
		const stored = await untilStored('/en/catalog?category=candle&page=1')
		const tokens = ['IwAR0trackme', 'gclidTRACK', 'utmTRACK', 'msTRACK', 'ttTRACK', 'mcTRACK', 'unknownTRACK']
		const variants = [
			`/en/catalog?fbclid=${tokens[0]}&category=candle&page=1`,
			`/en/catalog?page=1&gclid=${tokens[1]}&category=candle`,
			`/en/catalog?utm_source=ig&utm_medium=social&utm_campaign=${tokens[2]}&page=1&category=candle`,
			`/en/catalog?category=candle&msclkid=${tokens[3]}&ttclid=${tokens[4]}&mc_eid=${tokens[5]}&page=1`,
			`/en/catalog?whatever=${tokens[6]}&page=1&category=candle`,
		]
		for (const url of variants) {
			const answer = await get(url)
			expect([answer.status, answer.cache], url).toEqual([200, 'HIT'])
			expect(answer.body).toBe(stored.body)
		}
		// Rendered afresh (another page, nothing stored yet), the page still holds none of them.
		const fresh = await get(`/en/about?fbclid=${tokens[0]}&utm_source=${tokens[2]}`)
		expect(fresh.status).toBe(200)
		for (const token of tokens) expect(fresh.body).not.toContain(token)
	})

	it('renders another page when a parameter the page reads changes', async () => {
		const candles = await untilStored('/en/catalog?category=candle')
		const bundles = await get('/en/catalog?category=bundles&fbclid=x')
		expect(bundles.status).toBe(200)
		expect(bundles.body).not.toBe(candles.body)
		const heading = (body: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(body)?.[1]
		expect(heading(bundles.body)).not.toBe(heading(candles.body))
		// The portrait page reads ?size= (the size chosen in the catalogue) and nothing else.
		const smaller = await untilStored('/en/customize-portrait?size=13x18')
		const larger = await get('/en/customize-portrait?utm_source=x&size=18x24')
		expect(larger.cache).not.toBe('HIT')
		expect(larger.body).not.toBe(smaller.body)
		expect((await get('/en/customize-portrait?size=13x18&fbclid=y')).cache).toBe('HIT')
	})

	it('never gives a signed-in customer another visitor’s data, with two customers and anonymous visitors interleaved', async () => {
		const [ana, bogdan] = customers as [TestUser, TestUser]
		const cookies = new Map([
			[ana.email, `lang=en; ${await signInOverHttp(shop.url, ana.email, ana.password)}`],
			[bogdan.email, `lang=en; ${await signInOverHttp(shop.url, bogdan.email, bogdan.password)}`],
		])
		const shared = ['/en', '/en/catalog', '/en/catalog?fbclid=one', '/en/catalog?category=candle&utm_source=two', '/en/about', '/en/contact']
		// Every shared page is in the cache first: a customer must not be served from it.
		for (const page of shared) await untilStored(page)
		const pages = [...shared, '/en/checkout', '/en/account']
		for (let round = 0; round < 3; round++) {
			for (const page of pages) {
				const answers = await Promise.all([get(page, cookies.get(ana.email)), get(page), get(page, cookies.get(bogdan.email)), get(page)])
				const [forAna, anonymous, forBogdan, anonymousAgain] = answers
				expect(forAna.body, `${page} for Ana`).toContain(ana.email)
				expect(forAna.body, `${page} for Ana`).not.toContain(bogdan.email)
				expect(forBogdan.body, `${page} for Bogdan`).toContain(bogdan.email)
				expect(forBogdan.body, `${page} for Bogdan`).not.toContain(ana.email)
				expect([forAna.cache, forBogdan.cache], `${page}: nothing kept is served to a customer`).toEqual([null, null])
				for (const answer of [anonymous, anonymousAgain]) {
					expect(answer.body, `${page} anonymous`).not.toContain(ana.email)
					expect(answer.body, `${page} anonymous`).not.toContain(bogdan.email)
				}
			}
		}
	})

	// Written beside the running shop, which PostgreSQL allows (PGlite belongs to the shop's process): defined on PostgreSQL only.
	if (engine === 'postgres')
		it('keeps the sitemap index and its files like pages, and drops them when the catalogue changes (ADR 0250)', async () => {
			for (const path of ['/sitemap.xml', '/sitemaps/pages.xml']) {
				const stored = await untilStored(path)
				expect(stored.body).toContain('http://www.sitemaps.org/schemas/sitemap/0.9')
			}
			expect((await get('/sitemaps/products-99999.xml')).status).toBe(404)
			const handle = await openDatabase({ engine: 'postgres', url: databaseUrl! })
			try {
				await handle.db.insert(categories).values({ slug: 'categorie-noua-in-sitemap', name: 'Categorie nouă' })
			} finally {
				await handle.close()
			}
			await expect.poll(async () => (await get('/sitemaps/pages.xml')).body).toContain('/en/catalog?category=categorie-noua-in-sitemap</loc>')
		})
})
