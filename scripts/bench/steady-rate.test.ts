import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseHoldOf, measureSteadyRate, percentile } from './steady-rate.ts'

let server: http.Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A server that answers each request after `delayMs` (`/slow` twenty times that), noting when each arrived. */
async function slowServer(delayMs: number) {
	const arrivals: number[] = []
	server = http.createServer((request, response) => {
		arrivals.push(performance.now())
		setTimeout(() => response.end(request.url === '/missing' ? undefined : 'ok'), request.url === '/slow' ? delayMs * 20 : delayMs).unref()
		if (request.url === '/missing') response.statusCode = 404
		// As a shop on the embedded database with SERVER_TIMING=1 says how long the request held it.
		if (request.url === '/slow') response.setHeader('Server-Timing', 'db;desc="2 queries", hold;desc="longest database hold";dur=42.5, total;dur=99.0')
	})
	await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrivals }
}

describe('percentile', () => {
	it('takes the nearest rank', () => {
		const values = Array.from({ length: 100 }, (_, index) => index + 1)
		expect(percentile(values, 0.5)).toBe(50)
		expect(percentile(values, 0.99)).toBe(99)
		expect(percentile([7], 0.99)).toBe(7)
		expect(percentile([], 0.5)).toBeNull()
	})
})

describe('measureSteadyRate', () => {
	it('spreads the requests evenly over the run instead of sending each second’s share at once', async () => {
		const { url, arrivals } = await slowServer(5)
		const start = performance.now()
		const figures = await measureSteadyRate(url, () => ({ path: '/' }), { ratePerSecond: 50, durationSeconds: 1 })
		expect(figures.requests).toBe(50)
		expect(figures.errors).toBe(0)
		expect(figures.non2xx).toBe(0)
		// 50 requests 20 ms apart: the last is not sent before about 980 ms into the run. Counted from the
		// run's start, not the first arrival, which a busy machine can delay by the connection's setup.
		expect(arrivals.at(-1)! - start).toBeGreaterThan(900)
		// About 5 in any 100 ms; a burst would put all 50 there. Timers on a busy machine bunch some (a
		// stalled event loop fires the overdue ones together), so the bound is half the run, not the ideal.
		const busiest = Math.max(...arrivals.map((at) => arrivals.filter((other) => other >= at && other < at + 100).length))
		expect(busiest).toBeLessThan(25)
		expect(figures.p50Ms).toBeGreaterThanOrEqual(5)
	})

	it('keeps sending on schedule while slow answers are outstanding, and times each until its last byte', async () => {
		const { url } = await slowServer(200)
		// 200 ms per answer, a request every 10 ms: about 20 are outstanding at once, and the run still ends on time.
		const figures = await measureSteadyRate(url, () => ({ path: '/' }), { ratePerSecond: 100, durationSeconds: 0.5 })
		expect(figures.requests).toBe(50)
		// Node's timers count whole milliseconds: a 200 ms wait can measure a fraction under 200.
		expect(figures.p50Ms).toBeGreaterThanOrEqual(199)
	})

	it('names the slowest request and its time', async () => {
		const { url } = await slowServer(5)
		let index = 0
		const figures = await measureSteadyRate(url, () => ({ path: index++ === 3 ? '/slow' : '/' }), { ratePerSecond: 20, durationSeconds: 0.5 })
		expect(figures.slowest?.path).toBe('/slow')
		expect(figures.slowest?.ms).toBeGreaterThanOrEqual(99)
		expect(figures.longestHold).toEqual({ path: '/slow', ms: 42.5 })
	})

	it('reads a database hold only where the server reports one', () => {
		expect(databaseHoldOf('db;desc="1 query", hold;desc="longest database hold";dur=7.3, total;dur=9.0')).toBe(7.3)
		expect(databaseHoldOf('db;desc="1 query", total;dur=9.0')).toBeNull()
		expect(databaseHoldOf(undefined)).toBeNull()
	})

	it('counts answers that are not 2xx', async () => {
		const { url } = await slowServer(1)
		let index = 0
		const figures = await measureSteadyRate(url, () => ({ path: index++ % 2 ? '/missing' : '/' }), { ratePerSecond: 40, durationSeconds: 0.5 })
		expect(figures.requests).toBe(20)
		expect(figures.non2xx).toBe(10)
	})
})
