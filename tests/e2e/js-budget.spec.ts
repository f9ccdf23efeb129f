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
	await page.goto('/en/product/lumanare-vanilie-si-santal')
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await page.waitForLoadState('networkidle')
	const counted = new Set(measureJsBudget().pages.find((p) => p.route === 'routes/product')!.files)
	const uncounted = [...loaded.keys()].filter((file) => !counted.has(file) && !/\/(en|ro|es)-/.test(file))
	expect(uncounted).toEqual([])
	expect([...loaded.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(JS_BUDGET_BYTES)
})

test('a storefront page is painted, with its first images, before any of its JavaScript is fetched (ADR 0015)', async ({ page }) => {
	for (const path of ['/en', '/en/catalog', '/en/product/lumanare-vanilie-si-santal']) {
		await page.goto(path)
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		const timing = await page.evaluate(() => {
			const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null
			const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
			const scripts = resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
			const inFirstScreen = [...document.images]
				.filter((image) => image.loading !== 'lazy' && image.getBoundingClientRect().top < innerHeight)
				.map((image) => image.currentSrc)
			const images = resources.filter((entry) => inFirstScreen.includes(entry.name))
			return {
				paint,
				firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
				scripts: scripts.length,
				lastImage: Math.max(0, ...images.map((entry) => entry.responseEnd)),
			}
		})
		expect(timing.paint, `${path}: first contentful paint`).not.toBeNull()
		expect(timing.scripts, path).toBeGreaterThan(3)
		// Preload links are added by the page's bootstrap once it has painted, not sent in the HTML.
		expect(timing.firstScript, `${path}: first script fetched at ${timing.firstScript} ms, first paint at ${timing.paint} ms`).toBeGreaterThanOrEqual(
			timing.paint!,
		)
		// The product photo is the first screen's image there.
		if (path.startsWith('/product/')) expect(timing.lastImage).toBeGreaterThan(0)
		expect(
			timing.firstScript,
			`${path}: first script fetched at ${timing.firstScript} ms, first-screen images loaded at ${timing.lastImage} ms`,
		).toBeGreaterThanOrEqual(timing.lastImage)
		const html = await (await page.request.get(path)).text()
		expect(html, path).not.toContain('rel="modulepreload"')
	}
})
