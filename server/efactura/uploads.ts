import type { Database } from '#db/client.ts'
import { createPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import { createAnafApi, type AnafApi } from './anaf-client.ts'
import type { EFacturaSettings } from './config.ts'
import { createAnafTokens, type AnafTokens } from './tokens.ts'
import { createEFacturaRound, type RoundResult } from './upload-job.ts'

export type EFacturaUploads = {
	settings: EFacturaSettings
	tokens: AnafTokens
	job: PeriodicJob<RoundResult | null>
}

/**
 * The e-Factura upload job (ADR 0160), on every instance alike (they share the work through the
 * database). Not started here: main.ts starts it once the server listens.
 */
export function createEFacturaUploads(options: { db: Database; settings: EFacturaSettings; log: Logger; api?: AnafApi; now?: () => Date }): EFacturaUploads {
	const { settings, log } = options
	// Each request fits inside the lease a claimed document is held for, with room for the writes around it.
	const api = options.api ?? createAnafApi(settings, { timeoutMs: Math.floor((settings.leaseSeconds * 1000) / 4) })
	const tokens = createAnafTokens({ db: options.db, api, settings, log })
	const round = createEFacturaRound({ db: options.db, api, tokens, log, leaseSeconds: settings.leaseSeconds, now: options.now })
	const job = createPeriodicJob({ name: 'e-Factura upload', round, onFailure: null, intervalMs: settings.pollIntervalMs, log })
	return { settings, tokens, job }
}
