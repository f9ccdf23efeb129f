import type { Page } from '@playwright/test'
import { expect, test, useLanguage, waitForHydration } from './cart-fixtures.ts'

/**
 * The storefront's identity: its own typefaces, one main action per screen, states drawn in the
 * palette, and a header that keeps search at hand on a desktop and a phone.
 */

/** The computed background of `selector`'s first match, as the browser reports it. */
async function backgroundOf(page: Page, selector: string) {
	return page
		.locator(selector)
		.first()
		.evaluate((element) => getComputedStyle(element).backgroundColor)
}

test('pages are set in the brand typefaces, served by the shop and preloaded for the page’s language', async ({ page, baseURL }) => {
	for (const [locale, preloads] of [
		['ro', 4],
		['en', 2],
	] as const) {
		await useLanguage(page, baseURL!, locale)
		const answer = await page.goto(`/${locale}`)
		const hrefs = [...(answer!.headers()['link'] ?? '').matchAll(/<([^>]+)>; rel=preload; as=font; type="font\/woff2"; crossorigin/g)].map((match) => match[1]!)
		expect(hrefs).toHaveLength(preloads)
		for (const href of hrefs) {
			expect(href).toMatch(/^\/assets\/(fraunces|figtree)-(latin|romanian)-[\w-]+\.woff2$/)
			const response = await page.request.get(href)
			expect(response.status()).toBe(200)
			expect(response.headers()['content-type']).toBe('font/woff2')
		}
		await page.evaluate(() => document.fonts.ready)
		const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replaceAll('"', '')))
		expect(new Set(loaded)).toEqual(new Set(['Fraunces Variable', 'Figtree Variable']))
		expect(
			await page
				.locator('h1')
				.first()
				.evaluate((element) => getComputedStyle(element).fontFamily),
		).toMatch(/^"?Fraunces Variable/)
		expect(await page.locator('body').evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Figtree Variable/)
	}
})

test('each screen has one main action, and a sold-out product’s button is flat sand, not a button to press', async ({ page, baseURL, makeProduct }) => {
	const candle = await makeProduct({ name: 'Brand candle', priceCents: 2400, stock: 5 })
	const soldOut = await makeProduct({ name: 'Brand sold-out candle', priceCents: 2400, stock: 0 })
	await useLanguage(page, baseURL!, 'en')
	const primaries = () => page.getByRole('main').locator('.btn-primary:visible')

	await page.goto('/en')
	await expect(primaries()).toHaveCount(1)
	await page.goto(`/en/product/${candle.slug}`)
	await waitForHydration(page)
	await expect(primaries()).toHaveText(['Add to cart'])
	const pressable = await backgroundOf(page, 'main .btn-primary')
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect.poll(() => page.evaluate(() => localStorage.getItem('cart') ?? '')).toContain(candle.id)
	await page.goto('/en/cart')
	await waitForHydration(page)
	await expect(primaries()).toHaveCount(1)
	await page.goto('/en/customize-portrait')
	await expect(primaries()).toHaveCount(1)

	await page.goto(`/en/product/${soldOut.slug}`)
	await waitForHydration(page)
	await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled()
	// The palette's sand (#f1e4d1), with the muted text colour and a cursor that says no.
	expect(await backgroundOf(page, 'main .btn-primary')).toBe('rgb(241, 228, 209)')
	expect(await backgroundOf(page, 'main .btn-primary')).not.toBe(pressable)
	expect(await page.locator('main .btn-primary').evaluate((element) => getComputedStyle(element).cursor)).toBe('not-allowed')
})

test('the desktop header holds search, language, account and cart on one row in every language; the phone header has search', async ({ page, baseURL }) => {
	await page.setViewportSize({ width: 1280, height: 800 })
	for (const locale of ['en', 'ro', 'es'] as const) {
		await useLanguage(page, baseURL!, locale)
		await page.goto(`/${locale}`)
		const banner = page.getByRole('banner')
		const controls = [
			banner.getByRole('search'),
			banner.getByRole('form', { name: /^(Language|Limba|Idioma)/ }),
			banner.getByRole('link', { name: /^(Sign in|Autentificare|Iniciar sesión)$/ }),
			banner.getByRole('button', { name: /^(Cart|Coș|Carrito)( |$)/ }),
			banner.getByRole('navigation'),
		]
		const boxes = await Promise.all(controls.map(async (control) => (await control.boundingBox())!))
		// Their middles within a few pixels of each other: one row, not two.
		const middles = boxes.map((box) => box.y + box.height / 2)
		expect(Math.max(...middles) - Math.min(...middles), `${locale}: the header's controls sit on one row`).toBeLessThan(8)
		const searchBox = banner.getByRole('searchbox')
		expect((await searchBox.boundingBox())!.width, `${locale}: the search field has room to type`).toBeGreaterThanOrEqual(120)
	}
	await page.setViewportSize({ width: 375, height: 740 })
	await page.goto('/es')
	await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Buscar en la tienda' })).toBeVisible()
})

test('on a phone checkout keeps within the screen, filled in, in Spanish', async ({ page, baseURL, makeProduct }) => {
	const candle = await makeProduct({ name: 'Brand phone candle with a rather long name to wrap', priceCents: 2400, stock: 5 })
	await page.setViewportSize({ width: 375, height: 740 })
	await useLanguage(page, baseURL!, 'es')
	await page.goto(`/es/product/${candle.slug}`)
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Añadir al carrito' }).click()
	await expect.poll(() => page.evaluate(() => localStorage.getItem('cart') ?? '')).toContain(candle.id)
	await page.goto('/es/checkout')
	await waitForHydration(page)
	await page.getByLabel('Correo electrónico').fill('lucia-375@example.com')
	await page.getByLabel('País').selectOption('ES')
	await expect(page.getByTestId('checkout-total')).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(375)
	const form = (await page.locator('main form').first().boundingBox())!
	for (const section of await page.locator('main form section, main form aside').all()) {
		const box = (await section.boundingBox())!
		expect(box.x + box.width, 'a section’s right edge').toBeLessThanOrEqual(form.x + form.width + 0.5)
	}
})

test('the customiser asks every question in one style, legend or label', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'es')
	await page.goto('/es/customize-portrait')
	const titles = page.locator('main form legend, main form label[for]')
	expect(await titles.count()).toBeGreaterThanOrEqual(7)
	const styles = await titles.evaluateAll((elements) =>
		elements.map((element) => {
			const style = getComputedStyle(element)
			// Drawn inside its box, below the box's padding: a legend left on a fieldset's border sits on its top edge.
			const box = element.closest('.rounded-xl')!.getBoundingClientRect()
			const inside = element.getBoundingClientRect().top - box.top >= 12
			return `${style.fontSize} ${style.fontWeight} ${style.fontFamily} inside its box: ${inside}`
		}),
	)
	expect(new Set(styles).size, styles.join('\n')).toBe(1)
})
