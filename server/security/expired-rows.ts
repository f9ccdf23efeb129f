import type { Database } from '#db/client.ts'
import { deleteExpiredSignInRecords } from '../auth/sign-in-throttle.ts'
import { createPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import { deleteUnconfirmedSubscribers } from '../marketing/newsletter.ts'
import { deleteEndedRateLimits } from './rate-limit.ts'

/** Often enough that the tables stay small under a flood, rarely enough to cost nothing. */
export const EXPIRED_ROWS_INTERVAL_MS = 10 * 60 * 1000

/** One cleanup round: rate-limit windows that ended, forgotten sign-in failures, newsletter sign-ups never confirmed in time. */
export async function deleteExpiredSecurityRows(db: Database): Promise<number> {
	return (await deleteEndedRateLimits(db)) + (await deleteExpiredSignInRecords(db)) + (await deleteUnconfirmedSubscribers(db))
}

/** The background job that runs it (not started: the caller starts it). Safe on every instance at once. */
export function createExpiredRowsJob(options: { db: Database; log: Logger; intervalMs?: number }): PeriodicJob<number> {
	return createPeriodicJob({
		name: 'expired security rows',
		round: async () => {
			const deleted = await deleteExpiredSecurityRows(options.db)
			if (deleted > 0) options.log.debug({ deleted }, 'expired rate-limit, sign-in and unconfirmed newsletter rows deleted')
			return deleted
		},
		onFailure: 0,
		intervalMs: options.intervalMs ?? EXPIRED_ROWS_INTERVAL_MS,
		log: options.log,
	})
}
