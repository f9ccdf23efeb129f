import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { checkoutReminders, emailOutbox, orders, products, stockAlerts } from '#db/schema/index.ts'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { mailsTo } from './mail.ts'

/**
 * Emails that bring customers back (ADR 0269), on a shop of its own whose checkout reminder comes
 * seconds after an unpaid checkout: a back-in-stock alert left before the page's JavaScript goes out
 * when the admin raises the stock from 0, and only a checkout whose box was ticked gets its one reminder.
 */
test.describe('back-in-stock alerts and checkout reminders', () => {
	test.describe.configure({ mode: 'default' })
	let shop: ShopProcess
	let handle: DatabaseHandle
	let dropDatabase: () => Promise<void>
	const unique = () => crypto.randomBytes(4).toString('hex')

	test.beforeAll(async () => {
		test.setTimeout(120_000)
		const database = await createTemporaryPostgresDatabase('e2e-reminders')
		dropDatabase = database.drop
		shop = await startShop({
			env: { DATABASE_URL: database.url, PAYMENTS_TEST_MODE: '1', CHECKOUT_REMINDER_DELAY_MS: '3000', CHECKOUT_REMINDER_INTERVAL_MS: '500' },
		})
		handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
	})

	test.afterAll(async () => {
		await shop?.stop()
		await handle?.close()
		await dropDatabase?.()
		if (shop) await fs.rm(shop.dataDir, { recursive: true, force: true })
	})

	const mails = (email: string) => mailsTo(email, path.join(shop.dataDir, 'mail'))

	test('an alert left on a sold-out product before JavaScript is sent once when the admin raises the stock, then forgotten', async ({ browser, page }) => {
		const id = unique()
		const [candle] = await handle.db
			.insert(products)
			.values({ slug: `e2e-alert-${id}`, name: `Lumânare Alertă ${id}`, kind: 'candle', priceCents: 2500, stock: 0, images: [] })
			.returning()
		const email = `alert-${id}@example.com`

		// Before the page's JavaScript: a plain form post to the product page.
		const noScript = await browser.newContext({ javaScriptEnabled: false })
		try {
			const visitor = await noScript.newPage()
			await visitor.goto(`${shop.url}/en/product/${candle!.slug}`)
			// The sold-out page links to the sign-up, which names the product.
			await visitor.getByRole('link', { name: 'Tell me when it is back' }).click()
			await expect(visitor.getByRole('heading', { name: 'Tell me when it is back' })).toBeVisible()
			await expect(visitor.getByRole('link', { name: `Lumânare Alertă ${id}` })).toHaveAttribute('href', `/en/product/${candle!.slug}`)
			const form = visitor.getByTestId('stock-alert')
			// An invalid address: a 4xx with a clear message, and what was typed stays.
			await form.getByLabel('Email address').fill('ana-at-example')
			const [refused] = await Promise.all([
				visitor.waitForResponse((response) => response.request().method() === 'POST'),
				form.getByRole('button', { name: 'Notify me' }).click(),
			])
			expect(refused.status()).toBe(400)
			await expect(visitor.getByRole('alert')).toHaveText('Please enter a valid email address, such as name@example.com.')
			await expect(visitor.getByTestId('stock-alert').getByLabel('Email address')).toHaveValue('ana-at-example')
			await visitor.getByTestId('stock-alert').getByLabel('Email address').fill(email)
			await visitor.getByTestId('stock-alert').getByRole('button', { name: 'Notify me' }).click()
			await expect(visitor.getByRole('status').filter({ hasText: 'We will email you once when it is back in stock' })).toBeVisible()
		} finally {
			await noScript.close()
		}
		const [stored] = await handle.db.select().from(stockAlerts).where(eq(stockAlerts.email, email))
		expect(stored).toMatchObject({ productId: candle!.id, locale: 'en', dueAt: null })

		// The admin raises the stock from 0 in the products list.
		const admin = await createTestUser(handle.db, { roles: ['admin'] })
		const cookie = await createSessionCookie(handle.db, admin.id)
		await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])
		await page.goto(`${shop.url}/admin/products?q=${id}`)
		await waitForHydration(page)
		await page.getByLabel(`Stoc pentru Lumânare Alertă ${id}`).fill('5')
		await page.getByRole('heading', { name: 'Produse' }).click()
		await expect(page.locator('[data-toast]').filter({ hasText: 'Stocul a fost actualizat' })).toBeVisible()

		await expect.poll(async () => (await mails(email)).length, { timeout: 20_000 }).toBe(1)
		const [mail] = await mails(email)
		expect(mail).toContain(`Good news: Lumânare Alertă ${id} is back in stock at Lumină & Carton.`)
		expect(mail).toContain(`/en/product/${candle!.slug}`)
		expect(await handle.db.select().from(stockAlerts).where(eq(stockAlerts.email, email))).toEqual([])
		expect(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(1)
	})

	async function checkoutWithoutPaying(page: Page, candle: { id: string; name: string }, email: string, consent: boolean) {
		await page.context().addCookies([{ name: 'lang', value: 'en', url: shop.url }])
		await page.goto(`${shop.url}/`)
		await page.evaluate((product) => {
			localStorage.removeItem('cartFormData')
			localStorage.setItem(
				'cart',
				JSON.stringify([{ id: product.id, line: { kind: 'product', productId: product.id, quantity: 2 }, name: product.name, price: 1990, image: null }]),
			)
		}, candle)
		await page.goto(`${shop.url}/en/checkout`)
		await waitForHydration(page)
		await page.getByLabel('Full name').fill('Maria Ionescu')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Phone').fill('+40 712 345 678')
		await page.getByLabel('Address').fill('Str. Lalelelor 3')
		await page.getByLabel('City').fill('Cluj-Napoca')
		await page.getByLabel('Postal code').fill('400001')
		await page.getByLabel('Country').selectOption('RO')
		const box = page.getByRole('checkbox', { name: /send me one reminder about it/ })
		await expect(box).not.toBeChecked()
		if (consent) await box.check()
		await page.getByRole('button', { name: 'Place order' }).click()
		// The payment page opens; the customer leaves without paying.
		await expect(page).toHaveURL(/\/test-payment\//)
	}

	test('an unpaid checkout with the box ticked gets exactly one reminder whose link restores the cart; one without gets none', async ({ browser }) => {
		const id = unique()
		const [candle] = await handle.db
			.insert(products)
			.values({ slug: `e2e-remind-${id}`, name: `Lumânare Reamintire ${id}`, kind: 'candle', priceCents: 1990, stock: 20, images: [] })
			.returning()
		const silent = `silent-${id}@example.com`
		const consenting = `remind-${id}@example.com`
		const first = await browser.newContext()
		const second = await browser.newContext()
		try {
			await checkoutWithoutPaying(await first.newPage(), candle!, silent, false)
			const page = await second.newPage()
			await checkoutWithoutPaying(page, candle!, consenting, true)

			await expect.poll(async () => (await mails(consenting)).length, { timeout: 30_000 }).toBe(1)
			const [order] = await handle.db.select().from(orders).where(eq(orders.email, consenting))
			const [consent] = await handle.db.select().from(checkoutReminders).where(eq(checkoutReminders.orderId, order!.id))
			expect(consent).toMatchObject({
				locale: 'en',
				consentText: 'If I do not finish this order, send me one reminder about it (once, and nothing else).',
			})
			expect(consent!.sentAt).not.toBeNull()
			// The earlier checkout without the box was due first, and got nothing.
			expect(await mails(silent)).toEqual([])
			const [silentOrder] = await handle.db.select().from(orders).where(eq(orders.email, silent))
			expect(await handle.db.select().from(checkoutReminders).where(eq(checkoutReminders.orderId, silentOrder!.id))).toEqual([])

			const [mail] = await mails(consenting)
			expect(mail).toContain('You started an order with us and did not finish it.')
			expect(mail).toContain(`2 × Lumânare Reamintire ${id}`)
			const link = /https?:\/\/[^\s"<>]+\/en\/cart\/restore\?order=[0-9a-f-]{36}&(?:amp;)?key=[\w-]{43}/.exec(mail ?? '')?.[0]
			expect(link).toBeTruthy()
			// The link in a browser whose cart is empty puts the order's lines back and opens the cart.
			await page.evaluate(() => localStorage.removeItem('cart'))
			const target = new URL(link!.replace('&amp;', '&'))
			await page.goto(`${shop.url}${target.pathname}${target.search}`)
			await expect(page).toHaveURL(/\/en\/cart$/)
			await expect(page.getByRole('main').getByTestId('cart-line')).toHaveCount(1)
			await expect(page.getByRole('main').getByTestId('cart-line')).toContainText(`Lumânare Reamintire ${id}`)

			// Still one reminder, however many rounds ran since.
			expect(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, consenting))).toHaveLength(1)
			expect(await mails(consenting)).toHaveLength(1)
		} finally {
			await first.close()
			await second.close()
		}
	})
})
