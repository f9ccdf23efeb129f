/**
 * `npm run bench` (after `npm run build`): the shop's figures on this machine, written to
 * bench/report.md and bench/report.json. For each database engine: a temporary database with 200
 * products, the built shop started as in production, cold start, throughput and latency of the
 * main pages against /healthz, checkout sessions per second (Stripe faked locally), peak memory,
 * and queries per page; then Lighthouse and the client bundle once. Options: scripts/bench/options.ts.
 * Method: docs/decisions/0090-benchmark-method.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { signInOverHttp } from '../lib/accounts.ts'
import { startFakeStripe, type FakeStripe } from '../lib/fake-stripe.ts'
import { assertPostgresReachable } from '../lib/postgres.ts'
import { ensureBuild, PROJECT_ROOT } from '../lib/shop-process.ts'
import { measureBundle, type BundleFigures } from './bundle.ts'
import { measureCheckout } from './checkout.ts'
import { measureFloor, type FloorFigures } from './floor.ts'
import { withBenchDatabase, type BenchDatabase } from './data.ts'
import { measureAtRate, measureThroughput, type LoadFigures, type RateFigures } from './http-load.ts'
import { measureLighthouse, type LighthouseFigures } from './lighthouse.ts'
import { sampleResidentMemory } from './memory.ts'
import { readBenchOptions, type BenchOptions } from './options.ts'
import { lighthousePaths, loadPaths, storefrontPaths } from './pages.ts'
import { countQueriesPerPage } from './queries.ts'
import { measureSearch, SEARCH_PRODUCT_COUNT, type SearchFigures } from './search.ts'
import { cachedKinds, measureCpuPerRequest, measureMix, mixedVisits, renderedKinds, type CpuFigures } from './real-traffic.ts'
import { checkTargets, machineAtStart, writeReport, type EngineFigures } from './report.ts'
import { withBenchShop } from './servers.ts'

const options = readBenchOptions()
// `npm run bench` has just built the app; run on its own, build only when there is no build.
if (!fs.existsSync(path.join(PROJECT_ROOT, 'build/server/index.js'))) ensureBuild()
if (options.engines.includes('postgres')) await assertPostgresReachable()

const log = (message: string) => console.log(`[bench] ${message}`)
const machine = machineAtStart()
log(
	`${options.quick ? 'quick smoke run' : 'full run'}: ${options.engines.join(' and ')}, ${options.durationSeconds} s per measurement, ${machine.cores} cores, load ${machine.loadAverageAtStart.toFixed(2)}`,
)

type LoadRun = Omit<EngineFigures, 'queries' | 'productCount' | 'productPath' | 'rendering'>

/** Sequential requests per page kind for CPU time per request. */
const CPU_REQUESTS = options.cpuRequests

/** The two customers' session cookies on a started shop. */
async function signInCustomers(baseUrl: string, database: BenchDatabase) {
	return Promise.all(database.customers.map((customer) => signInOverHttp(baseUrl, customer.email, customer.password)))
}

async function measureCpu(baseUrl: string, pid: number, kinds: ReturnType<typeof cachedKinds>, cacheOn: boolean, engine: string) {
	const rows: CpuFigures[] = []
	for (const kind of kinds) {
		rows.push(await measureCpuPerRequest(baseUrl, pid, kind, { cacheOn, requests: CPU_REQUESTS, minCpuMs: options.cpuMinMs }))
		log(`${engine}: ${kind.label} ${rows.at(-1)!.cpuMsPerRequest?.toFixed(2) ?? '?'} ms CPU per request (cache ${cacheOn ? 'on' : 'off'})`)
	}
	return rows
}

/** The production-configured shop under load: pages, then checkouts; Lighthouse on it when asked. */
async function measureUnderLoad(
	database: BenchDatabase,
	stripe: FakeStripe,
	withLighthouse: boolean,
): Promise<LoadRun & { lighthouse: LighthouseFigures | null }> {
	// TRUST_PROXY: checkouts come from many customers behind a proxy (scripts/bench/checkout.ts).
	return withBenchShop(database, stripe, { TRUST_PROXY: 'loopback' }, async ({ shop, coldStartMs }) => {
		log(`${database.engine}: cold start ${coldStartMs.toFixed(0)} ms`)
		const memory = sampleResidentMemory(shop.child.pid!)
		try {
			const paths = loadPaths(database.productPath)
			const throughput: LoadFigures[] = []
			for (const page of paths) {
				throughput.push(await measureThroughput(shop.url, page, options))
				log(`${database.engine}: ${page} ${throughput.at(-1)!.requestsPerSecond.toFixed(0)} req/s`)
			}
			const atRate: RateFigures[] = []
			for (const page of paths) {
				atRate.push(await measureAtRate(shop.url, page, { ...options, ratePerSecond: options.fixedRatePerSecond }))
				log(`${database.engine}: ${page} p99 ${atRate.at(-1)!.p99Ms ?? '(no answer)'} ms at ${options.fixedRatePerSecond} req/s`)
			}
			const checkout = await measureCheckout(shop.url, stripe, {
				productIds: database.checkoutProductIds,
				connections: options.connections,
				durationSeconds: options.durationSeconds,
			})
			log(`${database.engine}: checkout ${checkout.sessionsPerSecond.toFixed(1)} sessions/s, ${checkout.errors} errors`)
			const visits = mixedVisits(database.productPath, await signInCustomers(shop.url, database))
			const mix = {
				throughput: await measureMix(shop.url, visits, options),
				atRate: await measureMix(shop.url, visits, { ...options, ratePerSecond: options.fixedRatePerSecond }),
			}
			log(
				`${database.engine}: mixed traffic ${mix.throughput.requestsPerSecond.toFixed(0)} req/s; p99 ${mix.atRate.p99Ms ?? '(no answer)'} ms at ${options.fixedRatePerSecond} req/s`,
			)
			const cpu = await measureCpu(shop.url, shop.child.pid!, cachedKinds(database.productPath), true, database.engine)
			const peakResidentBytes = memory.stop().peakBytes
			const healthz = throughput.find((row) => row.path === '/healthz')!.requestsPerSecond
			const lighthouse = withLighthouse ? await measureLighthouse(shop.url, lighthousePaths(database.productPath), options.lighthouseRuns) : null
			return {
				engine: database.engine,
				coldStartMs,
				peakResidentBytes,
				throughput: throughput.map((row) => ({ ...row, ratioToHealthz: row.requestsPerSecond / healthz })),
				atRate,
				checkout,
				mix,
				cpu,
				lighthouse,
			}
		} finally {
			memory.stop()
		}
	})
}

/** The pages again with the page cache off: every request rendered (compared with /healthz of the main run). */
async function measureRendering(database: BenchDatabase, stripe: FakeStripe, healthzPerSecond: number): Promise<EngineFigures['rendering']> {
	return withBenchShop(database, stripe, { PAGE_CACHE_MB: '0' }, async ({ shop }) => {
		const memory = sampleResidentMemory(shop.child.pid!)
		try {
			const throughput: EngineFigures['rendering']['throughput'] = []
			for (const page of loadPaths(database.productPath).filter((path) => path !== '/healthz')) {
				const row = await measureThroughput(shop.url, page, options)
				throughput.push({ ...row, ratioToHealthz: row.requestsPerSecond / healthzPerSecond })
				log(`${database.engine}: ${page} ${row.requestsPerSecond.toFixed(0)} req/s rendering every time`)
			}
			const [customer] = await signInCustomers(shop.url, database)
			const cpu = await measureCpu(shop.url, shop.child.pid!, renderedKinds(database.productPath, customer!), false, database.engine)
			return { throughput, cpu, peakResidentBytes: memory.stop().peakBytes }
		} finally {
			memory.stop()
		}
	})
}

/** The same data with SERVER_TIMING=1 and the page cache off, so every page asked is rendered: queries per page, and the CSS pages carry. */
async function measurePages(database: BenchDatabase, stripe: FakeStripe, withBundle: boolean) {
	return withBenchShop(database, stripe, { SERVER_TIMING: '1', PAGE_CACHE_MB: '0' }, async ({ shop }) => {
		const pages = storefrontPaths(database.productPath)
		const queries = await countQueriesPerPage(shop.url, pages)
		const bundle = withBundle ? await measureBundle(shop.url, pages) : null
		return { queries, bundle }
	})
}

async function benchmark(settings: BenchOptions) {
	const stripe = await startFakeStripe()
	const engines: EngineFigures[] = []
	const search: SearchFigures[] = []
	let lighthouse: LighthouseFigures | null = null
	let bundle: BundleFigures | null = null
	let floor: FloorFigures
	try {
		// The framework's floor first, in the same run as the shop's pages.
		floor = await measureFloor(settings)
		log(`floor (one React Router route, no data): ${floor.requestsPerSecond.toFixed(0)} req/s, ${floor.cpuMsPerRequest?.toFixed(2) ?? '?'} ms CPU per request`)
		for (const engine of settings.engines) {
			log(`${engine}: preparing a database with ${settings.productCount} products`)
			await withBenchDatabase(engine, settings.productCount, async (database) => {
				const { lighthouse: audited, ...load } = await measureUnderLoad(database, stripe, lighthouse === null)
				lighthouse ??= audited
				const rendering = await measureRendering(database, stripe, load.throughput.find((row) => row.path === '/healthz')!.requestsPerSecond)
				const pages = await measurePages(database, stripe, bundle === null)
				bundle ??= pages.bundle
				engines.push({ ...load, rendering, productCount: database.productCount, productPath: database.productPath, queries: pages.queries })
			})
			log(`${engine}: search at ${SEARCH_PRODUCT_COUNT} products`)
			search.push(await measureSearch(engine, settings.searchRepetitions))
			for (const row of search.at(-1)!.rows) log(`${engine}: search ${row.locale} ${row.query} p50 ${row.p50Ms.toFixed(1)} ms, p95 ${row.p95Ms.toFixed(1)} ms`)
		}
	} finally {
		await stripe.close()
	}
	return { engines, search, lighthouse, bundle: bundle!, floor }
}

const { engines, search, lighthouse, bundle, floor } = await benchmark(options)
const targets = checkTargets(engines, lighthouse, bundle, floor, search)
const files = await writeReport({
	generatedAt: new Date().toISOString(),
	mode: options.quick ? 'quick' : 'full',
	settings: {
		durationSeconds: options.durationSeconds,
		connections: options.connections,
		fixedRatePerSecond: options.fixedRatePerSecond,
		lighthouseRuns: options.lighthouseRuns,
		productCount: options.productCount,
	},
	machine: { ...machine, loadAverageAtEnd: os.loadavg()[0]! },
	engines,
	search,
	lighthouse,
	bundle,
	floor,
	targets,
	allTargetsMet: targets.every((check) => check.pass),
})
for (const check of targets.filter((target) => !target.pass)) log(`missed: ${check.target} — ${check.subject}: ${check.measured}`)
log(`report: ${path.relative(PROJECT_ROOT, files.markdown)}, ${path.relative(PROJECT_ROOT, files.json)}`)
if (!targets.every((check) => check.pass)) process.exitCode = 1
