/**
 * Cleanup on Ctrl-C or SIGTERM: the shops the benchmark started and its temporary databases and
 * folders would otherwise outlive it (finally blocks do not run when a signal ends the process).
 */
const pending = new Set<() => Promise<unknown>>()
let interrupted = false

async function interrupt(signal: NodeJS.Signals) {
	if (interrupted) return
	interrupted = true
	console.log(`[bench] ${signal}: cleaning up`)
	// Newest first: shops stop before the databases they use are dropped.
	for (const cleanup of [...pending].reverse()) await cleanup().catch((error: unknown) => console.error(error))
	process.exit(130)
}
process.once('SIGINT', (signal) => void interrupt(signal))
process.once('SIGTERM', (signal) => void interrupt(signal))

/** Runs `work` with `cleanup` registered for an interruption meanwhile; the caller still cleans up normally. */
export async function withInterruptCleanup<T>(cleanup: () => Promise<unknown>, work: () => Promise<T>): Promise<T> {
	pending.add(cleanup)
	try {
		return await work()
	} finally {
		pending.delete(cleanup)
	}
}
