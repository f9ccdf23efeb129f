import { sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { rateLimitBuckets } from '#db/schema/index.ts'

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number }

/**
 * Counts one hit on `key` in a fixed window and says whether it is within `limit`.
 * One atomic upsert, so concurrent requests on any instance never under-count. A hit that is
 * already over the limit changes nothing (the `where` skips the update): a throttled client
 * neither extends its window nor makes the database write.
 */
export async function hitRateLimit(db: DbExecutor, key: string, options: { limit: number; windowSeconds: number }): Promise<RateLimitResult> {
	const window = sql`make_interval(secs => ${options.windowSeconds})`
	const ended = sql`${rateLimitBuckets.windowStart} <= now() - ${window}`
	const [counted] = await queryRows<{ count: number; retry_after: number }>(
		db,
		sql`
		insert into ${rateLimitBuckets} (key, window_start, count, expires_at) values (${key}, now(), 1, now() + ${window})
		on conflict (key) do update set
			count = case when ${ended} then 1 else ${rateLimitBuckets.count} + 1 end,
			window_start = case when ${ended} then now() else ${rateLimitBuckets.windowStart} end,
			expires_at = case when ${ended} then now() + ${window} else ${rateLimitBuckets.windowStart} + ${window} end
		where ${ended} or ${rateLimitBuckets.count} < ${options.limit}
		returning count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`,
	)
	if (counted) return result(Number(counted.count), Number(counted.retry_after), options.limit)
	// Over the limit: nothing was written; read how long the window still runs.
	const [current] = await queryRows<{ count: number; retry_after: number }>(
		db,
		sql`
		select count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after
		from ${rateLimitBuckets} where key = ${key}`,
	)
	// The row vanished in between (a reset or the cleanup): refuse this once, the next hit starts afresh.
	return result(options.limit + 1, current ? Number(current.retry_after) : 1, options.limit)
}

function result(count: number, retryAfter: number, limit: number): RateLimitResult {
	return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds: Math.max(1, retryAfter) }
}

/** Forgets the hits on `key`, e.g. after a successful sign-in. */
export async function resetRateLimit(db: DbExecutor, key: string) {
	await db.execute(sql`delete from ${rateLimitBuckets} where key = ${key}`)
}

/** Deletes the windows that have ended (run by the cleanup job); returns how many went. */
export async function deleteEndedRateLimits(db: DbExecutor): Promise<number> {
	const rows = await queryRows<{ key: string }>(db, sql`delete from ${rateLimitBuckets} where ${rateLimitBuckets.expiresAt} <= now() returning key`)
	return rows.length
}
