import crypto from 'node:crypto'
import autocannon from 'autocannon'
import { processCpuMs } from './cpu.ts'
import { BROWSER_HEADERS, type LoadFigures } from './http-load.ts'
import { measureSteadyRate } from './steady-rate.ts'

/**
 * Traffic as a shop really gets it. Anonymous visitors, visitors arriving from an ad or a
 * social post (a unique fbclid or utm_* on every link), signed-in customers, and cart and checkout.
 */

export type PageKind = 'anonymous' | 'tracking' | 'signed-in' | 'cart-checkout'

/** The mix's shares, in percent. */
export const MIX: Record<PageKind, number> = { anonymous: 60, tracking: 25, 'signed-in': 10, 'cart-checkout': 5 }

type Visit = { kind: PageKind; path: string; cookie?: string; tracking?: boolean }

/** A different value each time: each click from an ad carries its own id. */
export const uniqueTrackingId = () => crypto.randomBytes(9).toString('base64url')

/** The request's path, with a fresh tracking id appended when it ends in one's parameter name. */
function withTrackingId(path: string) {
	return path.endsWith('=') ? `${path}${uniqueTrackingId()}` : path
}

/** 40 visits in the mix's shares (24, 10, 4, 2), each kind spread evenly through the sequence. */
export function mixedVisits(productPath: string, customerCookies: readonly string[]): Visit[] {
	const [first, second] = customerCookies
	if (!first || !second) throw new Error('the mixed run needs two signed-in customers')
	const byKind: Visit[][] = [
		['/', '/catalog', productPath, '/catalog?category=candle', '/about', '/faq']
			.flatMap((path) => [path, path, path, path])
			.map((path) => ({ kind: 'anonymous', path })),
		[
			'/catalog?fbclid=',
			`${productPath}?utm_source=instagram&utm_medium=social&utm_campaign=`,
			'/?fbclid=',
			'/catalog?category=candle&utm_source=newsletter&utm_content=',
			`${productPath}?fbclid=`,
			'/?gclid=',
			'/catalog?utm_source=facebook&fbclid=',
			`${productPath}?msclkid=`,
			'/about?utm_medium=email&mc_eid=',
			'/catalog?ttclid=',
		].map((path) => ({ kind: 'tracking', path, tracking: true })),
		[
			{ path: '/catalog', cookie: first },
			{ path: productPath, cookie: second },
			{ path: '/', cookie: second },
			{ path: '/catalog?category=candle', cookie: first },
		].map((visit) => ({ kind: 'signed-in', ...visit })),
		[{ path: '/cart' }, { path: '/checkout' }].map((visit) => ({ kind: 'cart-checkout', ...visit })),
	] as Visit[][]
	// Storefront URLs name their language (ADR 0106): unprefixed ones would only measure the redirect.
	const inEnglish = (path: string) => (path.startsWith('/en') ? path : `/en${path.replace(/^\/(?=\?|$)/, '')}`)
	return byKind
		.map((visits) => visits.map((visit) => ({ ...visit, path: inEnglish(visit.path) })))
		.flatMap((visits) => visits.map((visit, index) => ({ visit, at: (index + 0.5) / visits.length })))
		.sort((a, b) => a.at - b.at)
		.map(({ visit }) => visit)
}

function autocannonRequests(visits: Visit[]): autocannon.Request[] {
	return visits.map((visit) => ({
		method: 'GET',
		path: visit.path,
		headers: visit.cookie ? { ...BROWSER_HEADERS, cookie: visit.cookie } : BROWSER_HEADERS,
		...(visit.tracking ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: withTrackingId(visit.path) }) } : {}),
	}))
}

export type MixFigures = LoadFigures & { targetRatePerSecond: number | null }

/** The mix flat out over `connections` keep-alive connections, or at a steady overall rate. */
export async function measureMix(
	baseUrl: string,
	visits: Visit[],
	options: { connections: number; durationSeconds: number; ratePerSecond?: number },
): Promise<MixFigures> {
	const flatOut = (duration: number) => autocannon({ url: baseUrl, connections: options.connections, duration, requests: autocannonRequests(visits) })
	await flatOut(2)
	if (options.ratePerSecond) {
		let index = 0
		const next = () => {
			const visit = visits[index++ % visits.length]!
			return { path: withTrackingId(visit.path), headers: visit.cookie ? { ...BROWSER_HEADERS, cookie: visit.cookie } : BROWSER_HEADERS }
		}
		const result = await measureSteadyRate(baseUrl, next, { ratePerSecond: options.ratePerSecond, durationSeconds: options.durationSeconds })
		return { path: 'mix', ...result, targetRatePerSecond: options.ratePerSecond }
	}
	const result = await flatOut(options.durationSeconds)
	return {
		path: 'mix',
		requestsPerSecond: result.requests.total / result.duration,
		p50Ms: result.requests.total > 0 ? result.latency.p50 : null,
		p99Ms: result.requests.total > 0 ? result.latency.p99 : null,
		requests: result.requests.total,
		non2xx: result.non2xx,
		errors: result.errors,
		targetRatePerSecond: null,
	}
}

export type CpuKind = { label: string; kind: PageKind | 'cached' | 'healthz'; path: string; cookie?: string }

export type CpuFigures = CpuKind & { cacheOn: boolean; cpuMsPerRequest: number | null; requests: number; statuses: number[] }

/**
 * The default least CPU time per figure. /proc counts CPU in 10 ms clock ticks: 200 requests of a
 * stored page (under 1 ms each) add up to a couple of dozen ticks, where one tick more or less moves
 * the figure by several per cent and the tracking-against-cached ratio by more. Measuring until
 * 1.5 s have been spent keeps a tick under 1 % of every figure.
 */
const MIN_CPU_MS = 1_500
/** So a kind that costs almost nothing still ends. */
const MAX_REQUESTS = 20_000

/**
 * CPU milliseconds the shop process spends per request of one kind: at least `requests` sequential
 * requests (after as many to warm up), and more until the process has spent `minCpuMs`; its user+system time
 * before and after. Sequential, so nothing else runs in the process meanwhile but its own timers.
 */
export async function measureCpuPerRequest(
	baseUrl: string,
	pid: number,
	page: CpuKind,
	options: { cacheOn: boolean; requests: number; minCpuMs?: number },
): Promise<CpuFigures> {
	const visit = async () => {
		const path = page.kind === 'tracking' ? withTrackingId(page.path) : page.path
		const response = await fetch(baseUrl + path, { headers: { ...BROWSER_HEADERS, ...(page.cookie ? { cookie: page.cookie } : {}) } })
		await response.arrayBuffer()
		return response.status
	}
	// As many requests again to warm up: the first few hundred of a kind still run slower (JIT, caches).
	for (let i = 0; i < Math.max(5, options.requests); i++) await visit()
	const minCpuMs = options.minCpuMs ?? MIN_CPU_MS
	const statuses = new Set<number>()
	const before = processCpuMs(pid)
	let requests = 0
	let after = before
	while (requests < MAX_REQUESTS) {
		for (let i = 0; i < options.requests; i++) statuses.add(await visit())
		requests += options.requests
		after = processCpuMs(pid)
		if (before === null || after === null || after - before >= minCpuMs) break
	}
	return {
		...page,
		cookie: undefined,
		cacheOn: options.cacheOn,
		cpuMsPerRequest: before === null || after === null ? null : (after - before) / requests,
		requests,
		statuses: [...statuses].sort(),
	}
}

/** The kinds measured with the page cache off: what each costs when it is rendered. */
export function renderedKinds(productPath: string, customerCookie: string): CpuKind[] {
	return [
		{ label: '/healthz', kind: 'healthz', path: '/healthz' },
		{ label: 'anonymous /', kind: 'anonymous', path: '/' },
		{ label: 'anonymous /catalog', kind: 'anonymous', path: '/catalog' },
		{ label: 'anonymous product', kind: 'anonymous', path: productPath },
		{ label: 'anonymous /about', kind: 'anonymous', path: '/about' },
		{ label: 'tracking /catalog?fbclid=…', kind: 'tracking', path: '/catalog?fbclid=' },
		{ label: 'signed-in /catalog', kind: 'signed-in', path: '/catalog', cookie: customerCookie },
		{ label: 'signed-in product', kind: 'signed-in', path: productPath, cookie: customerCookie },
		{ label: '/cart', kind: 'cart-checkout', path: '/cart' },
		{ label: '/checkout', kind: 'cart-checkout', path: '/checkout' },
	]
}

/** The kinds measured with the page cache on: a stored page, and the same page reached with a unique tracking parameter. */
export function cachedKinds(productPath: string): CpuKind[] {
	return [
		{ label: 'cached /catalog', kind: 'cached', path: '/catalog' },
		{ label: 'tracking /catalog?fbclid=…', kind: 'tracking', path: '/catalog?fbclid=' },
		{ label: 'cached product', kind: 'cached', path: productPath },
		{ label: 'tracking product?utm_…', kind: 'tracking', path: `${productPath}?utm_source=instagram&utm_campaign=` },
	]
}
