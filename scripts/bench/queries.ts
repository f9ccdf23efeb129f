import type { Locale } from '#domain/enums.ts'
import { localizedPath, stripLocale } from '#domain/i18n/paths.ts'

/** Locales the query count is taken in: Romanian content is read as is, others go through the translation cache. */
const LOCALES: Locale[] = ['ro', 'en']

export type PageQueries = { path: string; locale: Locale; status: number; queries: number }

/** The query count a shop running with SERVER_TIMING=1 puts in `Server-Timing: db;desc="N queries"`. */
export function queriesFromServerTiming(header: string | null): number {
	const match = /(?:^|,)\s*db;desc="(\d+) quer(?:y|ies)"/.exec(header ?? '')
	if (!match) throw new Error(`no db query count in Server-Timing ${JSON.stringify(header)}: is SERVER_TIMING=1 set?`)
	return Number(match[1])
}

/**
 * Database queries per page, as an anonymous visitor, in each locale (the page's URL in that language;
 * rows name the path without language). Each page is asked twice and
 * the larger count kept, so one-time work (a cold cache) cannot hide a query.
 */
export async function countQueriesPerPage(baseUrl: string, paths: string[]): Promise<PageQueries[]> {
	const counts: PageQueries[] = []
	for (const locale of LOCALES) {
		for (const path of paths) {
			let queries = 0
			let status = 0
			for (let visit = 0; visit < 2; visit++) {
				const response = await fetch(baseUrl + localizedPath(locale, path), { headers: { Cookie: `lang=${locale}` }, redirect: 'manual' })
				await response.arrayBuffer()
				status = response.status
				queries = Math.max(queries, queriesFromServerTiming(response.headers.get('server-timing')))
			}
			counts.push({ path: stripLocale(path), locale, status, queries })
		}
	}
	return counts
}
