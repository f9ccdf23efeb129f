import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, useLanguage, waitForHydration } from './fixtures.ts'
import { DEMO_PRODUCT } from './public-routes.ts'

const PAGES = ['/ro', '/ro/catalog', `/ro/product/${DEMO_PRODUCT.slug}`, '/ro/about', '/ro/faq', '/ro/contact']

for (const viewport of SCAN_VIEWPORTS) {
	test(`no serious or critical axe violations on the storefront pages (${viewport.name}, ${viewport.width} px)`, async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, 'ro')
		await page.setViewportSize({ width: viewport.width, height: viewport.height })
		for (const path of PAGES) {
			const response = await page.goto(path)
			expect(response?.status(), path).toBe(200)
			await waitForHydration(page)
			await expectNoSeriousA11yViolations(page)
			// Nothing sticks out sideways (a phone would scroll the whole page horizontally).
			expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(viewport.width)
		}
		// The open menus and the open FAQ answer are scanned too.
		await page.goto('/ro/faq')
		await waitForHydration(page)
		await page.locator('summary').first().click()
		await expectNoSeriousA11yViolations(page)
		if (viewport.width < 768) await page.getByRole('button', { name: 'Meniu' }).click()
		else await page.getByRole('button', { name: 'Magazin' }).click()
		await expectNoSeriousA11yViolations(page)
	})
}
