import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows, type DatabaseHandle } from '#db/client.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'

/**
 * The embedded database runs one query at a time: how long each query or transaction held it is what
 * every other request waited (the scale benchmark's PGlite target). Timed from when the lock is
 * taken, so a query waiting its turn is not charged the one before it.
 */
describe('the embedded database times how long each query and transaction holds it', () => {
	let handle: DatabaseHandle
	const holds: number[] = []
	beforeAll(async () => {
		handle = await openDatabase({ engine: 'pglite', dataDir: 'memory://', onHold: (ms) => holds.push(ms) })
	})
	afterAll(() => handle?.close())

	it('times a query from when it runs, not from when it was asked', async () => {
		holds.length = 0
		// Two queries asked at once: the second waits for the first, but holds only its own time.
		await Promise.all([handle.db.execute(sql`select pg_sleep(0.08)`), handle.db.execute(sql`select pg_sleep(0.08)`)])
		expect(holds).toHaveLength(2)
		for (const hold of holds) {
			expect(hold).toBeGreaterThanOrEqual(75)
			expect(hold).toBeLessThan(150)
		}
	})

	it('times a transaction as one hold, the work between its queries included', async () => {
		holds.length = 0
		await handle.db.transaction(async (tx) => {
			await tx.execute(sql`select 1`)
			await new Promise((resolve) => setTimeout(resolve, 60))
			await tx.execute(sql`select 2`)
		})
		expect(holds).toHaveLength(1)
		expect(holds[0]).toBeGreaterThanOrEqual(55)
	})
})

describe("the shop's PostgreSQL connections", () => {
	it('compile no query with JIT: its queries are short, and compiling a report cost more than it saved', async () => {
		const database = await createTemporaryPostgresDatabase('connections')
		const handle = await openDatabase({ engine: 'postgres', url: database.url })
		try {
			// Several at once, so more than one connection of the pool answers.
			const answers = await Promise.all([1, 2, 3].map(() => queryRows<{ jit: string }>(handle.db, sql`select current_setting('jit') as jit, pg_sleep(0.05)`)))
			expect(answers.map(([row]) => row!.jit)).toEqual(['off', 'off', 'off'])
		} finally {
			await handle.close()
			await database.drop()
		}
	})
})
