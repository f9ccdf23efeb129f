import autocannon from 'autocannon'
import { measureSteadyRate, type SteadyFigures } from './steady-rate.ts'

/**
 * Load on a URL right before it is measured: warms the JIT, query plans and OS caches, and lets
 * the requests the previous measurement left in flight finish first. Time-bound, since a slow page
 * may answer few requests.
 */
const WARM_UP_SECONDS = 2

export type LoadFigures = { path: string } & SteadyFigures

export type RateFigures = LoadFigures & { targetRatePerSecond: number }

function figures(path: string, result: autocannon.Result): LoadFigures {
	return {
		path,
		requestsPerSecond: result.requests.total / result.duration,
		p50Ms: result.requests.total > 0 ? result.latency.p50 : null,
		p99Ms: result.requests.total > 0 ? result.latency.p99 : null,
		requests: result.requests.total,
		non2xx: result.non2xx,
		errors: result.errors,
	}
}

/** What every browser sends: pages are measured as visitors get them (compressed). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' }

async function warmUp(url: string, connections: number) {
	await autocannon({ url, connections, duration: WARM_UP_SECONDS, headers: BROWSER_HEADERS })
}

/** As many requests as the server answers, over `connections` keep-alive connections. */
export async function measureThroughput(baseUrl: string, path: string, options: { connections: number; durationSeconds: number }): Promise<LoadFigures> {
	await warmUp(baseUrl + path, options.connections)
	const result = await autocannon({ url: baseUrl + path, connections: options.connections, duration: options.durationSeconds, headers: BROWSER_HEADERS })
	return figures(path, result)
}

/** A steady `ratePerSecond` (scripts/bench/steady-rate.ts): the latency a shop sees at that traffic. */
export async function measureAtRate(
	baseUrl: string,
	path: string,
	options: { connections: number; durationSeconds: number; ratePerSecond: number },
): Promise<RateFigures> {
	await warmUp(baseUrl + path, options.connections)
	const result = await measureSteadyRate(baseUrl, () => ({ path, headers: BROWSER_HEADERS }), options)
	return { path, ...result, targetRatePerSecond: options.ratePerSecond }
}
