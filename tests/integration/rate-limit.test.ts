import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hitRateLimit, resetRateLimit } from '#server/security/rate-limit.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

describe.each(ENGINES)('database rate limit on %s', (engine) => {
	let database: TestDatabase
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'ratelimit' })
	})
	afterAll(() => database.cleanup())

	it('allows up to the limit in a window, then refuses with a retry time', async () => {
		const { db } = database.handle
		const results = []
		for (let i = 0; i < 5; i++) results.push(await hitRateLimit(db, 'contact:1.2.3.4', { limit: 3, windowSeconds: 60 }))
		expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false])
		expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0)
		expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60)
		// Other keys count separately; a reset forgets the key.
		expect((await hitRateLimit(db, 'contact:5.6.7.8', { limit: 3, windowSeconds: 60 })).allowed).toBe(true)
		await resetRateLimit(db, 'contact:1.2.3.4')
		expect((await hitRateLimit(db, 'contact:1.2.3.4', { limit: 3, windowSeconds: 60 })).allowed).toBe(true)
	})

	it('starts a new window once the old one has passed', async () => {
		const { db } = database.handle
		expect((await hitRateLimit(db, 'short', { limit: 1, windowSeconds: 1 })).allowed).toBe(true)
		expect((await hitRateLimit(db, 'short', { limit: 1, windowSeconds: 1 })).allowed).toBe(false)
		await new Promise((resolve) => setTimeout(resolve, 1100))
		expect((await hitRateLimit(db, 'short', { limit: 1, windowSeconds: 1 })).allowed).toBe(true)
	})
})

describe('rate limit shared by two instances on PostgreSQL', () => {
	it('counts concurrent hits from both exactly', async () => {
		const database = await createTestDatabase('postgres', { label: 'ratelimit2' })
		try {
			const other = await database.openAnother()
			const hits = await Promise.all(
				Array.from({ length: 40 }, (_, i) => hitRateLimit(i % 2 ? other.db : database.handle.db, 'login:ana', { limit: 10, windowSeconds: 60 })),
			)
			expect(hits.filter((h) => h.allowed)).toHaveLength(10)
		} finally {
			await database.cleanup()
		}
	})
})
