import type { Database } from '#db/client.ts'
import { createPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import { applyCustomerChanges } from './customers.ts'

/** Often enough that the noted changes stay a short list on a busy day, rarely enough to cost nothing. */
export const CUSTOMER_FIGURES_INTERVAL_MS = 10 * 60 * 1000

/**
 * Counts the noted customers again in the background too (ADR 0263), so the changes of a shop whose
 * owner seldom opens the customers list do not pile up for that first read. Safe on every instance at once.
 */
export function createCustomerFiguresJob(options: { db: Database; log: Logger; intervalMs?: number }): PeriodicJob<null> {
	return createPeriodicJob({
		name: 'customer figures',
		round: async () => {
			await applyCustomerChanges(options.db)
			return null
		},
		onFailure: null,
		intervalMs: options.intervalMs ?? CUSTOMER_FIGURES_INTERVAL_MS,
		log: options.log,
	})
}
