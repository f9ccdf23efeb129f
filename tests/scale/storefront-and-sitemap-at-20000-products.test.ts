/**
 * ADR 0250: at 20,000 products, on PGlite and PostgreSQL, /sitemap.xml is an index whose every
 * file keeps within the protocol's limits (50,000 URLs, 50 MB) and validates against the
 * sitemaps.org schemas (xmllint), together listing every active product in every language; the
 * sitemap's product queries read their index (EXPLAIN), never the whole table; and (ADR 0165) every
 * storefront sort, filter, search and page answers in under 300 ms with the page cache off, and
 * /healthz and a product page sent at the same moment answer in under 300 ms too (PGlite runs one
 * query at a time: a slow catalogue query once held both for 13.5 s). Each request is timed three
 * times and its fastest time counts, so what is measured is the shop's work, not another test's
 * burst on this shared machine. The products go in with one set-based statement, so the catalogue
 * is ready in seconds on a 2-core runner.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '#db/client.ts'
import { CATALOG_PAGE_SIZE } from '#domain/catalog.ts'
import { SITEMAP_PRODUCTS_PER_FILE, sitemapProductRange } from '#domain/sitemap.ts'
import { sitemapProductFilesQuery, sitemapProductsQuery } from '#server/catalog/catalog.ts'
import { addSeriesProducts, prepareBenchDatabase, translateEveryProduct, type BenchDatabase } from '../../scripts/bench/data.ts'
import { ENGINES } from '../support/databases.ts'
import { SITEMAP_LIMITS, sitemapIndexEntries, sitemapSchemaProblems, xsdProblems } from '../support/sitemap-schema.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { storefrontRequests, timed } from '../support/storefront-requests.ts'

const PRODUCTS = 20_000
const BUDGET_MS = 300
const TRIES = 3
const RETRIES = 5
const PUBLIC_URL = 'https://shop.example'
/** Building the catalogue takes minutes on PGlite on a busy 2-core runner. */
const PREPARE_TIMEOUT_MS = 15 * 60_000

type Plans = { files: string; products: string }

describe.each(ENGINES)('the sitemap and the storefront at 20,000 products on %s', (engine) => {
	let database: BenchDatabase
	let shop: ShopProcess
	let activeProducts: number
	let productPath: string
	let plans: Plans
	beforeAll(async () => {
		const steps: string[] = []
		let started = performance.now()
		const step = (name: string) => {
			steps.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`)
			started = performance.now()
		}
		database = await prepareBenchDatabase(engine, 0)
		step('demo shop')
		const handle = await openDatabase(
			database.env.DATABASE_URL ? { engine: 'postgres', url: database.env.DATABASE_URL } : { engine: 'pglite', dataDir: database.dataDir },
		)
		try {
			await addSeriesProducts(handle.db, PRODUCTS)
			step('products')
			await translateEveryProduct(handle.db)
			step('translations')
			// What the storefront reads of a sales history is products.sold_units (ADR 0165): set at once, a few
			// products selling far more than the rest, where order lines would update it one row at a time.
			await handle.db.execute(sql`select setseed(0.34)`)
			await handle.db.execute(sql`update products set sold_units = floor(power(random(), 6) * 2000)::int`)
			step('sales')
			// As a running shop's autovacuum would have: statistics for the planner, the visibility map for index-only reads.
			await handle.db.execute(sql`vacuum analyze products`)
			step('vacuum')
			const [count] = await queryRows<{ active: number }>(handle.db, sql`select count(*)::int as active from products where is_active and variant_of is null`)
			activeProducts = count!.active
			// The best seller's own page: its related products are the busiest category's.
			const [top] = await queryRows<{ slug: string }>(
				handle.db,
				sql`select slug from products where is_active and variant_of is null order by sold_units desc limit 1`,
			)
			productPath = `/en/product/${top!.slug}`
			const plan = async (query: Parameters<typeof sql>[1]) => JSON.stringify(await queryRows(handle.db, sql`explain (format json) ${query}`))
			plans = {
				files: await plan(sitemapProductFilesQuery(SITEMAP_PRODUCTS_PER_FILE)),
				products: await plan(sitemapProductsQuery(handle.db, sitemapProductRange(2))),
			}
		} finally {
			await handle.close()
		}
		console.log(`${engine}: ${activeProducts} active products; ${steps.join(', ')}`)
		shop = await startShop({ dataDir: database.dataDir, env: { ...database.env, PAGE_CACHE_MB: '0', SEED_DEMO_CATALOG: 'false', PUBLIC_URL } })
	}, PREPARE_TIMEOUT_MS)
	afterAll(async () => {
		await shop?.stop()
		await database?.cleanup()
	})

	const local = (url: string) => url.replace(PUBLIC_URL, shop.url)

	it('answers /sitemap.xml as an index of files within the protocol’s limits and schemas, listing every active product in every language', async () => {
		const robots = await (await fetch(`${shop.url}/robots.txt`)).text()
		expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
		const indexResponse = await fetch(`${shop.url}/sitemap.xml`)
		expect(indexResponse.status).toBe(200)
		const index = await indexResponse.text()
		expect(await xsdProblems(index, 'sitemapindex')).toEqual([])
		expect(Buffer.byteLength(index)).toBeLessThanOrEqual(SITEMAP_LIMITS.bytes)
		const entries = sitemapIndexEntries(index)
		expect(entries.length).toBeLessThanOrEqual(SITEMAP_LIMITS.entries)
		expect(entries.length).toBe(1 + Math.ceil(activeProducts / SITEMAP_PRODUCTS_PER_FILE))
		for (const entry of entries) expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d{2}-\d{2}T/)

		const times: { loc: string; ms: number; bytes: number; urls: number }[] = []
		const productUrls = new Set<string>()
		for (const entry of entries) {
			const started = performance.now()
			const response = await fetch(local(entry.loc), { headers: { 'accept-encoding': 'identity' } })
			const body = await response.text()
			const ms = performance.now() - started
			expect([response.status, response.headers.get('content-type')], entry.loc).toEqual([200, 'application/xml; charset=utf-8'])
			const urls = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!)
			times.push({ loc: entry.loc, ms, bytes: Buffer.byteLength(body), urls: urls.length })
			expect(urls.length, entry.loc).toBeLessThanOrEqual(SITEMAP_LIMITS.entries)
			expect(Buffer.byteLength(body), entry.loc).toBeLessThanOrEqual(SITEMAP_LIMITS.bytes)
			expect(await xsdProblems(body, 'urlset'), entry.loc).toEqual([])
			expect(sitemapSchemaProblems(body), entry.loc).toEqual([])
			for (const url of urls) if (url.includes('/product/')) productUrls.add(url)
		}
		expect(productUrls.size).toBe(activeProducts * 3)
		const largest = times.reduce((a, b) => (b.bytes > a.bytes ? b : a))
		const slowest = times.reduce((a, b) => (b.ms > a.ms ? b : a))
		const median = times.map((t) => t.ms).sort((a, b) => a - b)[Math.floor(times.length / 2)]!
		console.log(
			`${engine}: sitemap index of ${entries.length} files; largest ${largest.loc} ${largest.urls} URLs ${(largest.bytes / 1024 / 1024).toFixed(2)} MB; slowest ${slowest.loc} ${slowest.ms.toFixed(0)} ms, median ${median.toFixed(0)} ms (page cache off)`,
		)

		// Past the last file, no file at all, and names that are not files: 404.
		const last = entries.length - 1
		for (const name of [`products-${last + 1}.xml`, 'products-0.xml', 'products-01.xml', 'products-1', 'nope.xml'])
			expect((await fetch(`${shop.url}/sitemaps/${name}`)).status, name).toBe(404)
	})

	it('reads the sitemap’s products from its index, never the whole table', () => {
		for (const [query, plan] of Object.entries(plans)) {
			expect(plan, query).toContain('products_sitemap_idx')
			expect(plan, query).not.toMatch(/"Node Type":\s*"Seq Scan"/)
		}
	})

	it('answers every sort, filter, search and page in under 300 ms, and /healthz and a product page meanwhile', async () => {
		const lastPage = Math.ceil(activeProducts / CATALOG_PAGE_SIZE)
		/** The fastest of `tries` rounds of the page, /healthz and the best seller's page sent at the same moment. */
		const fastest = async (path: string, tries: number) => {
			const best = { page: Infinity, healthz: Infinity, product: Infinity }
			for (let attempt = 0; attempt < tries; attempt++) {
				const [page, healthz, product] = await Promise.all([timed(`${shop.url}${path}`), timed(`${shop.url}/healthz`), timed(`${shop.url}${productPath}`)])
				// Past a listing's last page the catalogue answers 404 (nothing there), as fast as any other.
				expect([[200, 404].includes(page.status), healthz.status, product.status], `${path} answered ${page.status}`).toEqual([true, 200, 200])
				best.page = Math.min(best.page, page.ms)
				best.healthz = Math.min(best.healthz, healthz.ms)
				best.product = Math.min(best.product, product.ms)
			}
			return best
		}
		const slowest = (best: { page: number; healthz: number; product: number }) => Math.max(best.page, best.healthz, best.product)
		const times: { path: string; best: { page: number; healthz: number; product: number } }[] = []
		for (const path of storefrontRequests(lastPage)) times.push({ path, best: await fastest(path, TRIES) })
		// A request over budget is asked again: a slow query stays slow, another process's burst on a busy
		// machine does not (each is logged with its fastest of all its tries).
		for (const time of times) {
			if (slowest(time.best) < BUDGET_MS) continue
			const again = await fastest(time.path, RETRIES)
			time.best = {
				page: Math.min(time.best.page, again.page),
				healthz: Math.min(time.best.healthz, again.healthz),
				product: Math.min(time.best.product, again.product),
			}
		}
		times.sort((a, b) => slowest(b.best) - slowest(a.best))
		const line = ({ path, best }: (typeof times)[number]) =>
			`${path}: ${best.page.toFixed(0)} ms; meanwhile /healthz ${best.healthz.toFixed(0)} ms, product page ${best.product.toFixed(0)} ms`
		console.log(`${engine}: ${times.length} storefront requests at ${PRODUCTS} products; slowest: ${times.slice(0, 5).map(line).join(' | ')}`)
		const slow = times.filter((time) => slowest(time.best) >= BUDGET_MS).map(line)
		expect(slow, slow.join('\n')).toEqual([])
	})
})
