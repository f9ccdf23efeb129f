import type { Logger } from '../logger.ts'

export type PeriodicJob<T> = {
	/** Begins polling: the first round after `firstDelayMs` (default: one interval), then every interval. */
	start(firstDelayMs?: number): void
	/**
	 * Runs a round now. A call while one runs returns that round and asks for one more right after
	 * it, so work queued during a round is never left for the next poll.
	 */
	runOnce(): Promise<T>
	/** Asks for a round soon, e.g. right after a commit that queued work. */
	nudge(): void
	/** Resolves once no round is running. */
	idle(): Promise<void>
	/** Stops polling and waits for the round in progress. */
	stop(): Promise<void>
}

/**
 * One background loop for every job the server runs (email outbox, translations, payment
 * reconciliation, upload retention). Rounds never overlap within a process; across instances the
 * jobs claim their rows in the database, so any number of instances may run the same job.
 */
export function createPeriodicJob<T>(options: {
	name: string
	round: () => Promise<T>
	/** What a failed round counts as (the failure is logged, and the next poll tries again). */
	onFailure: T
	intervalMs: number
	log: Logger
}): PeriodicJob<T> {
	let timer: NodeJS.Timeout | undefined
	let running: Promise<T> | undefined
	let again = false
	let stopped = false
	let started = false

	function runOnce(): Promise<T> {
		if (running) {
			again = true
			return running
		}
		running = options
			.round()
			.catch((error: Error) => {
				options.log.error({ err: error.message, job: options.name }, `${options.name} round failed`)
				return options.onFailure
			})
			.finally(() => {
				running = undefined
				if (again && !stopped) {
					again = false
					void runOnce()
				}
			})
		return running
	}

	async function idle() {
		while (running) await running
	}

	function schedule(delayMs: number) {
		if (stopped) return
		timer = setTimeout(() => void runOnce().finally(() => schedule(options.intervalMs)), delayMs)
		timer.unref()
	}

	return {
		start(firstDelayMs = options.intervalMs) {
			if (started || stopped) return
			started = true
			schedule(firstDelayMs)
		},
		runOnce,
		nudge() {
			if (!stopped) void runOnce()
		},
		idle,
		async stop() {
			stopped = true
			clearTimeout(timer)
			await idle()
		},
	}
}
