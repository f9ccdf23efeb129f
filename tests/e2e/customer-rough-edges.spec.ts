import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { orders, products, uploads, users } from '#db/schema/index.ts'
import { issueCreditNote, issueInvoice } from '#server/invoices/issue.ts'
import { uniqueEmail } from '../support/accounts.ts'
import { png } from '../support/images.ts'
import { testInvoicing } from '../support/checkout-fixtures.ts'
import { expect, storedCart, test, useLanguage, waitForHydration } from './cart-fixtures.ts'
import { mailsTo } from './mail.ts'
import { orderFixtures } from './order-fixtures.ts'

/** The first link in a mail to `email` whose path ends with `path`, polled until the outbox wrote it. */
async function linkFromMail(email: string, path: string): Promise<URL> {
	const pattern = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w.-]+`)
	const find = async () => {
		for (const text of await mailsTo(email)) {
			const match = pattern.exec(text)
			if (match) return match[0]
		}
		return ''
	}
	await expect.poll(find, { timeout: 15_000 }).not.toBe('')
	return new URL(await find())
}

test.describe('guest orders join the account once its address is verified', () => {
	test('sign-up mails a verification link in the customer’s language; only then are guest orders and their documents the account’s', async ({
		page,
		baseURL,
		database,
		signIn,
	}) => {
		const email = uniqueEmail('guest-then-account')
		const fixtures = orderFixtures(database)
		try {
			// Placed as a guest, before the account existed; invoiced and partly refunded.
			const order = await fixtures.create(email)
			await database.db.update(orders).set({ testMode: true }).where(eq(orders.id, order.id))
			const invoice = await database.db.transaction((tx) => issueInvoice(tx, testInvoicing, order.id))
			const creditNote = await database.db.transaction((tx) =>
				issueCreditNote(tx, { orderId: order.id, refundId: `re_${order.id}`, amountCents: 1000, reason: 'Ceară ciobită' }),
			)

			await useLanguage(page, baseURL!, 'es')
			await page.goto('/es/login?tab=signup')
			await waitForHydration(page)
			await page.getByLabel('Correo electrónico').fill(email)
			await page.getByLabel('Contraseña').fill('lantern-orchard-42')
			await page.getByRole('button', { name: 'Crear cuenta' }).click()
			await expect(page.getByText('Te hemos enviado un email para confirmar tu dirección.').first()).toBeVisible()

			const link = await linkFromMail(email, '/verify-email')
			expect((await mailsTo(email)).join('\n')).toContain('Abre este enlace para confirmar que esta dirección de email es tuya')
			// The link opens the page in the language the email was written in.
			expect(link.pathname).toBe('/es/verify-email')

			// Signed in but not verified: the page says why the guest order is missing, and its documents stay closed.
			const [account] = await database.db.select().from(users).where(eq(users.email, email))
			await signIn(page, { id: account!.id, email, password: 'lantern-orchard-42', name: '' })
			await page.goto('/es/account')
			await expect(page.getByTestId('verify-email-note')).toContainText('Los pedidos que hiciste antes sin cuenta con esta dirección aparecen aquí')
			await expect(page.getByTestId('account-order')).toHaveCount(0)
			expect((await page.request.get(`/account/invoices/${invoice.number}.pdf`)).status()).toBe(404)
			expect((await page.request.get(`/account/invoices/${creditNote.number}.pdf`)).status()).toBe(404)
			expect((await page.request.get(`/es/order/${order.id}`)).status()).toBe(404)

			await page.goto(link.pathname + link.search)
			await waitForHydration(page)
			await page.getByRole('button', { name: 'Confirmar mi dirección' }).click()
			await expect(page).toHaveURL(/\/es\/account$/)
			await expect(page.getByText('Dirección confirmada').first()).toBeVisible()
			await expect(page.getByTestId('verify-email-note')).toHaveCount(0)
			await expect(page.getByTestId('account-order')).toHaveCount(1)
			await expect(page.getByTestId('account-invoice')).toHaveCount(2)
			for (const document of [invoice, creditNote]) {
				const pdf = await page.request.get(`/account/invoices/${document.number}.pdf`)
				expect(pdf.status()).toBe(200)
				expect(pdf.headers()['content-type']).toBe('application/pdf')
			}
		} finally {
			await fixtures.cleanup()
			await database.db.delete(users).where(eq(users.email, email))
		}
	})

	test('a forged or tampered verification link verifies nothing', async ({ page, baseURL, database, createUser, signIn }) => {
		const user = await createUser()
		await useLanguage(page, baseURL!, 'en')
		await signIn(page, user)
		await page.goto('/en/account')
		await waitForHydration(page)
		await page.getByRole('button', { name: 'Send the confirmation email again' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'We sent you a new confirmation email.' })).toBeVisible()
		const link = await linkFromMail(user.email, '/verify-email')
		const token = link.searchParams.get('token')!
		await page.goto(`/en/verify-email?token=${token.slice(0, -2)}xx`)
		await waitForHydration(page)
		await page.getByRole('button', { name: 'Confirm my address' }).click()
		await expect(page.getByRole('alert')).toHaveText('This confirmation link is not valid or has expired.')
		const [row] = await database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, user.id))
		expect(row!.verified).toBe(false)
	})
})

test.describe('quantities are said, not silently changed', () => {
	test('asking for more candles than are left says how many can be added, in the customer’s language', async ({ page, baseURL, makeProduct }) => {
		const candle = await makeProduct({ name: 'Vela de cera', priceCents: 1500, stock: 9 })
		await useLanguage(page, baseURL!, 'es')
		await page.goto(`/es/product/${candle.slug}`)
		await waitForHydration(page)
		const quantity = page.getByLabel('Cantidad', { exact: true })
		await quantity.fill('50')
		await expect(page.getByTestId('quantity-notice')).toHaveText('Puedes añadir como máximo 9 más: es todo lo que nos queda.')
		await page.getByRole('button', { name: 'Añadir al carrito' }).click()
		await expect(page.getByTestId('quantity-notice')).toHaveText('Pediste 50, pero solo quedaban 9: ya tienes 9 en tu carrito.')
		await expect
			.poll(() => storedCart(page))
			.toEqual([expect.objectContaining({ id: candle.id, line: { kind: 'product', productId: candle.id, quantity: 9 } })])
	})

	test('a portrait line over the cap is refused by the server, beside the line, with the cap named', async ({ page, baseURL, database }) => {
		const [upload] = await database.db
			.insert(uploads)
			.values({ storageKey: `portraits/e2e-cap-${crypto.randomBytes(4).toString('hex')}.webp`, mimeType: 'image/webp', size: 100 })
			.returning()
		const email = `cap-${crypto.randomBytes(4).toString('hex')}@example.com`
		try {
			await useLanguage(page, baseURL!, 'en')
			await page.goto('/en')
			// A cart saved before the cap, or edited by hand: 999 portraits.
			await page.evaluate((uploadId) => {
				const line = {
					kind: 'portrait',
					options: { size: '18x24', persons: '2', withCar: false, withPet: false, frame: 'premium', description: '' },
					uploadId,
					quantity: 999,
				}
				localStorage.setItem('cart', JSON.stringify([{ id: `portrait-${Date.now()}`, line, name: 'Portrait', price: 2990, image: null }]))
			}, upload!.id)
			await page.goto('/en/checkout')
			await waitForHydration(page)
			await page.getByLabel('Full name').fill('Ana Popescu')
			await page.getByLabel('Email').fill(email)
			await page.getByLabel('Phone').fill('+40 712 345 678')
			await page.getByLabel('Address').fill('Str. Lalelelor 3')
			await page.getByLabel('City').fill('Cluj-Napoca')
			await page.getByLabel('Postal code').fill('400001')
			await page.getByRole('button', { name: 'Place order' }).click()
			await expect(page.getByRole('main').getByRole('alert')).toContainText(
				'Cardboard portrait 18x24 cm: at most 10 copies of one portrait per order, as each is painted by hand.',
			)
			await expect(page).toHaveURL(/\/en\/checkout$/)
			expect(await database.db.select({ id: orders.id }).from(orders).where(eq(orders.email, email))).toEqual([])
		} finally {
			await database.db.delete(uploads).where(eq(uploads.id, upload!.id))
		}
	})
})

test('search finds the singular and the plural alike, in each language', async ({ page, baseURL, makeProduct }) => {
	const tag = `t${crypto.randomBytes(3).toString('hex')}9`
	const single = await makeProduct({ name: `Vela candle lumânare ${tag}`, priceCents: 1200, stock: 5 })
	const set = await makeProduct({ name: `Juego de velas candles lumânări ${tag}`, priceCents: 3200, stock: 5 })
	const searches = { es: ['vela', 'velas'], en: ['candle', 'candles'], ro: ['lumânare', 'lumânări'] } as const
	for (const [locale, words] of Object.entries(searches)) {
		await useLanguage(page, baseURL!, locale as keyof typeof searches)
		for (const word of words) {
			await page.goto(`/${locale}/catalog?q=${encodeURIComponent(`${word} ${tag}`)}`)
			await expect(page.getByTestId('product-card'), `${locale}: ${word}`).toHaveCount(2)
			await expect(page.getByTestId('product-card').filter({ hasText: single.name })).toHaveCount(1)
			await expect(page.getByTestId('product-card').filter({ hasText: set.name })).toHaveCount(1)
		}
	}
})

test('the Spanish contact page names the shop’s country in Spanish', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'es')
	await page.goto('/es/contact')
	await expect(page.getByRole('main').getByText('Rumanía', { exact: true })).toBeVisible()
	await expect(page.getByRole('main')).not.toContainText('România')
})

test('on a phone the enlarged photo is bigger than the page’s, and its buttons keep to one line', async ({ page, baseURL, database, makeProduct }) => {
	const candle = await makeProduct({ name: 'Zoom candle', priceCents: 1500, stock: 3 })
	await database.db
		.update(products)
		.set({ images: ['/apple-touch-icon.png', '/favicon.svg'] })
		.where(eq(products.id, candle.id))
	await page.setViewportSize({ width: 375, height: 740 })
	await useLanguage(page, baseURL!, 'en')
	await page.goto(`/en/product/${candle.slug}`)
	await waitForHydration(page)
	const enlarge = page.getByRole('button', { name: /Enlarge image/ })
	const pageWidth = (await enlarge.boundingBox())!.width
	await enlarge.click()
	const dialog = page.getByRole('dialog', { name: candle.name })
	await expect(dialog).toBeVisible()
	const enlarged = dialog.getByRole('img', { name: candle.name })
	await expect.poll(async () => (await enlarged.boundingBox())?.width ?? 0).toBeGreaterThan(pageWidth * 1.5)
	// Previous, next and close side by side: one row of 44 px buttons.
	const buttons = dialog.getByTestId('zoom-toolbar').getByRole('button')
	await expect(buttons).toHaveCount(3)
	const tops = await buttons.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)))
	expect(new Set(tops).size).toBe(1)
	await dialog.getByRole('button', { name: 'Next image' }).click()
	await dialog.getByRole('button', { name: 'Close' }).click()
	await expect(dialog).toBeHidden()
})

test('emptying a cart is asked first, and a portrait’s uploaded photo waits on the customiser instead of being thrown away', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'es')
	await page.goto('/es/customize-portrait')
	await waitForHydration(page)
	await page.getByLabel('Tu foto').setInputFiles({ name: 'familia.png', mimeType: 'image/png', buffer: await png() })
	await expect(page.getByRole('img', { name: 'Tu foto' })).toBeVisible()
	await page.getByRole('main').getByRole('button', { name: 'Añadir al carrito' }).click()
	await expect.poll(() => storedCart(page)).toHaveLength(1)
	const [added] = (await storedCart(page)) as { line: { uploadId: string } }[]

	await page.goto('/es/cart')
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Vaciar carrito' }).click()
	await expect(page.getByRole('alertdialog')).toHaveText(/La foto que subiste te espera en la página del retrato/)
	await page.getByRole('button', { name: 'Sí, vaciar el carrito' }).click()
	await expect(page.getByRole('heading', { name: 'Tu carrito está vacío' })).toBeVisible()

	// The customiser offers the same upload again, and says where it comes from.
	await page.goto('/es/customize-portrait')
	await waitForHydration(page)
	await expect(page.getByRole('img', { name: 'Tu foto' })).toBeVisible()
	await expect(page.getByText('Es la foto del carrito que vaciaste.', { exact: false })).toBeVisible()
	await page.getByRole('main').getByRole('button', { name: 'Añadir al carrito' }).click()
	await expect.poll(async () => ((await storedCart(page)) as { line: { uploadId: string } }[] | null)?.[0]?.line.uploadId).toBe(added!.line.uploadId)
})
