import fs from 'node:fs/promises'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, test } from './fixtures.ts'

/**
 * ADR 0137: every internal link on every page answers 200. A shop of its own (a fresh
 * database with the demo catalogue, so products other tests add and remove meanwhile cannot
 * come and go under the crawl) is crawled from /en, /ro and /es, following every `<a href>` of the
 * server-rendered HTML, as an anonymous visitor. Nothing is skipped: pages robots.txt keeps out of
 * search engines (cart, sign-in, account) are links a visitor follows too. A redirect counts by where
 * it lands (the account page sends a visitor to sign in).
 */
test.describe.configure({ mode: 'serial' })

/** More pages than this means the crawl is running away (an address that grows with each visit). */
const MAX_PAGES = 3_000

let shop: ShopProcess
let database: Awaited<ReturnType<typeof createTemporaryPostgresDatabase>>
test.beforeAll(async () => {
	// A fresh database is migrated and seeded first: slow on a busy machine.
	test.setTimeout(240_000)
	database = await createTemporaryPostgresDatabase('crawl')
	shop = await startShop({ env: { DATABASE_URL: database.url }, timeoutMs: 180_000 })
})
test.afterAll(async () => {
	await shop?.stop()
	await database?.drop()
	if (shop) await fs.rm(shop.dataDir, { recursive: true, force: true })
})

/** The internal addresses the page's links point at: path and query, without the fragment. */
function internalLinks(html: string, base: string): string[] {
	const links: string[] = []
	for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
		const href = match[1]!.replaceAll('&amp;', '&')
		if (href.startsWith('#') || href === '') continue
		const url = new URL(href, base + '/')
		if (url.origin !== base) continue
		links.push(url.pathname + url.search)
	}
	return links
}

test('every internal link of every page answers 200, in en, ro and es', async () => {
	test.setTimeout(600_000)
	const seen = new Set<string>(['/en', '/ro', '/es'])
	const queue = [...seen]
	const failures: string[] = []
	const linkedFrom = new Map<string, string>()
	const crawled: string[] = []
	const visit = async (path: string) => {
		const response = await fetch(shop.url + path, { headers: { Accept: 'text/html' } })
		const html = await response.text()
		crawled.push(path)
		if (response.status !== 200) {
			failures.push(
				`${path} answered ${response.status}${response.redirected ? ` (at ${response.url})` : ''}, linked from ${linkedFrom.get(path) ?? 'the start'}`,
			)
			return
		}
		// A redirect ends on its own page: its links are read from there.
		if (!(response.headers.get('content-type') ?? '').includes('text/html')) return
		for (const link of internalLinks(html, shop.url)) {
			if (seen.has(link)) continue
			seen.add(link)
			linkedFrom.set(link, path)
			queue.push(link)
		}
	}
	// A few pages at a time: the machine is shared.
	while (queue.length > 0) {
		expect(seen.size, 'the crawl keeps finding new addresses').toBeLessThan(MAX_PAGES)
		await Promise.all(queue.splice(0, 4).map(visit))
	}
	expect(failures).toEqual([])
	// It did crawl the shop: every language's catalogue, product pages, static pages.
	for (const locale of ['en', 'ro', 'es']) {
		expect(crawled.filter((path) => path.startsWith(`/${locale}/product/`)).length, locale).toBeGreaterThanOrEqual(5)
		expect(crawled, locale).toContain(`/${locale}/catalog`)
		expect(crawled, locale).toContain(`/${locale}/about`)
	}
})
