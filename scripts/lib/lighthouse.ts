/**
 * Lighthouse 12 with its default mobile preset (emulated phone, slow 4G, 4× CPU slowdown) in the
 * system Chromium: each page is audited several times and the median score per category is kept.
 * Used by `npm run bench:lighthouse` and `npm run bench`. Targets: performance ≥ 95; accessibility,
 * best practices and SEO 100.
 */
import fs from 'node:fs/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number]
export const LIGHTHOUSE_TARGETS: Record<LighthouseCategory, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }

/** A run Lighthouse itself could not complete (e.g. NO_FCP on an overloaded machine) is retried this often per page. */
const RETRIES_PER_PAGE = 2

export type PageAudit = {
	path: string
	/** Median score (0–100) per category. */
	medians: Record<LighthouseCategory, number>
	/** Every counted run's score, in run order. */
	runs: Record<LighthouseCategory, number[]>
	/** Weighted audits that scored below 1 in some run: what to fix to reach 100. */
	belowFull: string[]
	/** Runs Lighthouse could not complete (retried, not counted unless retries ran out). */
	runtimeErrors: string[]
}

export function median(values: number[]) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]!
}

export function meetsTarget(category: LighthouseCategory, score: number) {
	return score >= LIGHTHOUSE_TARGETS[category]
}

export async function launchChromium() {
	return chromeLauncher.launch({
		chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
		chromeFlags: [
			'--headless=new',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	})
}

export async function auditPages(options: {
	baseUrl: string
	paths: string[]
	runs: number
	/** Writes each run's full Lighthouse JSON to `${prefix}-<page>-<run>.json`. */
	reportPrefix?: string
	onPage?: (audit: PageAudit) => void
}): Promise<PageAudit[]> {
	const chrome = await launchChromium()
	try {
		// One untimed visit per page warms the server (first query plans, image files in the OS cache).
		for (const path of options.paths) await (await fetch(options.baseUrl + path)).arrayBuffer()
		const audits: PageAudit[] = []
		for (const path of options.paths) {
			const audit = await auditPage(chrome.port, options.baseUrl, path, options.runs, options.reportPrefix)
			options.onPage?.(audit)
			audits.push(audit)
		}
		return audits
	} finally {
		await chrome.kill()
	}
}

async function auditPage(port: number, baseUrl: string, path: string, runs: number, reportPrefix: string | undefined): Promise<PageAudit> {
	const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, [] as number[]])) as Record<LighthouseCategory, number[]>
	const belowFull = new Set<string>()
	const runtimeErrors: string[] = []
	let retries = RETRIES_PER_PAGE
	for (let run = 0; run < runs; run++) {
		const result = await lighthouse(baseUrl + path, { port, output: 'json', logLevel: 'error', onlyCategories: [...LIGHTHOUSE_CATEGORIES] })
		if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
		if (result.lhr.runtimeError) {
			// Such a run scores 0 everywhere: say so and run again instead of counting it.
			runtimeErrors.push(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`)
			if (retries-- > 0) {
				run--
				continue
			}
		}
		const { categories, audits } = result.lhr
		for (const category of LIGHTHOUSE_CATEGORIES) {
			scores[category].push(Math.round((categories[category]?.score ?? 0) * 100))
			for (const ref of categories[category]?.auditRefs ?? []) {
				const audit = audits[ref.id]
				if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) belowFull.add(`${category}: ${ref.id} (${audit.displayValue ?? audit.score})`)
			}
		}
		if (reportPrefix) await fs.writeFile(`${reportPrefix}-${path.replace(/\W+/g, '_')}-${run}.json`, result.report as string)
	}
	const medians = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, median(scores[category])])) as Record<LighthouseCategory, number>
	return { path, medians, runs: scores, belowFull: [...belowFull], runtimeErrors }
}
