import zlib from 'node:zlib'
import { JS_BUDGET_BYTES, measureJsBudget } from '../../scripts/lib/js-budget.ts'
import { expect, test } from './fixtures.ts'

test('each storefront page loads at most 160 KB of gzipped JavaScript, none of it admin code', () => {
	const report = measureJsBudget()
	expect(report.pages.length).toBeGreaterThanOrEqual(10)
	expect(report.localeChunk).toMatch(/\/assets\/(en|ro|es)-/)
	for (const page of report.pages) expect(page.gzipBytes, page.route).toBeLessThanOrEqual(JS_BUDGET_BYTES)
	expect(report.adminLeaks).toEqual([])
})

test('the budget counts what the browser really loads for a product page', async ({ page, baseURL }) => {
	const loaded = new Map<string, number>()
	page.on('response', async (response) => {
		const url = new URL(response.url())
		if (url.origin === new URL(baseURL!).origin && url.pathname.endsWith('.js')) loaded.set(url.pathname, zlib.gzipSync(await response.body()).length)
	})
	await page.goto('/product/lumanare-vanilie-si-santal')
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await page.waitForLoadState('networkidle')
	const counted = new Set(measureJsBudget().pages.find((p) => p.route === 'routes/product')!.files)
	const uncounted = [...loaded.keys()].filter((file) => !counted.has(file) && !/\/(en|ro|es)-/.test(file))
	expect(uncounted).toEqual([])
	expect([...loaded.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(JS_BUDGET_BYTES)
})
