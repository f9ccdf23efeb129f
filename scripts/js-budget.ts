/** `npm run js-budget`: prints the gzipped client JavaScript of each storefront page (scripts/lib/js-budget.ts). */
import { JS_BUDGET_BYTES, measureJsBudget } from './lib/js-budget.ts'

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const report = measureJsBudget()
console.log('Client JavaScript per storefront page (gzipped: entry, root, route, their import() chunks, largest language chunk):')
for (const page of [...report.pages].sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${page.route.padEnd(34)} ${kb(page.gzipBytes).padStart(9)}`)
console.log(`Largest: ${report.largest.route} ${kb(report.largest.gzipBytes)} of ${kb(JS_BUDGET_BYTES)} budget`)
console.log(`Admin-only files loaded by storefront pages: ${report.adminLeaks.length === 0 ? 'none' : report.adminLeaks.join(', ')}`)
if (report.largest.gzipBytes > JS_BUDGET_BYTES || report.adminLeaks.length > 0) process.exitCode = 1
