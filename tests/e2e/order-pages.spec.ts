import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import type { DatabaseHandle } from '#db/client.ts'
import { emailOutbox, orders, products, uploads } from '#db/schema/index.ts'
import es from '#domain/i18n/resources/es.ts'
import { orderPageKey } from '#server/orders/order-page.ts'
import { loadAppSecret } from '#server/secret.ts'
import { setContentTranslationOverride } from '#server/translation/content.ts'
import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, useLanguage, waitForHydration } from './fixtures.ts'
import { orderFixtures } from './order-fixtures.ts'
import { payWithTestCardInSpanish, placeSpanishOrder } from './spanish-checkout.ts'

/**
 * ADR 0134: a customer reads their order in their language everywhere; ADR 0135: each order has a
 * page its owner opens from the emailed link, and nobody else can.
 */

/** A candle whose Romanian name has a Spanish one (an editor's), and a portrait photo. */
async function spanishCandle(database: DatabaseHandle) {
	const suffix = crypto.randomBytes(4).toString('hex')
	const [candle] = await database.db
		.insert(products)
		.values({ slug: `vela-e2e-${suffix}`, name: `Lumânare Cedru ${suffix}`, kind: 'candle', priceCents: 4500, stock: 3, images: [] })
		.returning()
	await setContentTranslationOverride(
		{ db: database.db, translation: undefined as never },
		{ kind: 'product', id: candle!.id, field: 'name', locale: 'es', text: `Vela de cedro ${suffix}` },
	)
	const [upload] = await database.db
		.insert(uploads)
		.values({ storageKey: `portraits/e2e-es-${suffix}.webp`, mimeType: 'image/webp', size: 100 })
		.returning()
	return { candle: candle!, upload: upload!, spanishName: `Vela de cedro ${suffix}` }
}

async function fillCart(page: Page, data: Awaited<ReturnType<typeof spanishCandle>>) {
	await page.goto('/es')
	await page.evaluate(
		({ candle, upload, name }) => {
			localStorage.setItem(
				'cart',
				JSON.stringify([
					{ id: candle, line: { kind: 'product', productId: candle, quantity: 2 }, name, price: 4500, image: null },
					{
						id: `portrait-${Date.now()}`,
						line: {
							kind: 'portrait',
							options: { size: '13x18', persons: '2', withCar: false, withPet: true, frame: 'premium', description: '' },
							uploadId: upload,
							quantity: 1,
						},
						name: 'Retrato 13x18',
						price: 3490,
						image: null,
					},
				]),
			)
		},
		{ candle: data.candle.id, upload: data.upload.id, name: data.spanishName },
	)
}

test.describe('orders a customer can follow, in their language', () => {
	test('an order placed in Spanish is Spanish throughout: payment page, thank-you page, email and order page, with the country in Spanish', async ({
		page,
		baseURL,
		database,
		browser,
	}) => {
		const data = await spanishCandle(database)
		const email = `pedido-${crypto.randomBytes(4).toString('hex')}@example.com`
		await useLanguage(page, baseURL!, 'es')
		await fillCart(page, data)
		await page.goto('/es/checkout')
		await waitForHydration(page)
		await placeSpanishOrder(page, email)

		// The payment page names the lines as the Spanish catalogue does.
		const summary = page.getByRole('region', { name: es.testPayment.amount })
		await expect(summary).toContainText(`2 × ${data.spanishName}`)
		await expect(summary).toContainText('1 × Retrato de cartón 13x18 cm')
		await expect(page.getByRole('main')).not.toContainText('Lumânare')
		await payWithTestCardInSpanish(page)

		// The thank-you page: the lines, total, address (country in Spanish) and what happens next.
		const thanks = page.getByTestId('order-summary')
		await expect(thanks.getByTestId('order-line')).toHaveText([new RegExp(`2 × ${data.spanishName}`), /1 × Retrato de cartón 13x18 cm.*Marco:\s*Marco prémium/])
		await expect(thanks.getByTestId('order-address')).toContainText('España')
		await expect(thanks).toContainText(es.orderPage.nextText)
		await expect(page.getByRole('main')).not.toContainText(/Lumânare|Spania|Portret/)
		await expectNoSeriousA11yViolations(page)

		// The email: Spanish names, Spanish country, portrait options, and the order's signed link.
		const [order] = await database.db.select().from(orders).where(eq(orders.email, email))
		expect(order).toMatchObject({ paymentStatus: 'paid', locale: 'es' })
		await expect.poll(async () => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).length, { timeout: 15_000 }).toBe(1)
		const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))
		for (const body of [mail!.text, mail!.html!]) {
			expect(body).toContain(data.spanishName)
			expect(body).toContain('Retrato de cartón 13x18 cm')
			expect(body).toContain('Marco: Marco prémium')
			expect(body).toContain('España')
			expect(body).not.toMatch(/Lumânare|Spania|Portret/)
			// The shop's own country and the tracking number in Spanish too.
			expect(body).toContain('Rumanía')
			expect(body).toContain('Número de seguimiento')
			expect(body).not.toMatch(/România|AWB/)
		}
		expect(mail!.html).toMatch(/<html[^>]* lang="es"/)
		const link = mail!.text.match(/https?:\/\/\S+\/es\/order\/\S+/)?.[0]
		expect(link).toContain(`/es/order/${order!.id}?key=`)

		// The guest opens the order's page from the email in a browser with no session: Spanish throughout.
		const guest = await browser.newContext()
		const guestPage = await guest.newPage()
		const response = await guestPage.goto(new URL(new URL(link!).pathname + new URL(link!).search, baseURL).href)
		expect(response!.status()).toBe(200)
		expect(response!.headers()['cache-control']).toBe('private, no-store')
		expect(response!.headers()['x-robots-tag']).toContain('noindex')
		await expect(guestPage.locator('html')).toHaveAttribute('lang', 'es')
		await expect(guestPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
		await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${order!.id.slice(0, 8)}`)
		await expect(guestPage.getByTestId('order-line')).toHaveText([
			new RegExp(`2 × ${data.spanishName}`),
			/1 × Retrato de cartón 13x18 cm.*Marco:\s*Marco prémium/,
		])
		await expect(guestPage.getByTestId('order-address')).toContainText('España')
		await expect(guestPage.getByRole('main')).not.toContainText(/Lumânare|Spania|Portret/)
		await guest.close()
	})

	test('cart lines added in Romanian read in the page’s language once it changes', async ({ page, database }) => {
		const data = await spanishCandle(database)
		await page.goto('/ro')
		await page.evaluate(
			({ candle, upload, name }) => {
				localStorage.setItem(
					'cart',
					JSON.stringify([
						{ id: candle, line: { kind: 'product', productId: candle, quantity: 1 }, name, price: 4500, image: null },
						{
							id: `portrait-${Date.now()}`,
							line: {
								kind: 'portrait',
								options: { size: '13x18', persons: '2', withCar: false, withPet: true, frame: 'premium', description: '' },
								uploadId: upload,
								quantity: 1,
							},
							name: 'Portret din carton 13x18 cm',
							price: 3490,
							image: null,
						},
					]),
				)
			},
			{ candle: data.candle.id, upload: data.upload.id, name: data.candle.name },
		)
		await page.goto('/es/cart')
		const lines = page.getByRole('main').getByTestId('cart-line')
		await expect(lines).toHaveCount(2)
		await expect(lines.nth(0)).toContainText(data.spanishName)
		await expect(lines.nth(1)).toContainText('Retrato de cartón 13x18 cm')
		await expect(page.getByRole('main')).not.toContainText(/Lumânare|Portret/)
		// And back in Romanian, the Romanian names.
		await page.goto('/ro/cart')
		await expect(page.getByRole('main').getByTestId('cart-line').nth(0)).toContainText(data.candle.name)
		await expect(page.getByRole('main').getByTestId('cart-line').nth(1)).toContainText('Portret din carton 13x18 cm')
	})

	test('a guest’s order opens from its emailed link only: not without it, not with a changed or another order’s key, not for another customer', async ({
		page,
		database,
		createUser,
		signIn,
	}) => {
		const fixtures = orderFixtures(database)
		try {
			const mine = await fixtures.create(`guest-${crypto.randomBytes(4).toString('hex')}@example.com`, { portrait: true })
			const theirs = await fixtures.create(`other-${crypto.randomBytes(4).toString('hex')}@example.com`)
			// The keys the orders' emails carry, signed with the shop's secret (kept in app_settings: the e2e shop has no APP_SECRET).
			const secret = await loadAppSecret(database.db, undefined)
			const key = orderPageKey(secret, mine.id)
			const otherKey = orderPageKey(secret, theirs.id)

			const open = async (path: string) => (await page.goto(path))!.status()
			expect(await open(`/ro/order/${mine.id}?key=${key}`)).toBe(200)
			await expect(page.getByTestId('order-line')).toHaveCount(2)
			await expect(page.getByTestId('order-line').nth(1)).toContainText(/Ramă:\s*Ramă premium/)
			for (const viewport of SCAN_VIEWPORTS) {
				await page.setViewportSize(viewport)
				await expectNoSeriousA11yViolations(page)
			}
			expect(await open(`/ro/order/${mine.id}`)).toBe(404)
			expect(await open(`/ro/order/${mine.id}?key=${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBe(404)
			expect(await open(`/ro/order/${mine.id}?key=${otherKey}`)).toBe(404)
			// Another customer, signed in, and an admin, without the link.
			const other = await createUser()
			await signIn(page, other)
			expect(await open(`/ro/order/${mine.id}`)).toBe(404)
			const admin = await createUser({ roles: ['admin'] })
			await signIn(page, admin)
			expect(await open(`/ro/order/${mine.id}`)).toBe(404)
		} finally {
			await fixtures.cleanup()
		}
	})
})
