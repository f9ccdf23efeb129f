import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { DatabaseEngine } from '#db/client.ts'
import { PROJECT_ROOT } from '../lib/shop-process.ts'
import { LIGHTHOUSE_CATEGORIES, meetsTarget } from '../lib/lighthouse.ts'
import type { BundleFigures } from './bundle.ts'
import type { CheckoutFigures } from './checkout.ts'
import type { FloorFigures } from './floor.ts'
import type { LoadFigures, RateFigures } from './http-load.ts'
import type { LighthouseFigures } from './lighthouse.ts'
import type { BenchOptions } from './options.ts'
import { catalogAndProductPaths } from './pages.ts'
import type { PageQueries } from './queries.ts'
import type { SearchFigures } from './search.ts'
import type { CpuFigures, MixFigures } from './real-traffic.ts'
import { checkLighthouseStaysAtFull, checkRealTraffic, renderFloor, renderRealTraffic } from './report-real-traffic.ts'

/** The benchmark's targets. */
export const TARGETS = {
	throughputRatioToHealthz: 0.4,
	p99AtRateMs: 100,
	queriesPerPage: 3,
	coldStartMs: 5_000,
	residentBytes: 400 * 1024 * 1024,
	/** A catalogue search at 10,000 products, the database's part (p95). */
	searchP95Ms: 100,
} as const

export type EngineFigures = {
	engine: DatabaseEngine
	productCount: number
	/** The product page measured. */
	productPath: string
	coldStartMs: number
	/** Peak resident memory of the server while under load (pages, then checkouts). */
	peakResidentBytes: number
	throughput: (LoadFigures & { ratioToHealthz: number })[]
	atRate: RateFigures[]
	/** The same pages with the page cache off (PAGE_CACHE_MB=0): every request rendered, as for a signed-in visitor. */
	rendering: { throughput: (LoadFigures & { ratioToHealthz: number })[]; cpu: CpuFigures[]; peakResidentBytes: number }
	checkout: CheckoutFigures
	/** The mix of real traffic, page cache on. */
	mix: { throughput: MixFigures; atRate: MixFigures }
	/** CPU per request with the page cache on: stored pages and the same pages with a unique tracking parameter. */
	cpu: CpuFigures[]
	queries: PageQueries[]
}

export type Machine = {
	cpuModel: string
	cores: number
	memoryBytes: number
	platform: string
	node: string
	/** 1-minute load average when the run started and ended: above the core count means contention. */
	loadAverageAtStart: number
	loadAverageAtEnd: number
}

export type TargetCheck = { target: string; subject: string; measured: string; pass: boolean }

export type BenchReport = {
	generatedAt: string
	mode: 'full' | 'quick'
	settings: Pick<BenchOptions, 'durationSeconds' | 'connections' | 'fixedRatePerSecond' | 'lighthouseRuns' | 'productCount'>
	machine: Machine
	engines: EngineFigures[]
	/** Catalogue search latency at 10,000 products, per engine. */
	search: SearchFigures[]
	lighthouse: LighthouseFigures | null
	bundle: BundleFigures
	floor: FloorFigures
	targets: TargetCheck[]
	allTargetsMet: boolean
}

export function machineAtStart(): Omit<Machine, 'loadAverageAtEnd'> {
	const cpus = os.cpus()
	return {
		cpuModel: cpus[0]?.model.trim() ?? 'unknown',
		cores: cpus.length,
		memoryBytes: os.totalmem(),
		platform: `${os.type()} ${os.release()} ${os.arch()}`,
		node: process.version,
		loadAverageAtStart: os.loadavg()[0]!,
	}
}

const ms = (value: number | null) => (value === null ? 'no answer' : `${value.toFixed(value < 10 ? 1 : 0)} ms`)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`

/** Every target, checked against every figure it applies to. */
export function checkTargets(
	engines: EngineFigures[],
	lighthouse: LighthouseFigures | null,
	bundle: BundleFigures,
	floor: FloorFigures,
	search: SearchFigures[] = [],
): TargetCheck[] {
	const checks: TargetCheck[] = []
	for (const figures of search) {
		const slowest = figures.rows.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a))
		checks.push({
			target: `search p95 < ${TARGETS.searchP95Ms} ms at ${figures.productCount} products`,
			subject: `${figures.engine} (slowest: ${slowest.locale} ${slowest.query})`,
			measured: ms(slowest.p95Ms),
			pass: slowest.p95Ms < TARGETS.searchP95Ms,
		})
	}
	for (const engine of engines) {
		checks.push(...checkRealTraffic(realTraffic(engine), floor))
		const pages = catalogAndProductPaths(engine.productPath)
		for (const row of engine.throughput.filter((row) => pages.includes(row.path))) {
			checks.push({
				target: `≥ ${percent(TARGETS.throughputRatioToHealthz)} of /healthz throughput`,
				subject: `${engine.engine} ${row.path}`,
				measured: percent(row.ratioToHealthz),
				pass: row.ratioToHealthz >= TARGETS.throughputRatioToHealthz,
			})
		}
		for (const row of engine.atRate) {
			checks.push({
				target: `p99 < ${TARGETS.p99AtRateMs} ms at ${row.targetRatePerSecond} req/s`,
				subject: `${engine.engine} ${row.path}`,
				measured: ms(row.p99Ms),
				pass: row.p99Ms !== null && row.p99Ms < TARGETS.p99AtRateMs && row.non2xx === 0 && row.errors === 0,
			})
		}
		const mostQueries = engine.queries.reduce((a, b) => (b.queries > a.queries ? b : a))
		checks.push({
			target: `≤ ${TARGETS.queriesPerPage} queries per storefront page`,
			subject: `${engine.engine} (most: ${mostQueries.path}, ${mostQueries.locale})`,
			measured: String(mostQueries.queries),
			pass: mostQueries.queries <= TARGETS.queriesPerPage,
		})
		checks.push({
			target: 'checkout with 0 errors',
			subject: `${engine.engine} ${engine.checkout.sessionsPerSecond.toFixed(1)} sessions/s`,
			measured: `${engine.checkout.errors} errors`,
			pass: engine.checkout.errors === 0 && engine.checkout.sessions > 0,
		})
		checks.push({
			target: `cold start < ${TARGETS.coldStartMs / 1000} s`,
			subject: engine.engine,
			measured: ms(engine.coldStartMs),
			pass: engine.coldStartMs < TARGETS.coldStartMs,
		})
		checks.push({
			target: `resident memory < ${mb(TARGETS.residentBytes)}`,
			subject: engine.engine,
			measured: mb(engine.peakResidentBytes),
			pass: engine.peakResidentBytes < TARGETS.residentBytes,
		})
		const renderingPeak = engine.rendering.peakResidentBytes
		checks.push({
			target: `resident memory < ${mb(TARGETS.residentBytes)}`,
			subject: `${engine.engine}, rendering every page`,
			measured: mb(renderingPeak),
			pass: renderingPeak < TARGETS.residentBytes,
		})
	}
	for (const page of lighthouse?.pages ?? []) {
		for (const category of LIGHTHOUSE_CATEGORIES) {
			checks.push({
				target: `Lighthouse ${category} ≥ ${lighthouse!.targets[category]}`,
				subject: page.path,
				measured: String(page.medians[category]),
				pass: meetsTarget(category, page.medians[category]),
			})
		}
	}
	checks.push(...checkLighthouseStaysAtFull(lighthouse?.pages ?? []))
	checks.push({
		target: `storefront JavaScript ≤ ${kb(bundle.budgetBytes)} gzipped`,
		subject: `largest: ${bundle.largest.route}`,
		measured: kb(bundle.largest.gzipBytes),
		pass: bundle.largest.gzipBytes <= bundle.budgetBytes,
	})
	checks.push({
		target: 'no admin code in storefront pages',
		subject: 'storefront routes',
		measured: bundle.adminLeaks.length === 0 ? 'none' : bundle.adminLeaks.join(', '),
		pass: bundle.adminLeaks.length === 0,
	})
	return checks
}

function realTraffic(engine: EngineFigures) {
	return { engine: engine.engine, mix: engine.mix, cpu: [...engine.cpu, ...engine.rendering.cpu], rendering: engine.rendering.throughput }
}

const mark = (pass: boolean) => (pass ? '✅' : '❌')

function table(header: string[], rows: string[][]) {
	return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

export function renderMarkdown(report: BenchReport): string {
	const { machine, settings } = report
	const lines: string[] = ['# Benchmark report', '']
	lines.push(
		`Made by \`npm run bench\` on ${report.generatedAt}${report.mode === 'quick' ? ' in **quick mode** (BENCH_QUICK=1: a smoke run, not figures to quote)' : ''}. Every figure below comes from that one run.`,
		'',
	)
	lines.push(
		table(
			['Machine', ''],
			[
				['CPU', `${machine.cpuModel}, ${machine.cores} cores`],
				['Memory', mb(machine.memoryBytes)],
				['System', machine.platform],
				['Node.js', machine.node],
				// The load at the end is mostly the benchmark's own; other work shows in the load it started with.
				[
					'Load average (1 min) at start / end',
					`${machine.loadAverageAtStart.toFixed(2)} / ${machine.loadAverageAtEnd.toFixed(2)} (the end includes the benchmark's own load)${machine.loadAverageAtStart > machine.cores ? ' — busy machine at the start: timings are pessimistic' : ''}`,
				],
			],
		),
		'',
	)
	lines.push(
		`Settings: ${settings.productCount} products, ${settings.durationSeconds} s per measurement, ${settings.connections} connections, latency at a steady ${settings.fixedRatePerSecond} req/s (one request every ${1000 / settings.fixedRatePerSecond} ms, each timed from when it was due: scripts/bench/steady-rate.ts), Lighthouse median of ${settings.lighthouseRuns}. The shop runs as \`docs/deploy.md\` starts it in production: \`NODE_ENV=production MALLOC_ARENA_MAX=2 NODE_OPTIONS=--max-semi-space-size=8 node server.js\`.`,
		'',
	)

	lines.push('## Targets', '', `${report.allTargetsMet ? '✅ Every target is met.' : '❌ Some targets are missed.'}`, '')
	lines.push(
		table(
			['', 'Target', 'Where', 'Measured'],
			report.targets.map((check) => [mark(check.pass), check.target, check.subject, check.measured]),
		),
		'',
	)

	lines.push(...renderFloor(report.floor))
	for (const engine of report.engines) {
		lines.push(`## ${engine.engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`, '')
		lines.push(
			`Cold start (spawn to the first 200 on /): **${ms(engine.coldStartMs)}**. Peak resident memory under load: **${mb(engine.peakResidentBytes)}** (**${mb(engine.rendering.peakResidentBytes)}** rendering every page).`,
			'',
		)
		lines.push('### Throughput and latency', '')
		lines.push('Anonymous visitors, as shipped: pages after the first come from the page cache (ADR 0091).', '')
		lines.push(
			table(
				[
					'Page',
					'req/s',
					'vs /healthz',
					'p50',
					'p99',
					`p50 at ${settings.fixedRatePerSecond} req/s`,
					`p99 at ${settings.fixedRatePerSecond} req/s`,
					'non-2xx / errors',
				],
				engine.throughput.map((row) => {
					const atRate = engine.atRate.find((rate) => rate.path === row.path)
					return [
						`\`${row.path}\``,
						row.requestsPerSecond.toFixed(0),
						row.path === '/healthz' ? 'baseline' : percent(row.ratioToHealthz),
						ms(row.p50Ms),
						ms(row.p99Ms),
						atRate ? ms(atRate.p50Ms) : '—',
						atRate ? ms(atRate.p99Ms) : '—',
						`${row.non2xx + (atRate?.non2xx ?? 0)} / ${row.errors + (atRate?.errors ?? 0)}`,
					]
				}),
			),
			'',
		)
		lines.push('### Rendering every page (page cache off)', '')
		lines.push('What a signed-in visitor, or the first visitor after a catalogue change, costs: `PAGE_CACHE_MB=0`, same pages and load.', '')
		lines.push(
			table(
				['Page', 'req/s', 'vs /healthz', 'p50', 'p99', 'non-2xx / errors'],
				engine.rendering.throughput.map((row) => [
					`\`${row.path}\``,
					row.requestsPerSecond.toFixed(0),
					percent(row.ratioToHealthz),
					ms(row.p50Ms),
					ms(row.p99Ms),
					`${row.non2xx} / ${row.errors}`,
				]),
			),
			'',
		)
		lines.push(...renderRealTraffic(realTraffic(engine), report.floor, table))
		const checkout = engine.checkout
		lines.push('### Checkout', '')
		lines.push(
			`${checkout.sessionsPerSecond.toFixed(1)} checkout sessions/s (${checkout.sessions} in ${checkout.durationSeconds.toFixed(0)} s; the fake Stripe opened ${checkout.stripeSessions}), ` +
				`p50 ${ms(checkout.p50Ms)}, p99 ${ms(checkout.p99Ms)}, **${checkout.errors} errors** (statuses: ${
					Object.entries(checkout.statusCounts)
						.map(([status, count]) => `${status}×${count}`)
						.join(', ') || 'none'
				}).`,
			'',
		)
		lines.push('### Database queries per page', '')
		const paths = [...new Set(engine.queries.map((row) => row.path))]
		const cell = (path: string, locale: string) => {
			const row = engine.queries.find((q) => q.path === path && q.locale === locale)
			return row ? `${row.queries}${row.queries > TARGETS.queriesPerPage ? ' ❌' : ''}` : '—'
		}
		lines.push(
			table(
				['Page', 'HTTP status', 'queries (ro)', 'queries (en)'],
				paths.map((path) => [`\`${path}\``, String(engine.queries.find((q) => q.path === path)!.status), cell(path, 'ro'), cell(path, 'en')]),
			),
			'',
		)
	}

	for (const figures of report.search ?? []) {
		lines.push(`## Search at ${figures.productCount} products (${figures.engine})`, '')
		lines.push(
			`The catalogue's own query on the database, ${figures.translationCount} translation rows; each search timed after a warm-up (ADR 0136).`,
			'',
			table(
				['Language', 'Query', 'Products shown', 'p50', 'p95', 'max'],
				figures.rows.map((row) => [row.locale, `\`${row.query}\``, String(row.matches), ms(row.p50Ms), ms(row.p95Ms), ms(row.maxMs)]),
			),
			'',
		)
	}

	if (report.lighthouse) {
		lines.push('## Lighthouse (mobile)', '')
		lines.push(
			table(
				['Page', ...LIGHTHOUSE_CATEGORIES],
				report.lighthouse.pages.map((page) => [
					`\`${page.path}\``,
					...LIGHTHOUSE_CATEGORIES.map(
						(category) => `${page.medians[category]} ${mark(meetsTarget(category, page.medians[category]))} [${page.runs[category].join(', ')}]`,
					),
				]),
			),
			'',
		)
		const notes = report.lighthouse.pages.flatMap((page) => page.belowFull.map((audit) => `- \`${page.path}\` ${audit}`))
		if (notes.length > 0) lines.push('Audits below full marks in some run:', '', ...notes, '')
	}

	lines.push('## Client bundle (gzipped)', '')
	lines.push(
		table(
			['Storefront route', 'JavaScript'],
			report.bundle.javascript.map((row) => [row.route, `${kb(row.gzipBytes)}${row.gzipBytes > report.bundle.budgetBytes ? ' ❌' : ''}`]),
		),
		'',
	)
	lines.push(
		table(
			['Page', 'CSS'],
			report.bundle.css.map((row) => [`\`${row.path}\``, kb(row.gzipBytes)]),
		),
		'',
	)
	lines.push('How the figures are made: `docs/decisions/0090-benchmark-method.md`.', '')
	return lines.join('\n')
}

export async function writeReport(report: BenchReport) {
	const folder = path.join(PROJECT_ROOT, 'bench')
	await fs.mkdir(folder, { recursive: true })
	await fs.writeFile(path.join(folder, 'report.json'), `${JSON.stringify(report, null, '\t')}\n`)
	await fs.writeFile(path.join(folder, 'report.md'), renderMarkdown(report))
	return { json: path.join(folder, 'report.json'), markdown: path.join(folder, 'report.md') }
}
