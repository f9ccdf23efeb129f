import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storefrontPaths } from '../../scripts/bench/pages.ts'
import { countQueriesPerPage } from '../../scripts/bench/queries.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'

/**
 * At most 3 database queries per storefront page, counted by the server itself
 * (SERVER_TIMING=1), so an N+1 query fails here before it shows in `npm run bench`.
 */
describe('database queries per storefront page', () => {
	const shops: ShopProcess[] = []
	let timed: ShopProcess
	beforeAll(async () => {
		// The page cache off: each page asked is rendered, so its queries are counted (a stored page makes none).
		timed = await startShop({ env: { SERVER_TIMING: '1', PAGE_CACHE_MB: '0' } })
		shops.push(timed)
	})
	afterAll(async () => {
		await Promise.all(shops.map((shop) => shop.stop()))
		await Promise.all([...new Set(shops.map((shop) => shop.dataDir))].map((dir) => fs.rm(dir, { recursive: true, force: true })))
	})

	it('stays within 3 on every storefront page, in Romanian and in English', async () => {
		const counts = await countQueriesPerPage(timed.url, storefrontPaths('/product/lumanare-vanilie-si-santal'))
		expect(counts.length).toBeGreaterThan(20)
		// The counter really counts: the catalogue reads categories and products.
		expect(counts.find((row) => row.path === '/catalog' && row.locale === 'ro')).toMatchObject({ status: 200, queries: 2 })
		// The home page reads its categories and the owner's home content; in English also their translations, in one query (ADR 0132).
		expect(counts.find((row) => row.path === '/' && row.locale === 'en')).toMatchObject({ status: 200, queries: 3 })
		expect(counts.filter((row) => row.queries > 3)).toEqual([])
	})

	it('sends no Server-Timing header unless SERVER_TIMING is set', async () => {
		// The same, already seeded data (PGlite serves one process at a time): a quick start.
		await timed.stop()
		const plain = await startShop({ dataDir: timed.dataDir })
		shops.push(plain)
		const response = await fetch(`${plain.url}/en/catalog`)
		await response.arrayBuffer()
		expect(response.status).toBe(200)
		expect(response.headers.get('server-timing')).toBeNull()
	})
})
