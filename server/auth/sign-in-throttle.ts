import { desc, inArray, lte, sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { signInBlocks, signInFailures } from '#db/schema/index.ts'
import { backoffSeconds, SIGN_IN_BACKOFF, type ThrottleCounter } from './sign-in-backoff.ts'

/** How long the admin log keeps a block (it holds addresses, so not for ever). */
export const SIGN_IN_BLOCK_LOG_DAYS = 90

/**
 * Seconds the attempt must still wait (0: it may go ahead). Only reads: an attempt refused here
 * is not counted, so hammering during a wait neither lengthens it nor writes anything.
 */
export async function signInWaitSeconds(db: DbExecutor, counters: ThrottleCounter[]): Promise<number> {
	const [row] = await queryRows<{ wait: number | null }>(
		db,
		sql`
		select ceil(extract(epoch from (max(${signInFailures.blockedUntil}) - now())))::int as wait
		from ${signInFailures}
		where ${inArray(
			signInFailures.key,
			counters.map((c) => c.key),
		)} and ${signInFailures.blockedUntil} > now()`,
	)
	return Math.max(0, Number(row?.wait ?? 0))
}

/**
 * Counts a failed attempt on each counter. A counter past its free failures starts a wait that
 * doubles with each further failure, and the block goes into the admin log.
 */
export async function recordSignInFailure(db: DbExecutor, counters: ThrottleCounter[], attempt: { email: string; address: string }) {
	const memory = sql`make_interval(secs => ${SIGN_IN_BACKOFF.memorySeconds})`
	for (const counter of counters) {
		const forgotten = sql`${signInFailures.expiresAt} <= now()`
		const [counted] = await queryRows<{ failures: number }>(
			db,
			sql`
			insert into ${signInFailures} (key, failures, last_failure_at, expires_at) values (${counter.key}, 1, now(), now() + ${memory})
			on conflict (key) do update set
				failures = case when ${forgotten} then 1 else ${signInFailures.failures} + 1 end,
				blocked_until = case when ${forgotten} then null else ${signInFailures.blockedUntil} end,
				last_failure_at = now(),
				expires_at = greatest(now() + ${memory}, ${signInFailures.blockedUntil})
			returning failures`,
		)
		const failures = Number(counted?.failures ?? 0)
		const wait = backoffSeconds(failures, counter.freeFailures)
		if (wait === 0) continue
		const until = sql`now() + make_interval(secs => ${wait})`
		const [blocked] = await queryRows<{ blocked_until: string | Date }>(
			db,
			sql`
			update ${signInFailures} set
				blocked_until = greatest(${signInFailures.blockedUntil}, ${until}),
				expires_at = greatest(${signInFailures.expiresAt}, ${until})
			where key = ${counter.key}
			returning blocked_until`,
		)
		if (!blocked) continue
		await db.insert(signInBlocks).values({
			email: attempt.email,
			address: attempt.address,
			reason: counter.reason,
			failures,
			blockedUntil: new Date(blocked.blocked_until),
		})
	}
}

/** Forgets the failures on these counters (after the right password). */
export async function clearSignInFailures(db: DbExecutor, counters: ThrottleCounter[]) {
	if (counters.length === 0) return
	await db.delete(signInFailures).where(
		inArray(
			signInFailures.key,
			counters.map((c) => c.key),
		),
	)
}

export type SignInBlock = typeof signInBlocks.$inferSelect

/** The newest blocks first, for /admin/security. */
export async function recentSignInBlocks(db: DbExecutor, limit = 200): Promise<SignInBlock[]> {
	return db.select().from(signInBlocks).orderBy(desc(signInBlocks.at)).limit(limit)
}

/** Deletes forgotten failure counters and log rows past their retention (run by the cleanup job). */
export async function deleteExpiredSignInRecords(db: DbExecutor): Promise<number> {
	const counters = await db
		.delete(signInFailures)
		.where(lte(signInFailures.expiresAt, sql`now()`))
		.returning({ key: signInFailures.key })
	const blocks = await db
		.delete(signInBlocks)
		.where(lte(signInBlocks.at, sql`now() - make_interval(days => ${SIGN_IN_BLOCK_LOG_DAYS})`))
		.returning({ id: signInBlocks.id })
	return counters.length + blocks.length
}
