/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, system Chromium, median of LIGHTHOUSE_RUNS=3)
 * against the built shop on a fresh embedded database with the demo catalogue (scripts/lib/lighthouse.ts).
 * LIGHTHOUSE_PAGES=/a,/b picks other pages; LIGHTHOUSE_REPORT=prefix keeps each run's JSON.
 */
import fs from 'node:fs/promises'
import { ensureBuild, startShop } from './lib/shop-process.ts'
import { auditPages, LIGHTHOUSE_CATEGORIES, meetsTarget } from './lib/lighthouse.ts'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
// Each language's home, catalogue and product page (ADR 0106: every storefront URL names its language).
const PAGES = process.env.LIGHTHOUSE_PAGES
	? process.env.LIGHTHOUSE_PAGES.split(',')
	: ['en', 'ro', 'es'].flatMap((locale) => [`/${locale}`, `/${locale}/catalog`, `/${locale}/product/lumanare-vanilie-si-santal`])

ensureBuild()
const shop = await startShop({ env: { LOG_LEVEL: 'warn' } })
let failed = false
try {
	console.log(`Lighthouse ${RUNS} runs per page, mobile preset, median scores (target: perf ≥ 95, others 100)`)
	await auditPages({
		baseUrl: shop.url,
		paths: PAGES,
		runs: RUNS,
		reportPrefix: process.env.LIGHTHOUSE_REPORT || undefined,
		onPage(audit) {
			for (const error of audit.runtimeErrors) console.log(`  run failed: ${error}`)
			const line = LIGHTHOUSE_CATEGORIES.map((category) => {
				if (!meetsTarget(category, audit.medians[category])) failed = true
				return `${category} ${audit.medians[category]} [${audit.runs[category].join(', ')}]`
			}).join('  ')
			console.log(`${audit.path.padEnd(40)} ${line}`)
			if (audit.belowFull.length > 0) console.log(`  below 1: ${audit.belowFull.join('; ')}`)
		},
	})
} finally {
	await shop.stop()
	await fs.rm(shop.dataDir, { recursive: true, force: true })
}
if (failed) {
	console.log('Some medians are below target.')
	process.exitCode = 1
}
