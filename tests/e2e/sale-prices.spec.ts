import crypto from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { categories, orderItems, orders, productPriceHistory, products } from '#db/schema/index.ts'
import { nextDay, shopDay } from '#domain/shop-calendar.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { placeSpanishOrder } from './spanish-checkout.ts'

const DAY_MS = 86_400_000
const VIEWPORTS = [
	{ name: 'mobile', width: 375, height: 812 },
	{ name: 'desktop', width: 1280, height: 900 },
] as const

/**
 * The owner puts a product on sale in the admin; the storefront announces the reduction from the
 * lowest price of the 30 days before it (not the regular price) in Spanish and Romanian, and the
 * order is charged the sale price.
 */
test('a sale set in the admin shows with the lowest 30-day price in es and ro, and the order is charged the sale price', async ({
	page,
	database,
	createUser,
	signIn,
}) => {
	const id = crypto.randomBytes(4).toString('hex')
	const email = `oferta-${id}@example.com`
	const [category] = await database.db
		.insert(categories)
		.values({ name: `Reduceri ${id}`, slug: `reduceri-${id}` })
		.returning()
	const [product] = await database.db
		.insert(products)
		.values({ slug: `lumanare-reducere-${id}`, name: `Lumânare reducere ${id}`, kind: 'candle', categoryId: category!.id, priceCents: 4500, stock: 10 })
		.returning()
	// Three weeks ago it sold for 42,00 €: that, not the regular 45,00 €, is the price the reduction is measured from.
	await database.db.insert(productPriceHistory).values({ productId: product!.id, priceCents: 4200, fromAt: new Date(Date.now() - 21 * DAY_MS) })
	try {
		await signIn(page, await createUser({ roles: ['admin'] }))
		await page.goto(`/admin/products/${product!.id}`)
		await waitForHydration(page)
		const today = shopDay(new Date())
		await page.getByLabel('Preț redus (EUR)').fill('36,00')
		await page.getByLabel('Prima zi a reducerii').fill(today)
		await page.getByLabel('Ultima zi a reducerii').fill(nextDay(nextDay(today)))
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page).toHaveURL(/\/admin\/products$/)
		await expect.poll(async () => (await database.db.select().from(products).where(eq(products.id, product!.id)))[0]?.salePriceCents).toBe(3600)
		await page.goto(`/admin/products/${product!.id}`)
		await expect(page.getByTestId('sale-state')).toHaveText('Reducerea este activă acum.')

		// A visitor, not signed in: the pages the cache may keep.
		await page.context().clearCookies()
		for (const viewport of VIEWPORTS) {
			await page.setViewportSize(viewport)
			await page.goto(`/es/product/${product!.slug}`)
			await expect(page.getByTestId('product-price')).toContainText('36,00 €')
			await expect(page.getByTestId('prior-price')).toHaveText('42,00 €')
			await expect(page.getByTestId('prior-price-note')).toHaveText('Precio más bajo de los 30 días anteriores a la rebaja: 42,00 €')
			await expect(page.getByTestId('sale-badge').first()).toHaveText('Oferta −14%')
			await page.screenshot({ path: `test-results/sale-price-es-${viewport.name}.png`, fullPage: true })
		}
		// The offer in the page's JSON-LD carries the price charged.
		const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
		expect(jsonLd.some((text) => text.includes('"price":"36.00"'))).toBe(true)

		await page.goto(`/ro/product/${product!.slug}`)
		await expect(page.getByTestId('prior-price')).toHaveText('42,00 €')
		await expect(page.getByTestId('prior-price-note')).toHaveText('Cel mai mic preț din cele 30 de zile dinaintea reducerii: 42,00 €')
		await expect(page.getByTestId('sale-badge').first()).toHaveText('Reducere −14%')
		await page.screenshot({ path: 'test-results/sale-price-ro-desktop.png', fullPage: true })

		// The catalogue card announces it too.
		await page.goto(`/ro/catalog?category=${category!.slug}`)
		const card = page.getByTestId('product-card').filter({ hasText: product!.name })
		await expect(card.getByTestId('prior-price')).toHaveText('42,00 €')
		await expect(card.getByTestId('prior-price-note')).toContainText('42,00 €')
		await page.setViewportSize(VIEWPORTS[0])
		await page.screenshot({ path: 'test-results/sale-price-ro-catalog-mobile.png', fullPage: true })
		await page.setViewportSize(VIEWPORTS[1])

		// Bought in Spanish: the cart repeats the announcement, and the order is charged 36,00 €.
		await page.goto(`/es/product/${product!.slug}`)
		await waitForHydration(page)
		await page.getByRole('button', { name: 'Añadir al carrito' }).click()
		await expect.poll(() => page.evaluate(() => localStorage.getItem('cart') ?? '')).toContain(product!.id)
		await page.goto('/es/cart')
		const line = page.locator(`[data-line-id="${product!.id}"]`)
		await expect(line.getByTestId('prior-price-note')).toContainText('Precio más bajo de los 30 días anteriores a la rebaja: 42,00 €')
		await expect(line).toContainText('36,00 €')
		await page.screenshot({ path: 'test-results/sale-price-es-cart-desktop.png', fullPage: true })
		await page.goto('/es/checkout')
		await waitForHydration(page)
		await placeSpanishOrder(page, email)
		const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.email, email))
		expect(placed).toHaveLength(1)
		const items = await database.db
			.select({ unitPriceCents: orderItems.unitPriceCents, quantity: orderItems.quantity })
			.from(orderItems)
			.where(inArray(orderItems.orderId, [placed[0]!.id]))
		expect(items).toEqual([{ unitPriceCents: 3600, quantity: 1 }])
	} finally {
		await database.db.delete(orders).where(eq(orders.email, email))
		await database.db.delete(products).where(eq(products.id, product!.id))
		await database.db.delete(categories).where(eq(categories.id, category!.id))
	}
})
