import type { DatabaseEngine } from '#db/client.ts'

/**
 * How `npm run bench` runs, from the environment:
 * - BENCH_QUICK=1: a smoke run (2 s per measurement, one Lighthouse run per page) to check the script;
 * - BENCH_DURATION_S: seconds per load measurement (default 10, or 2 when quick);
 * - BENCH_ENGINES: `pglite,postgres` (default) or one of them;
 * - BENCH_LIGHTHOUSE_RUNS: Lighthouse runs per page, the median is kept (default 3, or 1 when quick);
 * - BENCH_CPU_REQUESTS: sequential requests per page kind for CPU time per request, at least, and the batch
 *   repeated until the shop has spent BENCH_CPU_MIN_MS of CPU (defaults 200 and 1500, or 30 and 100 when quick);
 * - BENCH_SEARCH_REPETITIONS: times each catalogue search is timed at 10,000 products (default 50, or 10 when quick).
 */
export type BenchOptions = {
	quick: boolean
	durationSeconds: number
	/** Concurrent connections of the throughput pass. */
	connections: number
	/** The fixed request rate of the latency pass (the p99 target is set at this rate). */
	fixedRatePerSecond: number
	engines: DatabaseEngine[]
	lighthouseRuns: number
	/** Products in the benchmark catalogue (demo seed plus generated ones). */
	productCount: number
	cpuRequests: number
	cpuMinMs: number
	searchRepetitions: number
}

function positiveInteger(name: string, fallback: number) {
	const raw = process.env[name]
	if (raw === undefined || raw === '') return fallback
	const value = Number(raw)
	if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0 (got ${JSON.stringify(raw)})`)
	return value
}

function engines(): DatabaseEngine[] {
	const raw = process.env.BENCH_ENGINES?.trim()
	if (!raw) return ['pglite', 'postgres']
	const names = raw.split(',').map((name) => name.trim())
	for (const name of names)
		if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_ENGINES takes pglite and/or postgres (got ${JSON.stringify(name)})`)
	return names as DatabaseEngine[]
}

export function readBenchOptions(): BenchOptions {
	const quick = process.env.BENCH_QUICK === '1'
	return {
		quick,
		durationSeconds: positiveInteger('BENCH_DURATION_S', quick ? 2 : 10),
		connections: 10,
		fixedRatePerSecond: 100,
		engines: engines(),
		lighthouseRuns: positiveInteger('BENCH_LIGHTHOUSE_RUNS', quick ? 1 : 3),
		productCount: 200,
		cpuRequests: positiveInteger('BENCH_CPU_REQUESTS', quick ? 30 : 200),
		cpuMinMs: positiveInteger('BENCH_CPU_MIN_MS', quick ? 100 : 1500),
		searchRepetitions: positiveInteger('BENCH_SEARCH_REPETITIONS', quick ? 10 : 50),
	}
}
