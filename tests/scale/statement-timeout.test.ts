/**
 * A slow statement on PostgreSQL is cancelled, not left to stall the shop. (The storefront's speed
 * at a large catalogue, on both engines, is tests/scale/storefront-and-sitemap-at-20000-products.test.ts.)
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '#db/client.ts'
import { isDatabaseUnavailable } from '#server/http/database-unavailable.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'

// PostgreSQL alone can cancel a statement; the embedded database's guard is the queries above staying fast.
describe('a slow statement on PostgreSQL', () => {
	it('past DATABASE_STATEMENT_TIMEOUT_MS is cancelled by PostgreSQL and reads as "try again" (503), not a stall', async () => {
		const database = await createTemporaryPostgresDatabase('statement-timeout')
		const handle = await openDatabase({ engine: 'postgres', url: database.url, statementTimeoutMs: 200 })
		try {
			const started = performance.now()
			const error = await handle.db.execute(sql`select pg_sleep(5)`).catch((failure: unknown) => failure)
			expect(performance.now() - started).toBeLessThan(2_000)
			expect(isDatabaseUnavailable(error)).toBe(true)
			// The connection is still good for the next request.
			expect(await queryRows(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }])
		} finally {
			await handle.close()
			await database.drop()
		}
	})
})
