import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { invoices, orders, products } from '#db/schema/index.ts'
import { issueInvoice } from '#server/invoices/issue.ts'
import { insertTestOrder } from '../support/accounts.ts'
import { testInvoicing } from '../support/checkout-fixtures.ts'
import { pdfText } from '../support/pdf-text.ts'
import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'

/** The .eml the outbox wrote for `to` about `orderId` (DATA_DIR/mail), once it is there. */
async function confirmationEmail(to: string, orderId: string) {
	const mailDir = path.join(process.env.E2E_DATA_DIR!, 'mail')
	let found = ''
	await expect
		.poll(
			async () => {
				const files = await fs.readdir(mailDir).catch(() => [] as string[])
				for (const file of files) {
					const text = await fs.readFile(path.join(mailDir, file), 'utf8')
					// The recipient's own header line: the owner's copy has the customer in Reply-To.
					if (text.split(/\r?\n/).includes(`To: ${to}`) && text.includes(orderId.slice(0, 8))) found = text
				}
				return found !== ''
			},
			{ timeout: 15_000 },
		)
		.toBe(true)
	return found
}

test.describe('invoices (ADR 0118, 0119)', () => {
	test('a customer buying for a company pays 4242, sees the VAT at checkout, and downloads the invoice PDF from /account', async ({
		page,
		baseURL,
		database,
		createUser,
		signIn,
	}) => {
		const suffix = crypto.randomBytes(4).toString('hex')
		const [candle] = await database.db
			.insert(products)
			.values({ slug: `e2e-invoice-${suffix}`, name: `Lumânare „Țară” ${suffix}`, kind: 'candle', priceCents: 2990, stock: 5, images: [] })
			.returning()
		const user = await createUser({ name: 'Lucía Fernández' })
		await signIn(page, user)
		await useLanguage(page, baseURL!, 'en')

		await page.goto('/')
		await page.evaluate(
			(product) =>
				localStorage.setItem(
					'cart',
					JSON.stringify([{ id: product.id, line: { kind: 'product', productId: product.id, quantity: 2 }, name: product.name, price: 2990, image: null }]),
				),
			{ id: candle!.id, name: candle!.name },
		)
		await page.goto('/checkout')
		await waitForHydration(page)
		// 2 × 29.90 = 59.80, of which VAT 21 % = 2 × 5.19 = 10.38 (free shipping in the test shop).
		await expect(page.getByTestId('checkout-total')).toHaveText('59.80 €')
		await expect(page.getByTestId('checkout-vat')).toHaveText('of which VAT (21%)10.38 €')

		await page.getByLabel('Full name').fill('Lucía Fernández')
		await page.getByLabel('Phone').fill('+34 600 000 000')
		await page.getByLabel('Address').fill('Calle Mayor 5')
		await page.getByLabel('City').fill('Madrid')
		await page.getByLabel('Postal code').fill('28013')
		await page.getByLabel('Country').selectOption('ES')
		// A VAT number without the company's name is refused, and what was typed stays.
		await page.getByLabel('VAT number or CUI').fill('ESB12345678')
		await page.getByRole('button', { name: 'Place order' }).click()
		await expect(page.getByText('Enter the company name for the VAT number')).toBeVisible()
		await expect(page.getByLabel('VAT number or CUI')).toHaveValue('ESB12345678')
		await page.getByLabel('Company (for the invoice)').fill('Taller Luz SL')
		await page.getByRole('button', { name: 'Place order' }).click()

		await expect(page).toHaveURL(/\/test-payment\/test_cs_/)
		await waitForHydration(page)
		await page.getByLabel('Card number').fill('4242 4242 4242 4242')
		await page.getByLabel('Expiry (MM/YY)').fill('12/34')
		await page.getByLabel('CVC').fill('123')
		await page.getByLabel('Name on card').fill('Lucía Fernández')
		await page.getByRole('button', { name: /^Pay/ }).click()
		await expect(page).toHaveURL(/\/payment-success/)

		const [order] = await database.db.select().from(orders).where(eq(orders.userId, user.id))
		expect(order).toMatchObject({ paymentStatus: 'paid', buyerCompany: 'Taller Luz SL', buyerVatNumber: 'ESB12345678' })
		const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order!.id))
		// Paid on the test card page: numbered in the TEST series.
		expect(invoice!.number).toMatch(/^TEST-LC-\d{4}-\d{6}$/)

		// /account lists the invoice; the link downloads its PDF.
		await page.goto('/account')
		const link = page.getByTestId('account-invoice')
		await expect(link).toHaveText(`Invoice ${invoice!.number} (PDF)`)
		const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
		expect(download.suggestedFilename()).toBe(`${invoice!.number}.pdf`)
		const bytes = await fs.readFile(await download.path())
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
		const text = (await pdfText(bytes)).replace(/\s+/g, ' ')
		expect(text).toContain('Factură / Invoice')
		expect(text).toContain(invoice!.number)
		expect(text).toContain(`Lumânare „Țară” ${suffix}`)
		expect(text).toContain('Taller Luz SL')
		expect(text).toContain('ESB12345678')
		expect(text).toContain('Total de plată / Total to pay 59.80 EUR')
		expect(text).toContain('TVA 21% / VAT 21% 10.38 EUR')

		// The confirmation email says the VAT and carries the same PDF.
		const email = await confirmationEmail(user.email, order!.id)
		expect(email).toContain('of which VAT (21%): 10.38')
		expect(email).toMatch(new RegExp(`Content-Type: application/pdf; name=${invoice!.number}\\.pdf`))
	})

	test("a customer downloads their own invoice and never another customer's", async ({ page, database, createUser, signIn }) => {
		const owner = await createUser()
		const other = await createUser()
		const order = await insertTestOrder(database.db, { userId: owner.id, email: owner.email })
		await database.db.update(orders).set({ testMode: true }).where(eq(orders.id, order.id))
		const invoice = await database.db.transaction((tx) => issueInvoice(tx, testInvoicing, order.id))
		await signIn(page, other)
		expect((await page.request.get(`/account/invoices/${invoice.number}.pdf`)).status()).toBe(404)
		await signIn(page, owner)
		const own = await page.request.get(`/account/invoices/${invoice.number}.pdf`)
		expect(own.status()).toBe(200)
		expect(own.headers()['content-type']).toBe('application/pdf')
		expect((await pdfText(await own.body())).replace(/\s+/g, ' ')).toContain(invoice.number)
	})
})
