import { eq, inArray } from 'drizzle-orm'
import { products, translations } from '#db/schema/index.ts'
import { sourceHash } from '#server/translation/cache.ts'
import { createTestCatalog } from './catalog-data.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/**
 * ADR 0136–0138 in a browser, in en, ro and es: the header's search box (accents optional),
 * sorting kept in the URL, breadcrumbs with BreadcrumbList JSON-LD, the product's attributes, the
 * photo gallery, related products and the sold-out state on cards and pages.
 */
const LOCALES = ['en', 'ro', 'es'] as const

const TEXT = {
	en: {
		search: 'Search the shop',
		heading: 'Search: “',
		sort: 'Sort by',
		priceAsc: 'Price: low to high',
		crumbs: 'Breadcrumb',
		home: 'Home',
		shop: 'Shop',
		next: 'Next image',
		imageOf: (i: number, n: number) => `Image ${i} of ${n}`,
		soldOut: 'Sold out',
		outOfStock: 'Out of stock',
		addToCart: 'Add to cart',
		scent: 'Scent',
		lavender: 'Lavender',
		container: 'Container',
		metal: 'Metal tin',
		related: 'You may also like',
		burnTime: ['Burn time', '40 hours'],
		size: ['Size (W × H × D)', '8 × 9.5 × 8 cm'],
		weight: ['Weight', '1.25 kg'],
		smellsLikeTerm: 'Smells like',
		smellsLike: 'Lavender, sage',
		waxColor: 'Lilac',
	},
	ro: {
		search: 'Caută în magazin',
		heading: 'Căutare: „',
		sort: 'Sortează după',
		priceAsc: 'Preț crescător',
		crumbs: 'Cale de navigare',
		home: 'Acasă',
		shop: 'Magazin',
		next: 'Imaginea următoare',
		imageOf: (i: number, n: number) => `Imaginea ${i} din ${n}`,
		soldOut: 'Stoc epuizat',
		outOfStock: 'Stoc epuizat',
		addToCart: 'Adaugă în coș',
		scent: 'Parfum',
		lavender: 'Lavandă',
		container: 'Recipient',
		metal: 'Cutie metalică',
		related: 'Ți-ar mai putea plăcea',
		burnTime: ['Timp de ardere', '40 de ore'],
		size: ['Dimensiuni (L × Î × A)', '8 × 9,5 × 8 cm'],
		weight: ['Greutate', '1,25 kg'],
		smellsLikeTerm: 'Miroase a',
		smellsLike: 'Lavandă, salvie',
		waxColor: 'Lila',
	},
	es: {
		search: 'Buscar en la tienda',
		heading: 'Búsqueda: «',
		sort: 'Ordenar por',
		priceAsc: 'Precio: de menor a mayor',
		crumbs: 'Ruta de navegación',
		home: 'Inicio',
		shop: 'Tienda',
		next: 'Imagen siguiente',
		imageOf: (i: number, n: number) => `Imagen ${i} de ${n}`,
		soldOut: 'Agotado',
		outOfStock: 'Agotado',
		addToCart: 'Añadir al carrito',
		scent: 'Aroma',
		lavender: 'Lavanda',
		container: 'Recipiente',
		metal: 'Lata metálica',
		related: 'También te puede gustar',
		burnTime: ['Tiempo de combustión', '40 horas'],
		size: ['Tamaño (an. × al. × pr.)', '8 × 9,5 × 8 cm'],
		weight: ['Peso', '1,25 kg'],
		smellsLikeTerm: 'Huele a',
		smellsLike: 'Lavanda, salvia',
		waxColor: 'Lila claro',
	},
} as const

/** This test's own attribute texts (tagged, so tests running alongside never share a translation). */
const smellsLike = (tag: string, locale: (typeof LOCALES)[number] = 'ro') => `${TEXT[locale].smellsLike} ${tag}`
const waxColor = (tag: string, locale: (typeof LOCALES)[number] = 'ro') => `${TEXT[locale].waxColor} ${tag}`

test.describe('search, sorting and product details', () => {
	let data: Awaited<ReturnType<typeof createTestCatalog>>
	let woven: typeof products.$inferSelect
	let cheap: typeof products.$inferSelect
	test.beforeEach(async ({ database }) => {
		data = await createTestCatalog(database.db)
		const [demo] = await database.db.select({ images: products.images }).from(products).where(eq(products.slug, 'lumanare-vanilie-si-santal'))
		expect(demo!.images.length).toBeGreaterThanOrEqual(2)
		;[woven, cheap] = (await database.db
			.insert(products)
			.values([
				{
					slug: `e2e-tesuta-${data.tag}`,
					name: `Lumânare Țesută ${data.tag}`,
					description: 'Ceară de soia și lavandă.',
					kind: 'candle',
					categoryId: data.subA.id,
					priceCents: 3000,
					stock: 5,
					images: demo!.images.slice(0, 2),
					scent: 'lavender',
					smellsLike: smellsLike(data.tag),
					waxColor: waxColor(data.tag),
					containerType: 'metal',
					giftWrapAvailable: true,
					burnTimeHours: 40,
					widthMm: 80,
					heightMm: 95,
					depthMm: 80,
					weightGrams: 1250,
				},
				{
					slug: `e2e-ieftina-${data.tag}`,
					name: `Lumânare Ieftină ${data.tag}`,
					description: 'Ultima bucată s-a vândut.',
					kind: 'candle',
					categoryId: data.subA.id,
					priceCents: 1000,
					stock: 0,
					images: demo!.images.slice(0, 1),
				},
			])
			.returning()) as [typeof products.$inferSelect, typeof products.$inferSelect]
		// The editor's English and Spanish for this test's own 'smells like' and wax colour (ADR 0138); the page reads them from the cache.
		await database.db.insert(translations).values(
			(['en', 'es'] as const).flatMap((locale) => [
				{
					sourceHash: sourceHash(woven.smellsLike!),
					context: 'product.smells_like',
					locale,
					sourceText: woven.smellsLike!,
					overrideText: smellsLike(data.tag, locale),
				},
				{
					sourceHash: sourceHash(woven.waxColor!),
					context: 'product.wax_color',
					locale,
					sourceText: woven.waxColor!,
					overrideText: waxColor(data.tag, locale),
				},
			]),
		)
	})
	test.afterEach(async ({ database }) => {
		await database.db.delete(translations).where(inArray(translations.sourceHash, [sourceHash(woven.smellsLike!), sourceHash(woven.waxColor!)]))
		await database.db.delete(products).where(inArray(products.id, [woven.id, cheap.id]))
		await data.cleanup()
	})

	for (const locale of LOCALES) {
		const text = TEXT[locale]
		test(`${locale}: the header's search finds 'lumânare' typed without accents; sorting stays in the URL; sold-out cards say so`, async ({ page }) => {
			await page.goto(`/${locale}`)
			await waitForHydration(page)
			const box = page.getByRole('search', { name: text.search }).getByRole('searchbox', { name: text.search })
			await box.fill(`lumanare tesuta ${data.tag}`)
			await box.press('Enter')
			await expect(page).toHaveURL(new RegExp(`/${locale}/catalog\\?q=lumanare\\+tesuta\\+${data.tag}$`))
			await expect(page.getByRole('heading', { level: 1 })).toContainText(text.heading)
			const cards = page.getByTestId('product-card')
			await expect(cards).toHaveCount(1)
			await expect(cards.getByRole('link')).toHaveText(woven.name)

			// Every product of this test's catalogue, by its tag (newest first), then by price.
			await page.goto(`/${locale}/catalog?q=${data.tag}`)
			await waitForHydration(page)
			await expect(cards).toHaveCount(5)
			await page.getByRole('combobox', { name: text.sort }).selectOption({ label: text.priceAsc })
			await expect(page).toHaveURL(new RegExp(`/${locale}/catalog\\?q=${data.tag}&sort=price-asc$`))
			await expect(cards.last().getByRole('link')).toHaveText(woven.name)
			await expect(cards.first().getByRole('link')).toHaveText(cheap.name)
			// The sold-out card says so; the others do not.
			await expect(cards.first().getByTestId('sold-out')).toHaveText(text.soldOut)
			await expect(page.getByTestId('sold-out')).toHaveCount(2) // cheap, and the test catalogue's Gamma (stock 0)
			// Reloaded, the page keeps the order and shows it chosen.
			await page.reload()
			await expect(page.getByRole('combobox', { name: text.sort })).toHaveValue('price-asc')
			await expect(cards.last().getByRole('link')).toHaveText(woven.name)
		})

		test(`${locale}: breadcrumbs and their JSON-LD, every attribute, the gallery, related products and the sold-out page`, async ({ page }) => {
			const response = await page.goto(`/${locale}/product/${woven.slug}`)
			expect(response?.status()).toBe(200)
			await waitForHydration(page)
			const crumbs = page.getByRole('navigation', { name: text.crumbs })
			await expect(crumbs.getByRole('listitem')).toHaveText(
				[text.home, text.shop, data.top.name, data.subA.name, woven.name].map((name, i) => (i ? `›${name}` : name)),
			)
			await expect(crumbs.getByRole('link', { name: data.subA.name })).toHaveAttribute(
				'href',
				`/${locale}/catalog?category=${data.top.slug}&subcategory=${data.subA.slug}`,
			)
			const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text))
			const breadcrumbLd = jsonLd.find((item) => item['@type'] === 'BreadcrumbList')
			expect(breadcrumbLd.itemListElement.map((item: { position: number; name: string }) => [item.position, item.name])).toEqual([
				[1, text.home],
				[2, text.shop],
				[3, data.top.name],
				[4, data.subA.name],
				[5, woven.name],
			])
			expect(breadcrumbLd.itemListElement[3].item).toMatch(
				new RegExp(`^https?://[^/]+/${locale}/catalog\\?category=${data.top.slug}&subcategory=${data.subA.slug}$`),
			)
			expect(breadcrumbLd.itemListElement[4].item).toMatch(new RegExp(`/${locale}/product/${woven.slug}$`))

			const details = page.getByTestId('product-details')
			await expect(details.getByRole('term')).toContainText([text.scent])
			await expect(details).toContainText(`${text.scent}${text.lavender}`)
			await expect(details).toContainText(`${text.container}${text.metal}`)
			// The owner's free text in the visitor's language (the editor's translation; Romanian as written).
			await expect(details).toContainText(`${text.smellsLikeTerm}${smellsLike(data.tag, locale)}`)
			await expect(details).toContainText(waxColor(data.tag, locale))
			if (locale !== 'ro') await expect(details).not.toContainText(smellsLike(data.tag, 'ro'))
			// Burn time, size and weight, numbers and units written the visitor's way.
			for (const [term, value] of [text.burnTime, text.size, text.weight]) {
				await expect(details.getByRole('term').filter({ hasText: term })).toHaveCount(1)
				await expect(details).toContainText(`${term}${value}`)
			}
			const productLd = jsonLd.find((item) => item['@type'] === 'Product')
			expect(productLd.weight).toEqual({ '@type': 'QuantitativeValue', value: 1250, unitCode: 'GRM' })
			expect([productLd.width.value, productLd.height.value, productLd.depth.value]).toEqual([80, 95, 80])
			expect(productLd.additionalProperty).toEqual([{ '@type': 'PropertyValue', name: text.burnTime[0], value: 40, unitCode: 'HUR' }])

			// The gallery: buttons with names, the arrow keys, the current photo announced.
			const gallery = page.getByRole('region', { name: /./ }).filter({ has: page.getByRole('button', { name: text.next }) })
			const status = page.getByTestId('gallery-status')
			await expect(status).toHaveText(text.imageOf(1, 2))
			await gallery.getByRole('button', { name: text.next }).click()
			await expect(status).toHaveText(text.imageOf(2, 2))
			await expect(gallery.getByRole('button', { pressed: true })).toHaveCount(1)
			await gallery.getByRole('button', { pressed: true }).focus()
			await page.keyboard.press('ArrowRight')
			await expect(status).toHaveText(text.imageOf(1, 2))
			await page.keyboard.press('ArrowLeft')
			await expect(status).toHaveText(text.imageOf(2, 2))
			await expect(gallery.locator('img').first()).toHaveAttribute('src', woven.images[1]!)

			const related = page.getByTestId('related-products')
			await expect(related.getByRole('heading', { level: 2 })).toHaveText(text.related)
			await expect(related.getByRole('link', { name: cheap.name })).toBeVisible()
			await expect(related.getByTestId('product-card').filter({ hasText: cheap.name }).getByTestId('sold-out')).toHaveText(text.soldOut)

			// The sold-out product's own page.
			await related.getByRole('link', { name: cheap.name }).click()
			await expect(page).toHaveURL(new RegExp(`/${locale}/product/${cheap.slug}$`))
			await expect(page.getByTestId('stock-line')).toHaveText(text.outOfStock)
			await expect(page.getByRole('button', { name: text.addToCart })).toBeDisabled()

			// The category crumb opens the subcategory, which lists the product.
			await page.getByRole('navigation', { name: text.crumbs }).getByRole('link', { name: data.subA.name }).click()
			await expect(page).toHaveURL(new RegExp(`/${locale}/catalog\\?category=${data.top.slug}&subcategory=${data.subA.slug}$`))
			await expect(page.getByTestId('product-card').getByRole('link', { name: woven.name })).toBeVisible()
		})
	}
})
