import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.ts'
import { rateLimitBuckets, signInBlocks, signInFailures } from '#db/schema/index.ts'
import { createExpiredRowsJob } from '#server/security/expired-rows.ts'
import { hitRateLimit, resetRateLimit } from '#server/security/rate-limit.ts'
import { createLogger } from '#server/logger.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { waitUntil } from '../support/wait.ts'

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
		// The sleep is what is tested: a one-second window really passing on the database's clock.
		await new Promise((resolve) => setTimeout(resolve, 1100))
		expect((await hitRateLimit(db, 'short', { limit: 1, windowSeconds: 1 })).allowed).toBe(true)
	})

	it('a hit over the limit writes nothing: the row, its count and its window stay as they were', async () => {
		const { db } = database.handle
		const limit = { limit: 3, windowSeconds: 600 }
		for (let i = 0; i < 3; i++) await hitRateLimit(db, 'flood:9.9.9.9', limit)
		// xmin changes with every write to a row, so an unchanged xmin proves the refused hits wrote nothing.
		const version = async () =>
			(
				await queryRows<{ xmin: string; count: number; window_start: string }>(
					db,
					sql`select xmin::text as xmin, count, window_start::text from ${rateLimitBuckets} where key = 'flood:9.9.9.9'`,
				)
			)[0]
		const before = await version()
		const refused = []
		for (let i = 0; i < 20; i++) refused.push(await hitRateLimit(db, 'flood:9.9.9.9', limit))
		expect(refused.every((r) => !r.allowed && r.retryAfterSeconds > 0 && r.retryAfterSeconds <= 600)).toBe(true)
		expect(await version()).toEqual(before)
		expect(before?.count).toBe(3)
	})

	it('the cleanup job deletes ended windows, forgotten sign-in failures and old block-log rows, and keeps the rest', async () => {
		const { db } = database.handle
		await hitRateLimit(db, 'ends-soon', { limit: 5, windowSeconds: 1 })
		await hitRateLimit(db, 'still-running', { limit: 5, windowSeconds: 600 })
		await db.insert(signInFailures).values([
			{ key: 'account:gone@example.test', failures: 3, lastFailureAt: sql`now() - interval '7 hours'`, expiresAt: sql`now() - interval '1 hour'` },
			{ key: 'account:kept@example.test', failures: 3, lastFailureAt: sql`now()`, expiresAt: sql`now() + interval '6 hours'` },
		])
		const [old] = await db
			.insert(signInBlocks)
			.values({
				at: sql`now() - interval '91 days'`,
				email: 'old@example.test',
				address: '192.0.2.9',
				reason: 'account-address',
				failures: 5,
				blockedUntil: sql`now() - interval '91 days'`,
			})
			.returning()
		const [recent] = await db
			.insert(signInBlocks)
			.values({ email: 'new@example.test', address: '192.0.2.9', reason: 'account-address', failures: 5, blockedUntil: sql`now() + interval '30 seconds'` })
			.returning()
		const job = createExpiredRowsJob({ db, log: createLogger({ LOG_LEVEL: 'silent' }) })
		const bucketKeys = async () => (await db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map((row) => row.key)
		const endedWindowGone = async () => {
			await job.runOnce()
			return !(await bucketKeys()).includes('ends-soon')
		}
		await waitUntil(endedWindowGone, { timeoutMs: 10_000, what: 'the ended window to be deleted' })
		expect(await bucketKeys()).toContain('still-running')
		expect((await db.select({ key: signInFailures.key }).from(signInFailures)).map((row) => row.key)).toEqual(['account:kept@example.test'])
		expect(await db.select().from(signInBlocks).where(eq(signInBlocks.id, old!.id))).toEqual([])
		expect(await db.select().from(signInBlocks).where(eq(signInBlocks.id, recent!.id))).toHaveLength(1)
		await job.stop()
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
