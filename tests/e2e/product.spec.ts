import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'
import { createTestCatalog } from './catalog-data.ts'

test.describe('product page', () => {
	let data: Awaited<ReturnType<typeof createTestCatalog>>
	test.beforeEach(async ({ database }) => {
		data = await createTestCatalog(database.db)
	})
	test.afterEach(async () => {
		await data.cleanup()
	})

	test('by slug: image dialog, name, category, price, stock and add to cart; Product JSON-LD', async ({ page, baseURL }) => {
		// A contrary stored choice: the URL's language wins (ADR 0106).
		await useLanguage(page, baseURL!, 'ro')
		const response = await page.goto(`/en/product/${data.alpha.slug}`)
		expect(response?.status()).toBe(200)
		await waitForHydration(page)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.alpha.name)
		await expect(page.getByText(`Category: ${data.subA.name}`)).toBeVisible()
		await expect(page.getByTestId('product-price')).toHaveText('19.90 €')
		await expect(page.getByTestId('product-price-lei')).toHaveCount(0)
		await expect(page.getByTestId('stock-line')).toHaveText('In stock')
		await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled()
		await expect(page.getByText(data.alpha.description)).toBeVisible()

		// The page also carries its breadcrumbs' JSON-LD (tests/e2e/search-and-product-details.spec.ts).
		const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents())
			.map((text) => JSON.parse(text))
			.find((item) => item['@type'] === 'Product')
		expect(jsonLd).toMatchObject({
			'@type': 'Product',
			name: data.alpha.name,
			offers: { '@type': 'Offer', price: '19.90', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
		})
		// The offer's URL is the page in its own language.
		expect(jsonLd.offers.url).toMatch(new RegExp(`^https?://[^/]+/en/product/${data.alpha.slug}$`))
		await expect(page).toHaveTitle(new RegExp(`^${data.alpha.name} \\| `))
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/en/product/${data.alpha.slug}$`))
	})

	test('Romanian visitors also see an approximate price in lei', async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, 'ro')
		await page.goto(`/ro/product/${data.alpha.slug}`)
		await expect(page.getByTestId('product-price')).toHaveText('19,90 €')
		// 19.90 € × 4.97 (the default RON_PER_EUR) = 98.90 lei
		await expect(page.getByTestId('product-price-lei')).toContainText('≈ 98,90 lei')
		await expect(page.getByTestId('stock-line')).toHaveText('În stoc')
	})

	test('an id URL answers 301 to the slug URL', async ({ page, request }) => {
		const response = await request.get(`/en/product/${data.alpha.id}`, { maxRedirects: 0 })
		expect(response.status()).toBe(301)
		expect(response.headers()['location']).toBe(`/en/product/${data.alpha.slug}`)
		await page.goto(`/ro/product/${data.alpha.id}`)
		await expect(page).toHaveURL(new RegExp(`/ro/product/${data.alpha.slug}$`))
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.alpha.name)
	})

	test('the image opens enlarged in a dialog', async ({ page, baseURL, database }) => {
		await database.db.execute(`update products set images = '["/favicon.svg"]'::jsonb where id = '${data.alpha.id}'`)
		await useLanguage(page, baseURL!, 'en')
		await page.goto(`/en/product/${data.alpha.slug}`)
		await waitForHydration(page)
		await page.getByRole('button', { name: /Enlarge image/ }).click()
		const dialog = page.getByRole('dialog', { name: data.alpha.name })
		await expect(dialog).toBeVisible()
		await dialog.getByRole('button', { name: 'Close' }).click()
		await expect(dialog).toBeHidden()
	})

	test('out of stock: the stock line says so and add to cart is disabled', async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, 'es')
		await page.goto(`/es/product/${data.gamma.slug}`)
		await expect(page.getByTestId('stock-line')).toHaveText('Agotado')
		await expect(page.getByRole('button', { name: 'Añadir al carrito' })).toBeDisabled()
	})

	test('an inactive product is not found', async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, 'ro')
		const response = await page.goto(`/ro/product/${data.inactive.slug}`)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produs negăsit')
		expect((await page.request.get(`/ro/product/${data.inactive.id}`, { maxRedirects: 0 })).status()).toBe(404)
	})
})

test('a missing product answers 404 "Produs negăsit" with a way back to the catalog; absurd keys too', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'ro')
	const response = await page.goto('/ro/product/nu-exista-asa-ceva')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produs negăsit')
	await waitForHydration(page)
	await page.getByRole('link', { name: 'Înapoi la catalog' }).click()
	await expect(page).toHaveURL(/\/ro\/catalog$/)
	for (const key of ['99999999999999999999999', '00000000-0000-0000-0000-000000000000', '%00', "1'%20or%201=1", 'x'.repeat(500), '..%2F..%2Fetc']) {
		expect((await page.request.get(`/ro/product/${key}`, { maxRedirects: 0 })).status(), key).toBe(404)
	}
})
