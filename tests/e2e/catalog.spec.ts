import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { categories, products } from '#db/schema/index.ts'
import { CATALOG_PAGE_SIZE } from '#domain/catalog.ts'
import { createTestCatalog } from './catalog-data.ts'
import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'

test.describe('catalog', () => {
	let data: Awaited<ReturnType<typeof createTestCatalog>>
	test.beforeEach(async ({ database }) => {
		data = await createTestCatalog(database.db)
	})
	test.afterEach(async () => {
		await data.cleanup()
	})

	test('the first HTML already holds the filtered products', async ({ request }) => {
		const html = await (await request.get(`/catalog?category=${data.top.slug}&subcategory=${data.subA.slug}`, { headers: { Cookie: 'lang=ro' } })).text()
		expect(html).toContain(data.alpha.name)
		expect(html).toContain(data.beta.name)
		expect(html).not.toContain(data.gamma.name)
		expect(html).not.toContain(data.inactive.name)
	})

	test('tabs, subcategory cards and the URL stay in sync, with back and forward', async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, 'en')
		await page.goto(`/en/catalog?category=${data.top.slug}`)
		await waitForHydration(page)
		const tabs = page.getByRole('navigation', { name: 'Product categories' })
		await expect(tabs.getByRole('link', { name: data.top.name })).toHaveAttribute('aria-current', 'page')
		const cards = page.getByRole('navigation', { name: 'Subcategories' })
		const grid = page.getByTestId('product-card')
		await expect(grid.filter({ hasText: data.tag })).toHaveCount(3)
		await expect(page.getByText(data.inactive.name)).toHaveCount(0)

		// A subcategory card toggles the filter on …
		await cards.getByRole('link', { name: new RegExp(data.subA.name) }).click()
		await expect(page).toHaveURL(new RegExp(`category=${data.top.slug}&subcategory=${data.subA.slug}$`))
		await expect(cards.getByRole('link', { name: new RegExp(data.subA.name) })).toHaveAttribute('aria-current', 'true')
		await expect(grid).toHaveCount(2)
		await expect(page.getByText(data.gamma.name)).toHaveCount(0)
		// … and off.
		await cards.getByRole('link', { name: new RegExp(data.subA.name) }).click()
		await expect(page).toHaveURL(new RegExp(`category=${data.top.slug}$`))
		await expect(grid.filter({ hasText: data.tag })).toHaveCount(3)

		// Choosing a subcategory, then Bestsellers, clears the subcategory.
		await cards.getByRole('link', { name: new RegExp(data.subB.name) }).click()
		await expect(page).toHaveURL(new RegExp(`subcategory=${data.subB.slug}$`))
		await tabs.getByRole('link', { name: 'Bestsellers' }).click()
		await expect(page).toHaveURL(/\/catalog\?category=bestsellers$/)
		await expect(tabs.getByRole('link', { name: 'Bestsellers' })).toHaveAttribute('aria-current', 'page')
		await expect(page.getByText(data.alpha.name)).toBeVisible()
		await expect(page.getByText(data.beta.name)).toHaveCount(0)
		await expect(page.getByRole('navigation', { name: 'Subcategories' })).toHaveCount(0)

		await tabs.getByRole('link', { name: 'All' }).click()
		await expect(page).toHaveURL(/\/catalog$/)
		await expect(page.getByText(data.beta.name)).toBeVisible()

		// Back and forward walk the same states, tabs included.
		await page.goBack()
		await expect(page).toHaveURL(/\/catalog\?category=bestsellers$/)
		await expect(tabs.getByRole('link', { name: 'Bestsellers' })).toHaveAttribute('aria-current', 'page')
		await page.goBack()
		await expect(page).toHaveURL(new RegExp(`subcategory=${data.subB.slug}$`))
		await expect(cards.getByRole('link', { name: new RegExp(data.subB.name) })).toHaveAttribute('aria-current', 'true')
		await expect(page.getByText(data.gamma.name)).toBeVisible()
		await page.goForward()
		await expect(page).toHaveURL(/\/catalog\?category=bestsellers$/)
		await expect(page.getByText(data.gamma.name)).toHaveCount(0)
	})

	test('the bestsellers and new filters use the badges', async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, 'en')
		await page.goto(`/en/catalog?category=${data.top.slug}&filter=new`)
		await expect(page.getByText(data.beta.name)).toBeVisible()
		await expect(page.getByText(data.alpha.name)).toHaveCount(0)
		await page.goto(`/en/catalog?category=${data.top.slug}&filter=bestsellers`)
		await expect(page.getByText(data.alpha.name)).toBeVisible()
		await expect(page.getByText(data.beta.name)).toHaveCount(0)
		await expect(page.getByText(data.inactive.name)).toHaveCount(0)
		// The header's "New Arrivals" entry is the new filter across the shop.
		await page.goto('/en/catalog?filter=new')
		await expect(page.getByText(data.beta.name)).toBeVisible()
		await expect(page.getByText(data.gamma.name)).toHaveCount(0)
	})

	test('a product card shows badges, name and price in €, and links to its page', async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, 'es')
		await page.goto(`/es/catalog?category=${data.top.slug}&subcategory=${data.subA.slug}`)
		const card = page.getByTestId('product-card').filter({ hasText: data.alpha.name })
		await expect(card).toContainText('Más vendido')
		await expect(card).toContainText('Hecho a mano')
		await expect(card).toContainText('19,90 €')
		await expect(card.getByRole('link', { name: data.alpha.name })).toHaveAttribute('href', `/es/product/${data.alpha.slug}`)
	})

	test('a category can be named by its id as well as its slug', async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, 'en')
		await page.goto(`/en/catalog?category=${data.top.id}`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.top.name)
		await expect(page.getByTestId('product-card').filter({ hasText: data.tag })).toHaveCount(3)
	})
})

test('a long category is paged: 24 products a page, with next and previous links', async ({ page, baseURL, database }) => {
	const tag = crypto.randomBytes(4).toString('hex')
	const [category] = await database.db
		.insert(categories)
		.values({ slug: `e2e-paged-${tag}`, name: `Paginat ${tag}`, displayOrder: 9100 })
		.returning()
	await database.db.insert(products).values(
		Array.from({ length: CATALOG_PAGE_SIZE + 2 }, (_, index) => ({
			slug: `e2e-paged-${index}-${tag}`,
			name: `Lumânare ${index} ${tag}`,
			kind: 'candle' as const,
			categoryId: category!.id,
			priceCents: 1500,
			stock: 3,
			createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
		})),
	)
	try {
		await useLanguage(page, baseURL!, 'en')
		await page.goto(`/en/catalog?category=${category!.slug}`)
		const cards = page.getByTestId('product-card')
		await expect(cards).toHaveCount(CATALOG_PAGE_SIZE)
		const pages = page.getByRole('navigation', { name: 'Catalogue pages' })
		await expect(pages.getByRole('link', { name: 'Previous page' })).toHaveCount(0)
		await pages.getByRole('link', { name: 'Next page' }).click()
		await expect(page).toHaveURL(new RegExp(`category=${category!.slug}&page=2$`))
		await expect(cards).toHaveCount(2)
		await expect(cards.first()).toContainText(`Lumânare 1 ${tag}`)
		await expect(page).toHaveTitle(/Page 2/)
		await pages.getByRole('link', { name: 'Previous page' }).click()
		await expect(cards).toHaveCount(CATALOG_PAGE_SIZE)
		expect((await page.goto(`/en/catalog?category=${category!.slug}&page=9`))?.status()).toBe(404)
	} finally {
		await database.db.delete(products).where(eq(products.categoryId, category!.id))
		await database.db.delete(categories).where(eq(categories.id, category!.id))
	}
})

test('portrait_cardboard with no subcategory shows the two fixed size cards', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'en')
	await page.goto('/en/catalog?category=portrait_cardboard')
	const cards = page.getByTestId('portrait-size-card')
	await expect(cards).toHaveCount(2)
	await expect(cards.nth(0)).toContainText('13x18 cm')
	await expect(cards.nth(0)).toContainText('29.90 €')
	await expect(cards.nth(0)).toHaveAttribute('href', '/en/customize-portrait?size=13x18')
	await expect(cards.nth(1)).toContainText('18x24 cm')
	await expect(cards.nth(1)).toContainText('39.90 €')
	await expect(cards.nth(1)).toHaveAttribute('href', '/en/customize-portrait?size=18x24')

	// With a subcategory the products show instead, and portraits open the customiser in their size.
	await page.goto('/en/catalog?category=portrait_cardboard&subcategory=portrete-de-familie')
	await expect(cards).toHaveCount(0)
	const product = page.getByTestId('product-card').filter({ hasText: '18x24' }).first()
	await expect(product.getByRole('link')).toHaveAttribute('href', '/en/customize-portrait?size=18x24')
})

test('bad catalog input gives an empty result or a 404, never an error', async ({ page, request, baseURL }) => {
	await useLanguage(page, baseURL!, 'en')
	for (const query of [
		'category=no-such-category',
		'category=%3Cscript%3E',
		`category=${'x'.repeat(3000)}`,
		'category=candle&subcategory=nope',
		'category=00000000-0000-0000-0000-000000000000',
	]) {
		const response = await page.goto(`/en/catalog?${query}`)
		expect(response?.status(), query).toBe(404)
		await expect(page.getByText('No products match your selection.')).toBeVisible()
	}
	for (const query of ['filter=garbage', 'filter[]=x&category[]=y', 'subcategory=orphan', 'category=all&filter=new']) {
		expect((await request.get(`/catalog?${query}`)).status(), query).toBe(200)
	}
})
