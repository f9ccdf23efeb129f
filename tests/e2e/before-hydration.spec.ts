import type { Page } from '@playwright/test'
import { formatEuroDifference } from '#domain/money.ts'
import { PORTRAIT_FRAME_CENTS } from '#domain/portrait-price.ts'
import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'

/**
 * ADR 0015: a storefront page is painted before its JavaScript arrives, so a visitor can type into
 * a form before the page hydrates. Hydrating must not wipe what was typed (ADR 0104).
 */

/** Holds the page's JavaScript until the returned function is called. */
async function holdJavaScript(page: Page) {
	let release!: () => void
	const released = new Promise<void>((resolve) => (release = resolve))
	await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
		await released
		await route.continue()
	})
	return release
}

test('the portrait description and choices typed before the page hydrates are kept, and the price and counter follow them', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'en')
	const release = await holdJavaScript(page)
	await page.goto('/en/customize-portrait')
	await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')

	const description = 'Two grandparents on a bench, a red scarf, our dog Rex.'
	await page.getByLabel('Description (optional)').fill(description)
	await page.getByLabel('18x24 cm').check()
	await page.getByLabel(`Premium frame (${formatEuroDifference(PORTRAIT_FRAME_CENTS.premium)})`).check()
	// Adding to the browser's cart needs the page's script: until then the button waits.
	await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled()

	release()
	await waitForHydration(page)
	await expect(page.getByLabel('Description (optional)')).toHaveValue(description)
	await expect(page.getByLabel('18x24 cm')).toBeChecked()
	await expect(page.getByText(`${description.length} / 500 characters`)).toBeVisible()
	// The 18x24 price with the premium frame's surcharge.
	await expect(page.getByTestId('portrait-price')).toContainText('44.90')
	await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled()
})
