import http from 'node:http'

/**
 * Requests at a steady rate, one every 1000/rate ms whatever the server is doing (an open loop),
 * each timed from when it was due to be sent until its last byte arrived: a request that had to
 * wait for a free connection counts its wait (ADR 0090).
 *
 * Not autocannon's `overallRate`: that lets each connection send its share of a second's requests
 * back to back at the start of every second, so 100 req/s arrived as a burst of 100 each second,
 * and its coordinated-omission correction then recorded a sample per millisecond of every slow
 * answer's time. Both measured a burst's queue rather than a shop's steady traffic.
 */
export type SteadyRequest = { path: string; headers?: Record<string, string> }

/** What a load measurement gives, for one path (http-load.ts adds the path). */
export type SteadyFigures = {
	/** Completed requests per second over the whole measurement. */
	requestsPerSecond: number
	/** Null when no request completed (a server too slow or too busy to answer within the run). */
	p50Ms: number | null
	p99Ms: number | null
	requests: number
	non2xx: number
	/** Connection errors and timeouts (here: requests unanswered within the timeout). */
	errors: number
}

/** A request named with a time. */
export type NamedTime = { path: string; ms: number }

/**
 * A steady run's figures with its slowest request named, the one that held the server longest, and
 * the longest database hold any request reported (null unless the server reports holds: a shop on
 * the embedded database with SERVER_TIMING=1).
 */
export type SteadyRunFigures = SteadyFigures & { slowest: NamedTime | null; longestHold: NamedTime | null }

/** The longest database hold a response's Server-Timing header names (server/http/server-timing.ts), if any. */
export function databaseHoldOf(serverTiming: string | null | undefined): number | null {
	const match = /(?:^|,)\s*hold;[^,]*dur=([\d.]+)/.exec(serverTiming ?? '')
	return match ? Number(match[1]) : null
}

const TIMEOUT_MS = 10_000
const MAX_SOCKETS = 50

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], share: number): number | null {
	if (sorted.length === 0) return null
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!
}

type Answer = { status: number; holdMs: number | null } | null

function send(agent: http.Agent, baseUrl: URL, request: SteadyRequest): Promise<Answer> {
	return new Promise((resolve) => {
		const outgoing = http.get(
			{ agent, host: baseUrl.hostname, port: baseUrl.port, path: request.path, headers: request.headers, timeout: TIMEOUT_MS },
			(response) => {
				const holdMs = databaseHoldOf([response.headers['server-timing']].flat().join(', '))
				response.on('data', () => {})
				response.on('end', () => resolve(response.statusCode ? { status: response.statusCode, holdMs } : null))
				response.on('error', () => resolve(null))
			},
		)
		outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')))
		outgoing.on('error', () => resolve(null))
	})
}

/**
 * `ratePerSecond` requests a second for `durationSeconds`, taking `next()` for each, over up to
 * MAX_SOCKETS keep-alive connections (a browser per visitor opens its own).
 */
export async function measureSteadyRate(
	baseUrl: string,
	next: () => SteadyRequest,
	options: { ratePerSecond: number; durationSeconds: number },
): Promise<SteadyRunFigures> {
	const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS })
	const url = new URL(baseUrl)
	const interval = 1000 / options.ratePerSecond
	const total = Math.round(options.ratePerSecond * options.durationSeconds)
	const latencies: number[] = []
	let non2xx = 0
	let errors = 0
	// Set in the answers' callbacks, which the compiler's narrowing does not follow.
	let slowest = null as SteadyRunFigures['slowest']
	let longestHold = null as SteadyRunFigures['longestHold']
	const inFlight: Promise<void>[] = []
	const startedAt = performance.now()
	try {
		for (let index = 0; index < total; index++) {
			const dueAt = startedAt + index * interval
			const wait = dueAt - performance.now()
			if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
			const request = next()
			inFlight.push(
				send(agent, url, request).then((answer) => {
					if (answer === null) errors++
					else {
						const ms = performance.now() - dueAt
						latencies.push(ms)
						if (!slowest || ms > slowest.ms) slowest = { path: request.path, ms }
						if (answer.holdMs !== null && (!longestHold || answer.holdMs > longestHold.ms)) longestHold = { path: request.path, ms: answer.holdMs }
						if (answer.status < 200 || answer.status >= 300) non2xx++
					}
				}),
			)
		}
		await Promise.all(inFlight)
	} finally {
		agent.destroy()
	}
	const elapsedSeconds = (performance.now() - startedAt) / 1000
	latencies.sort((a, b) => a - b)
	const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10)
	return {
		requestsPerSecond: latencies.length / elapsedSeconds,
		p50Ms: round(percentile(latencies, 0.5)),
		p99Ms: round(percentile(latencies, 0.99)),
		requests: latencies.length,
		non2xx,
		errors,
		slowest: slowest && { path: slowest.path, ms: round(slowest.ms)! },
		longestHold,
	}
}
