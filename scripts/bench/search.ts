import { sql } from 'drizzle-orm'
import { openDatabase, queryRows, type DatabaseEngine } from '#db/client.ts'
import { translations } from '#db/schema/index.ts'
import { loadCatalog } from '#server/catalog/catalog.ts'
import { parseCatalogQuery } from '#domain/catalog-query.ts'
import type { Locale } from '#domain/enums.ts'
import { addSalesHistory, SALES_HISTORY_LINES, translateEveryProduct, withBenchDatabase } from './data.ts'

/** Products in the search measurement (search must be fast at 10,000). */
export const SEARCH_PRODUCT_COUNT = 10_000

/** Searches timed, each as the catalogue page runs it: many matches, a few, none; sorted, in a category; then listings in each order and deep pages. */
const SEARCHES: { locale: Locale; query: string }[] = [
	{ locale: 'ro', query: 'q=lumanare' },
	{ locale: 'ro', query: 'q=lavanda+salvie' },
	{ locale: 'ro', query: 'q=nimic-de-gasit' },
	{ locale: 'ro', query: 'q=lumanare&sort=price-asc' },
	{ locale: 'ro', query: 'q=portret&sort=bestsellers' },
	{ locale: 'en', query: 'q=candle' },
	{ locale: 'en', query: 'q=lumanare' },
	{ locale: 'en', query: 'q=vanilla&category=candle' },
	{ locale: 'es', query: 'q=nada-que-encontrar' },
	// Orders and pages over the sales history (best sellers once summed every order line per request).
	{ locale: 'en', query: 'sort=bestsellers&page=3' },
	{ locale: 'en', query: 'category=candle&sort=bestsellers' },
	{ locale: 'en', query: 'filter=new&sort=price-desc&page=3' },
	{ locale: 'en', query: 'sort=bestsellers&page=417' },
]

export type SearchFigures = {
	engine: DatabaseEngine
	productCount: number
	/** Translations rows in the database (two texts per product and language). */
	translationCount: number
	rows: { locale: Locale; query: string; matches: number; p50Ms: number; p95Ms: number; maxMs: number }[]
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!

/**
 * Search latency at 10,000 products, straight on the database (the catalogue's own query, no HTTP and
 * no page cache): every product's name and description also translated into English and Spanish, as
 * a shop that has run its translation worker, so the visitor's-language half of the search has its
 * full table to read.
 */
export async function measureSearch(engine: DatabaseEngine, repetitions: number): Promise<SearchFigures> {
	return withBenchDatabase(engine, SEARCH_PRODUCT_COUNT, async (database) => {
		const handle = await openDatabase(
			database.env.DATABASE_URL ? { engine: 'postgres', url: database.env.DATABASE_URL } : { engine: 'pglite', dataDir: database.dataDir },
		)
		try {
			const { db } = handle
			await translateEveryProduct(db)
			await addSalesHistory(db, SALES_HISTORY_LINES)
			const [{ count }] = (await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ${translations}`)) as [{ count: number }]
			const rows: SearchFigures['rows'] = []
			for (const search of SEARCHES) {
				const query = parseCatalogQuery(new URLSearchParams(search.query))
				// Warm up: plans cached, pages in memory, as in a running shop.
				let matches = 0
				for (let i = 0; i < 3; i++) matches = (await loadCatalog(db, query, search.locale)).products.length
				const times: number[] = []
				for (let i = 0; i < repetitions; i++) {
					const started = performance.now()
					await loadCatalog(db, query, search.locale)
					times.push(performance.now() - started)
				}
				times.sort((a, b) => a - b)
				rows.push({ ...search, matches, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), maxMs: times.at(-1)! })
			}
			return { engine, productCount: SEARCH_PRODUCT_COUNT, translationCount: count, rows }
		} finally {
			await handle.close()
		}
	})
}
