import type { FloorFigures } from './floor.ts'
import { MIX, type CpuFigures, type MixFigures } from './real-traffic.ts'

/** The targets for real traffic: tracking links, the mixed run, rendered pages against the floor, Lighthouse. */
export const REAL_TRAFFIC_TARGETS = {
	/** A page reached with a tracking parameter, against the same page from the cache. */
	trackingToCachedCpu: 1.5,
	/** Rendered storefront pages (cache off) against the framework floor's throughput. */
	renderedShareOfFloor: 0.5,
	mixP99Ms: 100,
	/** Lighthouse mobile performance on `/`, `/catalog` and a product page: "stays at 100", stricter than the general ≥ 95. */
	lighthousePerformance: 100,
} as const

type Check = { target: string; subject: string; measured: string; pass: boolean }

export type RealTrafficFigures = {
	engine: string
	mix: { throughput: MixFigures; atRate: MixFigures }
	/** CPU per request, cache on (stored and tracking pages) and cache off (every kind rendered). */
	cpu: CpuFigures[]
	rendering: { path: string; requestsPerSecond: number }[]
}

const ms = (value: number | null) => (value === null ? 'no answer' : `${value.toFixed(value < 10 ? 1 : 0)} ms`)
const cpuMs = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ms`)
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`

export function checkRealTraffic(engine: RealTrafficFigures, floor: FloorFigures): Check[] {
	const checks: Check[] = []
	const cached = engine.cpu.filter((row) => row.cacheOn)
	for (const tracking of cached.filter((row) => row.kind === 'tracking')) {
		const page = tracking.path.split('?')[0]
		const stored = cached.find((row) => row.kind === 'cached' && row.path === page)
		if (!stored || stored.cpuMsPerRequest === null || tracking.cpuMsPerRequest === null) continue
		const ratio = tracking.cpuMsPerRequest / stored.cpuMsPerRequest
		checks.push({
			target: `tracking page ≤ ${REAL_TRAFFIC_TARGETS.trackingToCachedCpu}× CPU of the cached page`,
			subject: `${engine.engine} ${tracking.label}`,
			measured: `${ratio.toFixed(2)}× (${cpuMs(tracking.cpuMsPerRequest)} vs ${cpuMs(stored.cpuMsPerRequest)})`,
			pass: ratio <= REAL_TRAFFIC_TARGETS.trackingToCachedCpu,
		})
	}
	for (const row of engine.rendering) {
		const share = row.requestsPerSecond / floor.requestsPerSecond
		checks.push({
			target: `rendered page ≥ ${percent(REAL_TRAFFIC_TARGETS.renderedShareOfFloor)} of the framework floor's throughput`,
			subject: `${engine.engine} ${row.path}`,
			measured: percent(share),
			pass: share >= REAL_TRAFFIC_TARGETS.renderedShareOfFloor,
		})
	}
	const atRate = engine.mix.atRate
	checks.push({
		target: `mixed traffic p99 < ${REAL_TRAFFIC_TARGETS.mixP99Ms} ms at ${atRate.targetRatePerSecond} req/s, 0 errors`,
		subject: engine.engine,
		measured: `${ms(atRate.p99Ms)}, ${atRate.errors} errors, ${atRate.non2xx} non-2xx`,
		pass: atRate.p99Ms !== null && atRate.p99Ms < REAL_TRAFFIC_TARGETS.mixP99Ms && atRate.errors === 0 && atRate.non2xx === 0,
	})
	return checks
}

/** The Lighthouse target for real traffic (performance stays at 100), on the median of each audited page's runs. */
export function checkLighthouseStaysAtFull(pages: { path: string; medians: { performance: number } }[]): Check[] {
	return pages.map((page) => ({
		target: `Lighthouse performance stays at ${REAL_TRAFFIC_TARGETS.lighthousePerformance}`,
		subject: page.path,
		measured: String(page.medians.performance),
		pass: page.medians.performance >= REAL_TRAFFIC_TARGETS.lighthousePerformance,
	}))
}

type Table = (header: string[], rows: string[][]) => string

export function renderFloor(floor: FloorFigures): string[] {
	return [
		'## Framework floor',
		'',
		`\`bench/floor\`: one React Router route, no data, the shop's react-router and vite, served by Express with compression, measured in this run: **${floor.requestsPerSecond.toFixed(0)} req/s** (p50 ${ms(floor.p50Ms)}, p99 ${ms(floor.p99Ms)}, ${floor.non2xx} non-2xx / ${floor.errors} errors), **${cpuMs(floor.cpuMsPerRequest)} CPU per request**.`,
		'',
	]
}

export function renderRealTraffic(engine: RealTrafficFigures, floor: FloorFigures, table: Table): string[] {
	const lines: string[] = []
	const { throughput, atRate } = engine.mix
	lines.push('### Mixed traffic', '')
	lines.push(
		`${Object.entries(MIX)
			.map(([kind, share]) => `${share}% ${kind}`)
			.join(
				', ',
			)} (anonymous pages; the same pages with a unique \`fbclid\`, \`gclid\`, \`msclkid\`, \`ttclid\`, \`mc_eid\` or \`utm_*\`; two signed-in customers; \`/cart\` and \`/checkout\`), page cache on as shipped.`,
		'',
	)
	lines.push(
		table(
			['Run', 'req/s', 'p50', 'p99', 'non-2xx / errors'],
			[
				['flat out', throughput.requestsPerSecond.toFixed(0), ms(throughput.p50Ms), ms(throughput.p99Ms), `${throughput.non2xx} / ${throughput.errors}`],
				[
					`at ${atRate.targetRatePerSecond} req/s`,
					atRate.requestsPerSecond.toFixed(0),
					ms(atRate.p50Ms),
					ms(atRate.p99Ms),
					`${atRate.non2xx} / ${atRate.errors}`,
				],
			],
		),
		'',
	)
	lines.push('### CPU per request by page kind', '')
	lines.push(
		'User + system CPU time of the shop process (/proc/<pid>/stat) over sequential requests, after a warm-up, until the process has spent at least 1.5 s (its clock counts 10 ms ticks). Cache off: `PAGE_CACHE_MB=0`, every page rendered.',
		'',
	)
	lines.push(
		table(
			['Kind', 'Page cache', 'CPU per request', 'requests', 'statuses'],
			engine.cpu.map((row) => [row.label, row.cacheOn ? 'on' : 'off', cpuMs(row.cpuMsPerRequest), String(row.requests), row.statuses.join(', ')]),
		),
		'',
	)
	lines.push('### Rendered pages against the framework floor', '')
	lines.push(
		table(
			['Page (cache off)', 'req/s', 'share of the floor'],
			engine.rendering.map((row) => [`\`${row.path}\``, row.requestsPerSecond.toFixed(0), percent(row.requestsPerSecond / floor.requestsPerSecond)]),
		),
		'',
	)
	return lines
}
