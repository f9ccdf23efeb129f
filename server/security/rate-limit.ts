import { sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { rateLimitBuckets } from '#db/schema/index.ts'

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number }

/**
 * Counts one hit on `key` in a fixed window and says whether it is within `limit`.
 * One atomic upsert, so concurrent requests on any instance never under-count.
 */
export async function hitRateLimit(
	db: DbExecutor,
	key: string,
	options: { limit: number; windowSeconds: number },
): Promise<RateLimitResult> {
	const window = sql`make_interval(secs => ${options.windowSeconds})`
	const [row] = await queryRows<{ count: number; retry_after: number }>(db, sql`
		insert into ${rateLimitBuckets} (key, window_start, count) values (${key}, now(), 1)
		on conflict (key) do update set
			count = case when ${rateLimitBuckets.windowStart} <= now() - ${window} then 1 else ${rateLimitBuckets.count} + 1 end,
			window_start = case when ${rateLimitBuckets.windowStart} <= now() - ${window} then now() else ${rateLimitBuckets.windowStart} end
		returning count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`)
	if (!row) throw new Error('rate limit upsert returned no row')
	const count = Number(row.count)
	return {
		allowed: count <= options.limit,
		remaining: Math.max(0, options.limit - count),
		retryAfterSeconds: Math.max(1, Number(row.retry_after)),
	}
}

/** Forgets the hits on `key`, e.g. after a successful sign-in. */
export async function resetRateLimit(db: DbExecutor, key: string) {
	await db.execute(sql`delete from ${rateLimitBuckets} where key = ${key}`)
}
