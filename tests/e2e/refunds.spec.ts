import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { orders, products } from '#db/schema/index.ts'
import { createSessionCookie, createTestUser, deleteTestUser } from '../support/accounts.ts'
import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'
import { mailsTo } from './mail.ts'

const unique = () => crypto.randomBytes(4).toString('hex')
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast]').filter({ hasText: text })

/**
 * ADR 0115, 0116: a customer pays with the test card; the admin refunds part, cancels (the stock
 * comes back), refunds the rest; the customer gets the refund emails and the owner the paid-order one.
 */
test('pay with the test card, refund part from the admin, cancel to restock, refund the rest: the payment ends Rambursată and the customer is emailed', async ({
	page,
	context,
	baseURL,
	database,
}) => {
	const [candle] = await database.db
		.insert(products)
		.values({ slug: `e2e-refund-${unique()}`, name: `Lumânare rambursare ${unique()}`, kind: 'candle', priceCents: 4500, stock: 3, images: [] })
		.returning()
	const email = `refund-${unique()}@example.com`
	const admin = await createTestUser(database.db, { roles: ['admin'], name: 'Admin E2E' })
	try {
		// The customer pays 2 × 45 € with 4242 on the test card page.
		await useLanguage(page, baseURL!, 'ro')
		await page.goto('/')
		await page.evaluate(
			(item) =>
				localStorage.setItem(
					'cart',
					JSON.stringify([{ id: item.id, line: { kind: 'product', productId: item.id, quantity: 2 }, name: item.name, price: 4500, image: null }]),
				),
			{ id: candle!.id, name: candle!.name },
		)
		await page.goto('/checkout')
		await waitForHydration(page)
		await page.getByLabel('Nume complet').fill('Ana Popescu')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Telefon').fill('+40 712 345 678')
		await page.getByLabel('Adresă').fill('Str. Lalelelor 3')
		await page.getByLabel('Oraș').fill('Cluj-Napoca')
		await page.getByLabel('Cod poștal').fill('400001')
		await page.getByRole('button', { name: 'Plasează comanda' }).click()
		await expect(page).toHaveURL(/\/test-payment\/test_cs_/)
		await waitForHydration(page)
		await page.getByLabel('Numărul cardului').fill('4242 4242 4242 4242')
		await page.getByLabel('Data expirării (LL/AA)').fill('12/34')
		await page.getByLabel('CVC').fill('123')
		await page.getByLabel('Numele de pe card').fill('Ana Popescu')
		await page.getByRole('button', { name: /^Plătește/ }).click()
		await expect(page.getByRole('heading', { name: 'Mulțumim pentru comandă!' })).toBeVisible()
		const [order] = await database.db.select().from(orders).where(eq(orders.email, email))
		expect(order).toMatchObject({ paymentStatus: 'paid', totalCents: 9000 })
		const number = order!.id.slice(0, 8)
		const stock = async () => (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, candle!.id)))[0]!.stock
		expect(await stock()).toBe(1)
		// The owner hears of it (SHOP_EMAIL), with a link to the order in the admin; test money says so in the subject (ADR 0232).
		await expect
			.poll(async () => (await mailsTo('contact@luminasicarton.ro')).filter((text) => text.includes(`Comandă de test plătită #${number}`)).length, {
				timeout: 20_000,
			})
			.toBe(1)

		// The admin opens the paid order from the default list.
		const cookie = await createSessionCookie(database.db, admin.id)
		await context.addCookies([{ ...cookie, url: baseURL!, httpOnly: true, sameSite: 'Lax' }])
		await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
		await waitForHydration(page)
		await page.getByRole('link', { name: `Detalii comanda ${number}` }).click()
		const dialog = page.getByRole('dialog', { name: `Comanda #${number}` })
		await expect(dialog.getByTestId('refund-summary')).toHaveText('Rambursat: 0,00 € din 90,00 € · rămas de rambursat: 90,00 €')

		// More than is left: refused in Romanian, nothing changes, what was typed stays.
		await dialog.getByLabel('O sumă').check()
		await dialog.getByLabel('Suma de rambursat (EUR)').fill('120')
		await dialog.getByLabel('Motivul rambursării').fill('Colet deteriorat')
		await dialog.getByRole('button', { name: 'Rambursează' }).click()
		const confirm = page.getByRole('dialog', { name: 'Confirmi rambursarea?' })
		await confirm.getByRole('button', { name: 'Rambursează' }).click()
		await expect(toast(page, 'Suma depășește ce a mai rămas de rambursat (90,00 €)')).toBeVisible()
		await expect(dialog.getByLabel('Suma de rambursat (EUR)')).toHaveAttribute('aria-invalid', 'true')
		await expect(dialog.getByLabel('Motivul rambursării')).toHaveValue('Colet deteriorat')

		// 10 € back.
		await dialog.getByLabel('Suma de rambursat (EUR)').fill('10,00')
		await dialog.getByRole('button', { name: 'Rambursează' }).click()
		await confirm.getByRole('button', { name: 'Rambursează' }).click()
		await expect(toast(page, 'Rambursarea de 10,00 € a fost făcută; clientul a fost notificat')).toBeVisible()
		await expect(dialog.getByTestId('partial-refund-badge')).toHaveText('Rambursat parțial: 10,00 €')
		await expect(dialog.getByTestId('refunds')).toContainText('Colet deteriorat')
		await expect(dialog.getByTestId('refunds')).toContainText('10,00 € · Reușită')

		// Cancelling asks what happens to the money (ADR 0230): kept for now, and the 2 units go back on sale.
		await dialog.getByLabel('Status comandă').selectOption({ label: 'Anulată' })
		await dialog.getByRole('button', { name: 'Schimbă statusul' }).click()
		const cancel = page.getByRole('dialog', { name: 'Anulezi o comandă plătită' })
		await cancel.getByLabel('Păstrez banii').check()
		await cancel.getByLabel('De ce păstrezi banii (clientul vede motivul)').fill('Restul se rambursează separat')
		await cancel.getByRole('button', { name: 'Anulează comanda' }).click()
		await expect(toast(page, 'Comanda a fost anulată și banii păstrați; clientul a fost notificat')).toBeVisible()
		await expect.poll(stock).toBe(3)
		// Saving it again changes nothing.
		await dialog.getByRole('button', { name: 'Schimbă statusul' }).click()
		await expect(toast(page, 'Comanda avea deja acest status; nu s-a schimbat nimic și clientul nu a fost notificat')).toBeVisible()
		expect(await stock()).toBe(3)

		// The rest goes back: Rambursată.
		await dialog.getByLabel(/^Tot ce a rămas/).check()
		await dialog.getByLabel('Motivul rambursării').fill('Comandă anulată')
		await dialog.getByRole('button', { name: 'Rambursează' }).click()
		await confirm.getByRole('button', { name: 'Rambursează' }).click()
		await expect(toast(page, 'Rambursarea de 80,00 € a fost făcută; clientul a fost notificat')).toBeVisible()
		await expect(dialog.getByText('Rambursată', { exact: true }).first()).toBeVisible()
		await expect(dialog.getByText('Comanda a fost rambursată integral.')).toBeVisible()
		expect((await database.db.select().from(orders).where(eq(orders.id, order!.id)))[0]).toMatchObject({ paymentStatus: 'refunded', refundedCents: 9000 })

		// The customer's refund emails, in their language.
		await expect
			.poll(async () => (await mailsTo(email)).filter((text) => text.includes(`Rambursare pentru comanda ${number}`)).length, { timeout: 20_000 })
			.toBe(2)
		const texts = await mailsTo(email)
		expect(texts.some((text) => text.includes('Ți-am rambursat 10,00 €'))).toBe(true)
		expect(texts.some((text) => text.includes('Ți-am rambursat 80,00 €'))).toBe(true)
		await page.screenshot({ path: 'test-results/refund-dialog.png', fullPage: true })
	} finally {
		await deleteTestUser(database.db, admin.id)
		await database.db.delete(orders).where(eq(orders.email, email))
		await database.db.delete(products).where(eq(products.id, candle!.id))
	}
})
