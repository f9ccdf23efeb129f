import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { DEMO_PRODUCT } from './public-routes.ts'

// The shop's own <Link> (app/components/link.tsx, ADR 0143) stands in for React Router's: these are
// the behaviours a visitor relies on.

/** A value that lives only as long as the document: gone after a full page load. */
async function markDocument(page: Page) {
	await page.evaluate(() => ((window as unknown as { documentMark: string }).documentMark = 'still here'))
}
async function documentMark(page: Page) {
	return page.evaluate(() => (window as unknown as { documentMark?: string }).documentMark ?? null)
}

test('a plain click on a link navigates inside the page, and Back returns without a reload', async ({ page }) => {
	await page.goto('/en/catalog')
	await waitForHydration(page)
	await markDocument(page)

	const card = page.getByRole('link', { name: DEMO_PRODUCT.name.en }).first()
	await expect(card).toHaveAttribute('href', `/en/product/${DEMO_PRODUCT.slug}`)
	await card.click()
	await expect(page).toHaveURL(new RegExp(`/en/product/${DEMO_PRODUCT.slug}$`))
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO_PRODUCT.name.en)
	expect(await documentMark(page)).toBe('still here')

	await page.goBack()
	await expect(page).toHaveURL(/\/en\/catalog$/)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	expect(await documentMark(page)).toBe('still here')
})

test('a link to the page already shown replaces the history entry instead of adding one', async ({ page }) => {
	await page.goto('/en/catalog')
	await page.goto('/en/about')
	await waitForHydration(page)
	await markDocument(page)
	const before = await page.evaluate(() => history.length)
	await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click()
	await expect(page).toHaveURL(/\/en\/about$/)
	expect(await page.evaluate(() => history.length)).toBe(before)
	expect(await documentMark(page)).toBe('still here')
	await page.goBack()
	await expect(page).toHaveURL(/\/en\/catalog$/)
})

test('a modified click is left to the browser: Ctrl+click opens the link in a new tab and the page stays', async ({ page, context }) => {
	await page.goto('/en/catalog')
	await waitForHydration(page)
	const card = page.getByRole('link', { name: DEMO_PRODUCT.name.en }).first()
	const [opened] = await Promise.all([context.waitForEvent('page'), card.click({ modifiers: ['Control'] })])
	await opened.waitForLoadState('domcontentloaded')
	expect(new URL(opened.url()).pathname).toBe(`/en/product/${DEMO_PRODUCT.slug}`)
	await expect(page).toHaveURL(/\/en\/catalog$/)
	await opened.close()
})
