import { and, eq, isNull, sql } from 'drizzle-orm'
import { queryRows, type Database } from '#db/client.ts'
import { translations } from '#db/schema/index.ts'
import { createPeriodicJob } from '../jobs/periodic-job.ts'
import type { TargetLocale } from './providers.ts'
import type { TranslationService } from './service.ts'
import { TextTooLongError } from './split.ts'
import { syncTranslations } from './sync.ts'

export const MAX_TRANSLATION_ATTEMPTS = 8
const LEASE_SECONDS = 120
const BATCH_SIZE = 10
const POLL_INTERVAL_MS = 30_000

/** 30 s, 1 min, 2 min … capped at one hour. */
export function translationRetryDelayMs(attempts: number) {
	return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)
}

export type TranslationWorker = {
	/** Queues everything missing, then keeps translating (polling for retries). No-op without a provider. */
	start(): void
	/** Asks for a round soon, e.g. right after content was saved. */
	nudge(): void
	/** Translates everything due now; returns how many texts were translated. */
	runOnce(): Promise<number>
	/** Resolves once no round is running. */
	idle(): Promise<void>
	stop(): Promise<void>
}

type Claimed = { id: string; sourceText: string; context: string; locale: TargetLocale; attempts: number }

/**
 * The background job: claims untranslated rows with FOR UPDATE SKIP LOCKED and a lease, so any
 * number of instances can share the work, and retries failures with backoff.
 */
export function createTranslationWorker(options: { db: Database; service: TranslationService; pollIntervalMs?: number }): TranslationWorker {
	const { db, service } = options
	const log = service.log
	let stopped = false
	let started = false
	let starting: Promise<void> | undefined

	async function claimBatch(): Promise<Claimed[]> {
		return queryRows<Claimed>(
			db,
			sql`
			update ${translations}
			set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
			where id in (
				select id from ${translations}
				where translated_text is null and not stale and attempts < ${MAX_TRANSLATION_ATTEMPTS}
					and next_attempt_at <= now() and (locked_until is null or locked_until < now())
				order by next_attempt_at
				limit ${BATCH_SIZE}
				for update skip locked
			)
			returning id, source_text as "sourceText", context, locale, attempts`,
		)
	}

	async function work(row: Claimed) {
		try {
			const translated = await service.machineTranslate(row.sourceText, row.locale, row.context)
			await db
				.update(translations)
				.set({ translatedText: translated, provider: service.providerName, lockedUntil: null, lastError: null })
				.where(eq(translations.id, row.id))
			return true
		} catch (error) {
			const tooLong = error instanceof TextTooLongError
			const message = (tooLong ? `kept untranslated: ${(error as Error).message}` : (error as Error).message).slice(0, 1000)
			await db
				.update(translations)
				.set({
					lockedUntil: null,
					lastError: message,
					// Splitting will not work better next time.
					attempts: tooLong ? MAX_TRANSLATION_ATTEMPTS : row.attempts,
					nextAttemptAt: new Date(Date.now() + translationRetryDelayMs(row.attempts)),
				})
				.where(and(eq(translations.id, row.id), isNull(translations.translatedText)))
			const gaveUp = tooLong || row.attempts >= MAX_TRANSLATION_ATTEMPTS
			log.warn(
				{ translationId: row.id, context: row.context, target: row.locale, attempts: row.attempts, gaveUp, err: message },
				'translation failed; the original text is shown meanwhile',
			)
			return false
		}
	}

	async function round(): Promise<number> {
		if (!service.provider) return 0
		let translated = 0
		for (;;) {
			const batch = await claimBatch()
			for (const row of batch) {
				if (stopped) break
				if (await work(row)) translated++
			}
			if (batch.length < BATCH_SIZE || stopped) break
		}
		if (translated > 0) log.info({ translated }, 'content translated')
		return translated
	}

	const job = createPeriodicJob({ name: 'translation', round, onFailure: 0, intervalMs: options.pollIntervalMs ?? POLL_INTERVAL_MS, log })

	return {
		start() {
			if (started || stopped || !service.provider) return
			started = true
			// At start (and so whenever a provider has just been configured), queue everything missing.
			starting = syncTranslations(db)
				.then(({ queued }) => {
					if (queued > 0) log.info({ queued, provider: service.providerName }, 'content translations queued')
				})
				.catch((error: Error) => log.error({ err: error.message }, 'could not queue content translations'))
				.finally(() => {
					if (stopped) return
					void job.runOnce()
					job.start()
				})
		},
		nudge() {
			if (service.provider) job.nudge()
		},
		runOnce: job.runOnce,
		idle: job.idle,
		async stop() {
			stopped = true
			await starting
			await job.stop()
		},
	}
}
