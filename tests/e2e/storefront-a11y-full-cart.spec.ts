import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, useLanguage, waitForHydration } from './cart-fixtures.ts'
import { DEMO_PRODUCT } from './public-routes.ts'

/**
 * With a cart full of lines (the header's cart button then carries a count),
 * every storefront page has no serious or critical axe violation, in each language, on a phone and a desktop.
 */
const PAGES = [
	'/',
	'/catalog',
	'/catalog?q=lumanare&sort=price-asc',
	'/catalog?q=no-such-thing-anywhere',
	'/newsletter',
	`/product/${DEMO_PRODUCT.slug}`,
	'/customize-portrait',
	'/cart',
	'/checkout',
	'/about',
	'/faq',
	'/contact',
	'/terms',
	'/privacy',
	'/returns',
	'/login',
	'/forgot-password',
	'/no-such-page',
]

for (const viewport of SCAN_VIEWPORTS) {
	for (const language of ['en', 'ro', 'es'] as const) {
		test(`no serious axe violations with a full cart (${language}, ${viewport.name})`, async ({ page, baseURL, makeProduct }) => {
			test.setTimeout(300_000)
			const products = await Promise.all([1, 2, 3].map((n) => makeProduct({ name: `A11y candle ${n}`, priceCents: 1000 * n, stock: 20 })))
			await useLanguage(page, baseURL!, language)
			await page.setViewportSize({ width: viewport.width, height: viewport.height })
			await page.goto(`/${language}`)
			await page.evaluate(
				(ids) => {
					const lines = ids.map((id, index) => ({
						id,
						line: { kind: 'product', productId: id, quantity: index + 1 },
						name: `Candle ${index}`,
						price: 1000,
						image: null,
					}))
					localStorage.setItem('cart', JSON.stringify(lines))
				},
				products.map((product) => product.id),
			)
			for (const path of PAGES) {
				await page.goto(`/${language}${path === '/' ? '' : path}`)
				await waitForHydration(page)
				await expect(page.getByTestId('cart-count')).toHaveText('6')
				await expectNoSeriousA11yViolations(page)
			}
			// The open cart panel too.
			await page.goto(`/${language}/catalog`)
			await waitForHydration(page)
			await page.getByTestId('cart-count').click()
			await expect(page.getByRole('dialog')).toBeVisible()
			await expectNoSeriousA11yViolations(page)
		})
	}
}
