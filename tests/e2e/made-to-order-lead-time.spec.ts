import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { categories, products } from '#db/schema/index.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/** A made-to-order product says how long it takes, as its owner set it, on its page, in the cart and at checkout. */

test('the owner sets a made-to-order lead time; the product page, cart and checkout say it in en, ro and es', async ({
	page,
	database,
	createUser,
	signIn,
}) => {
	const id = crypto.randomBytes(4).toString('hex')
	const [category] = await database.db
		.insert(categories)
		.values({ name: `La comandă ${id}`, slug: `la-comanda-${id}` })
		.returning()
	const [product] = await database.db
		.insert(products)
		.values({ slug: `lumanare-comanda-${id}`, name: `Lumânare la comandă ${id}`, kind: 'candle', categoryId: category!.id, priceCents: 3500, stock: null })
		.returning()
	try {
		// A new made-to-order product starts at the default; the owner sets it on the product's form.
		expect(product!.leadTimeDays).toBe(7)
		await signIn(page, await createUser({ roles: ['admin'] }))
		await page.goto(`/admin/products/${product!.id}`)
		await waitForHydration(page)
		const leadTime = page.getByLabel('Termen de realizare (zile lucrătoare)')
		await expect(leadTime).toHaveValue('7')
		await leadTime.fill('12')
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page).toHaveURL(/\/admin\/products$/)
		await expect.poll(async () => (await database.db.select().from(products).where(eq(products.id, product!.id)))[0]?.leadTimeDays).toBe(12)
		// Stocked products have no lead time to set.
		await page.goto(`/admin/products/${product!.id}`)
		await waitForHydration(page)
		await page.getByRole('switch', { name: 'Realizat la comandă' }).uncheck()
		await expect(page.getByLabel('Termen de realizare (zile lucrătoare)')).toHaveCount(0)

		for (const [locale, text] of [
			['ro', 'Realizat la comandă: se expediază în 12 zile lucrătoare'],
			['es', 'Hecho por encargo: se envía en 12 días laborables'],
			['en', 'Made to order: ships in 12 working days'],
		] as const) {
			await page.goto(`/${locale}/product/${product!.slug}`)
			await expect(page.getByTestId('stock-line')).toHaveText(text)
		}

		// Added to the cart from the English page: the cart and the checkout repeat it.
		await waitForHydration(page)
		await page.getByRole('button', { name: 'Add to cart' }).click()
		await expect.poll(() => page.evaluate(() => localStorage.getItem('cart') ?? '')).toContain('"leadTimeDays":12')
		await page.goto('/en/cart')
		await expect(page.locator(`[data-line-id="${product!.id}"]`).getByTestId('line-lead-time')).toHaveText('Made to order: ships in 12 working days')
		await page.goto('/en/checkout')
		await expect(page.locator(`[data-line-id="${product!.id}"]`).getByTestId('line-lead-time')).toHaveText('Made to order: ships in 12 working days')
	} finally {
		await database.db.delete(products).where(eq(products.id, product!.id))
		await database.db.delete(categories).where(eq(categories.id, category!.id))
	}
})
