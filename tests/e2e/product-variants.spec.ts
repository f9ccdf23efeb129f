import crypto from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { categories, orderItems, orders, products, translations } from '#db/schema/index.ts'
import { sourceHash } from '#server/translation/cache.ts'
import { getVariantsForEdit, listProductVariants, saveProductVariants } from '#server/catalog/variants.ts'
import { variantsFormSchema } from '#domain/forms/admin-variants.ts'
import { parseSubmission } from '#domain/forms/submission.ts'
import { nextDay, shopDay } from '#domain/shop-calendar.ts'
import { expect, SCAN_VIEWPORTS, test, waitForHydration } from './fixtures.ts'
import { payWithTestCardInSpanish, placeSpanishOrder } from './spanish-checkout.ts'

/**
 * ADR 0264: the owner gives a candle two sizes in the admin; a Spanish visitor picks the large one
 * (the address keeps the choice), buys it, and only its stock falls; once it is sold out the small
 * one still sells.
 */
test('a candle in two sizes: added in the admin, the large one bought in Spanish takes only its own stock, and the small one sells after it is gone', async ({
	page,
	database,
	createUser,
	signIn,
}) => {
	const id = crypto.randomBytes(4).toString('hex')
	const email = `marimi-${id}@example.com`
	const name = `Lumânare mărimi ${id}`
	const [category] = await database.db
		.insert(categories)
		.values({ name: `Mărimi ${id}`, slug: `marimi-${id}` })
		.returning()
	const [product] = await database.db
		.insert(products)
		.values({ slug: `lumanare-marimi-${id}`, name, kind: 'candle', categoryId: category!.id, priceCents: 2000, stock: 4 })
		.returning()
	// The editor's Spanish for the product's name and its option's texts, as the translations screen saves it.
	const spanish = { [name]: `Vela tamaños ${id}`, Mărime: 'Tamaño', Mică: 'Pequeña', Mare: 'Grande' }
	const translationRows = Object.entries(spanish).map(([source, text]) => ({
		sourceHash: sourceHash(source),
		context: source === name ? 'product.name' : 'product.option',
		locale: 'es',
		sourceText: source,
		overrideText: text,
		overrideAt: new Date(),
	}))
	await database.db.insert(translations).values(translationRows).onConflictDoNothing()
	const variants = () =>
		database.db
			.select({ id: products.id, values: products.optionValues, stock: products.stock, sku: products.sku })
			.from(products)
			.where(eq(products.variantOf, product!.id))
			.orderBy(products.variantPosition)
	try {
		await signIn(page, await createUser({ roles: ['admin'] }))
		await page.goto(`/admin/products/${product!.id}`)
		await waitForHydration(page)
		const section = page.getByTestId('variants-section')
		await section.getByRole('button', { name: 'Adaugă variante' }).click()
		await section.getByLabel('Opțiuni').fill('Mărime')
		await section.getByLabel('Valori, Variantă nouă 1').fill('Mică')
		await section.getByLabel('SKU, Variantă nouă 1').fill(`S-${id}`)
		await section.getByLabel('Preț (€), Variantă nouă 1').fill('18,90')
		await section.getByLabel('Stoc, Variantă nouă 1').fill('5')
		await section.getByLabel('Valori, Variantă nouă 2').fill('Mare')
		await section.getByLabel('SKU, Variantă nouă 2').fill(`L-${id}`)
		await section.getByLabel('Preț (€), Variantă nouă 2').fill('34,9O')
		await section.getByLabel('Stoc, Variantă nouă 2').fill('1')
		// A mistyped price is refused on its field, and what was typed stays.
		await section.getByRole('button', { name: 'Salvează variantele' }).click()
		await expect(section.getByLabel('Preț (€), Variantă nouă 2')).toHaveAttribute('aria-invalid', 'true')
		await expect(section.getByLabel('Valori, Variantă nouă 1')).toHaveValue('Mică')
		expect(await variants()).toEqual([])
		await section.getByLabel('Preț (€), Variantă nouă 2').fill('34,90')
		await section.getByRole('button', { name: 'Salvează variantele' }).click()
		await expect(page.getByText('Variantele au fost salvate')).toBeVisible()
		await expect(section.getByLabel('Preț (€), Mare')).toHaveValue('34,90')
		await expect(page.getByTestId('priced-by-variants')).toBeVisible()
		const [small, large] = await variants()
		expect([small, large]).toEqual([
			{ id: expect.any(String), values: ['Mică'], stock: 5, sku: `S-${id}` },
			{ id: expect.any(String), values: ['Mare'], stock: 1, sku: `L-${id}` },
		])
		await page.setViewportSize(SCAN_VIEWPORTS[0])
		await page.screenshot({ path: 'test-results/variants-admin-phone.png', fullPage: true })
		await page.setViewportSize(SCAN_VIEWPORTS[1])
		await page.screenshot({ path: 'test-results/variants-admin-desktop.png', fullPage: true })

		// A visitor: the catalogue shows the product once, from its cheaper size.
		await page.context().clearCookies()
		await page.goto(`/es/catalog?category=${category!.slug}`)
		const card = page.getByTestId('product-card')
		await expect(card).toHaveCount(1)
		await expect(card).toContainText('Desde 18,90 €')

		for (const viewport of SCAN_VIEWPORTS) {
			await page.setViewportSize(viewport)
			await page.goto(`/es/product/${product!.slug}`)
			await waitForHydration(page)
			const picker = page.getByTestId('variant-picker')
			await expect(picker.getByRole('group', { name: 'Tamaño' })).toBeVisible()
			await expect(picker.getByRole('link', { name: 'Pequeña' })).toHaveAttribute('aria-current', 'true')
			await expect(page.getByTestId('product-price')).toHaveText('18,90 €')
			await picker.getByRole('link', { name: 'Grande' }).click()
			await expect(page).toHaveURL(new RegExp(`\\?variant=${large!.id}$`))
			await expect(page.getByTestId('product-price')).toHaveText('34,90 €')
			await expect(picker.getByRole('link', { name: 'Grande' })).toHaveAttribute('aria-current', 'true')
			await expect(page.getByTestId('variant-sku')).toContainText(`L-${id}`)
			await page.screenshot({ path: `test-results/variants-product-es-${viewport.name}.png`, fullPage: true })
		}
		// The page describes the product group and each size.
		const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>)
		const group = jsonLd.find((item) => item['@type'] === 'ProductGroup') as { hasVariant: { sku: string; offers: { price: string } }[]; variesBy: string[] }
		expect(group.variesBy).toEqual(['https://schema.org/size'])
		expect(group.hasVariant.map((variant) => [variant.sku, variant.offers.price])).toEqual([
			[`S-${id}`, '18.90'],
			[`L-${id}`, '34.90'],
		])

		// The large one bought: its name in Spanish in the cart, its own stock taken.
		await page.getByRole('button', { name: 'Añadir al carrito' }).click()
		await expect.poll(() => page.evaluate(() => localStorage.getItem('cart') ?? '')).toContain(large!.id)
		await page.goto('/es/cart')
		await expect(page.locator(`[data-line-id="${large!.id}"]`)).toContainText(`Vela tamaños ${id} — Grande`)
		await page.goto('/es/checkout')
		await waitForHydration(page)
		await placeSpanishOrder(page, email)
		await payWithTestCardInSpanish(page)
		await expect.poll(async () => (await variants()).map((variant) => variant.stock)).toEqual([5, 0])

		// Sold out: the large one says so and cannot be added; the small one still sells.
		await page.goto(`/es/product/${product!.slug}?variant=${large!.id}`)
		await waitForHydration(page)
		await expect(page.getByTestId('stock-line')).toHaveText('Agotado')
		await expect(page.getByRole('button', { name: 'Añadir al carrito' })).toBeDisabled()
		await page.getByTestId('variant-picker').getByRole('link', { name: 'Pequeña' }).click()
		await expect(page).toHaveURL(new RegExp(`\\?variant=${small!.id}$`))
		await page.getByRole('button', { name: 'Añadir al carrito' }).click()
		await expect.poll(() => page.evaluate(() => localStorage.getItem('cart') ?? '')).toContain(small!.id)
		await page.goto('/es/checkout')
		await waitForHydration(page)
		await placeSpanishOrder(page, email)
		await payWithTestCardInSpanish(page)
		await expect.poll(async () => (await variants()).map((variant) => variant.stock)).toEqual([4, 0])
		const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.email, email))
		const lines = await database.db
			.select({ productId: orderItems.productId, name: orderItems.name, unitPriceCents: orderItems.unitPriceCents })
			.from(orderItems)
			.where(
				inArray(
					orderItems.orderId,
					placed.map((order) => order.id),
				),
			)
		expect(lines.sort((a, b) => a.unitPriceCents - b.unitPriceCents)).toEqual([
			{ productId: small!.id, name: `${name} — Mică`, unitPriceCents: 1890 },
			{ productId: large!.id, name: `${name} — Mare`, unitPriceCents: 3490 },
		])
	} finally {
		await database.db.delete(orders).where(eq(orders.email, email))
		await database.db.delete(products).where(eq(products.variantOf, product!.id))
		await database.db.delete(products).where(eq(products.id, product!.id))
		await database.db.delete(categories).where(eq(categories.id, category!.id))
		for (const row of translationRows)
			await database.db.delete(translations).where(and(eq(translations.sourceHash, row.sourceHash), eq(translations.context, row.context)))
	}
})

/** ADR 0264 with ADR 0245/0246: one size put on sale in the variants form; the storefront announces it with its 30-day low. */
test('one size on sale: set in the variants form, announced with its 30-day low on its page, and the product listed from it', async ({
	page,
	database,
	createUser,
	signIn,
}) => {
	const id = crypto.randomBytes(4).toString('hex')
	const [category] = await database.db
		.insert(categories)
		.values({ name: `Reduceri mărimi ${id}`, slug: `reduceri-marimi-${id}` })
		.returning()
	const [product] = await database.db
		.insert(products)
		.values({ slug: `lumanare-redusa-${id}`, name: `Lumânare redusă ${id}`, kind: 'candle', categoryId: category!.id, priceCents: 2000, stock: 4 })
		.returning()
	try {
		const loaded = (await getVariantsForEdit(database.db, product!.id))!
		const form = new FormData()
		form.set('variantsStamp', loaded.stamp)
		form.set('optionNames', 'Mărime')
		for (const [values, price] of [
			['Mică', '18,90'],
			['Mare', '34,90'],
		] as const) {
			for (const [field, value] of Object.entries({ variantId: '', variantValues: values, variantSku: '', variantPrice: price, variantSalePrice: '' }))
				form.append(`${field}[]`, value)
			for (const field of ['variantStock', 'variantLoadedStock', 'variantWeight', 'variantImage'])
				form.append(`${field}[]`, field === 'variantStock' ? '5' : '')
		}
		const parsed = parseSubmission(variantsFormSchema, form)
		if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
		await saveProductVariants(database.db, product!.id, parsed.value)

		await signIn(page, await createUser({ roles: ['admin'] }))
		await page.goto(`/admin/products/${product!.id}`)
		await waitForHydration(page)
		const section = page.getByTestId('variants-section')
		const today = shopDay(new Date())
		await section.getByLabel('Preț redus (€), Mare').fill('14,90')
		await section.getByRole('button', { name: 'Salvează variantele' }).click()
		// A reduced price needs its days: refused on the first day's field, and what was typed stays.
		await expect(section.getByLabel('Prima zi a reducerii')).toHaveAttribute('aria-invalid', 'true')
		await expect(section.getByLabel('Preț redus (€), Mare')).toHaveValue('14,90')
		await section.getByLabel('Prima zi a reducerii').fill(today)
		await section.getByLabel('Ultima zi a reducerii').fill(nextDay(nextDay(today)))
		await section.getByRole('button', { name: 'Salvează variantele' }).click()
		await expect(page.getByText('Variantele au fost salvate')).toBeVisible()
		await expect(section.getByLabel('Preț redus (€), Mare')).toHaveValue('14,90')
		await expect(section.getByLabel('Prima zi a reducerii')).toHaveValue(today)

		await page.context().clearCookies()
		await page.goto(`/es/catalog?category=${category!.slug}`)
		await expect(page.getByTestId('product-card')).toContainText('Desde 14,90 €')
		const large = (await listProductVariants(database.db, product!.id)).find((variant) => variant.optionValues[0] === 'Mare')!
		for (const viewport of SCAN_VIEWPORTS) {
			await page.setViewportSize(viewport)
			await page.goto(`/es/product/${product!.slug}?variant=${large.id}`)
			await expect(page.getByTestId('product-price')).toContainText('14,90 €')
			await expect(page.getByTestId('prior-price')).toHaveText('34,90 €')
			await expect(page.getByTestId('prior-price-note')).toHaveText('Precio más bajo de los 30 días anteriores a la rebaja: 34,90 €')
			await page.screenshot({ path: `test-results/variants-sale-es-${viewport.name}.png`, fullPage: true })
		}
		// The small size is not on sale: its page announces nothing.
		await page.goto(`/es/product/${product!.slug}`)
		await expect(page.getByTestId('product-price')).toHaveText('18,90 €')
		await expect(page.getByTestId('prior-price')).toHaveCount(0)
	} finally {
		await database.db.delete(products).where(eq(products.variantOf, product!.id))
		await database.db.delete(products).where(eq(products.id, product!.id))
		await database.db.delete(categories).where(eq(categories.id, category!.id))
	}
})
