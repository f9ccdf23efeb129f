import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, useLanguage, waitForHydration } from './fixtures.ts'
import { DEMO_PRODUCT } from './public-routes.ts'

const PAGES = ['/ro', '/ro/catalog', `/ro/product/${DEMO_PRODUCT.slug}`, '/ro/about', '/ro/faq', '/ro/contact']

for (const viewport of SCAN_VIEWPORTS) {
	test(`no serious or critical axe violations on the storefront pages (${viewport.name}, ${viewport.width} px)`, async ({ page, baseURL }) => {
		// Six pages scanned by axe, then two open states: over a minute on a busy two-core machine.
		test.setTimeout(180_000)
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
		if (viewport.width < 1280) await page.getByRole('button', { name: 'Meniu' }).click()
		else await page.getByRole('button', { name: 'Magazin' }).click()
		await expectNoSeriousA11yViolations(page)
	})
}

test('the header fits every width from phone to desktop, in every language (tablets and small laptops get the phone menu)', async ({ page }) => {
	test.setTimeout(180_000)
	for (const width of [375, 768, 1024, 1279, 1280, 1440]) {
		await page.setViewportSize({ width, height: 900 })
		for (const language of ['en', 'ro', 'es']) {
			await page.goto(`/${language}`)
			expect(await page.evaluate(() => document.documentElement.scrollWidth), `${language} at ${width} px`).toBeLessThanOrEqual(width)
			// One way to every page at each width: the phone menu's button below 1280 px, the desktop navigation from there
			// (at 1024 px the Romanian and Spanish labels wrapped and touched the logo).
			const menuButton = page.getByRole('banner').locator('button[aria-controls="mobile-menu"]')
			const desktopNavigation = page.getByRole('banner').getByRole('navigation')
			if (width < 1280) {
				await expect(menuButton).toBeVisible()
				await expect(desktopNavigation).toBeHidden()
			} else {
				await expect(menuButton).toBeHidden()
				await expect(desktopNavigation).toBeVisible()
			}
		}
	}
})

test('the catalogue sort controls stay whole on a phone and a desktop, in every language', async ({ page }) => {
	for (const width of [375, 1280]) {
		await page.setViewportSize({ width, height: 900 })
		for (const language of ['en', 'ro', 'es']) {
			await page.goto(`/${language}/catalog`)
			// A row wider than the screen overflowed to the left, out of reach of scrolling: "Ordenar por" lost its first letters.
			const form = page.getByTestId('sort-form')
			// Choosing sends the form: no button beside the menu repeats it (it is there without JavaScript only).
			await expect(form.getByRole('button')).toHaveCount(0)
			for (const control of [form.locator('label'), form.locator('select')]) {
				const box = (await control.boundingBox())!
				expect(box.x, `${language} at ${width} px`).toBeGreaterThanOrEqual(0)
				expect(box.x + box.width, `${language} at ${width} px`).toBeLessThanOrEqual(width)
			}
		}
	}
})
