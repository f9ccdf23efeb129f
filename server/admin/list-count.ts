import { count, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '#db/client.ts'

/**
 * Rows a long list counts before it says "more than" (ADR 0272): counting every order or invoice
 * of a long history costs a pass over the table on every page load, and nobody reads an exact
 * figure in the hundreds of thousands.
 */
export const LIST_COUNT_CAP = 10_000

/** A list's size as its pager shows it: exact up to the cap, else the cap and `more`. */
export type ListCount = { total: number; more: boolean }

/** The list's rows as a dynamic select (`db.select(oneColumn).from(…).where(…).$dynamic()`), never ordered. */
export const oneColumn = { one: sql<number>`1` }

/**
 * Counts the rows a list's filter matches, reading at most the cap's worth (or up to the page asked
 * for, so its "next" is still right past the cap).
 */
export async function countListRows(db: DbExecutor, matchingRows: PgSelect, reach: { page: number; pageSize: number; cap?: number }): Promise<ListCount> {
	const cap = Math.max(reach.cap ?? LIST_COUNT_CAP, reach.page * reach.pageSize)
	const matching = matchingRows.limit(cap + 1).as('matching')
	const [counted] = await db.select({ rows: count() }).from(matching)
	const rows = counted?.rows ?? 0
	return rows > cap ? { total: cap, more: true } : { total: rows, more: false }
}

/** The pages a counted list has, and the page asked for kept within them. */
export function listPages(counted: ListCount, requested: number, pageSize: number) {
	const pages = Math.max(1, Math.ceil(counted.total / pageSize))
	return { pages, page: Math.min(Math.max(1, requested), pages) }
}
