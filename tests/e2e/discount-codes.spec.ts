import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { discountCodes, invoices, orders, products } from '#db/schema/index.ts'
import es from '#domain/i18n/resources/es.ts'
import { pdfText } from '../support/pdf-text.ts'
import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'
import { mailsTo } from './mail.ts'
import { payWithTestCardInSpanish, placeSpanishOrder } from './spanish-checkout.ts'

test.describe('discount codes (ADR 0255)', () => {
	test('the admin creates a code; a Spanish customer uses it and sees the discount at checkout, on the payment page, in the e-mail and on the invoice', async ({
		page,
		baseURL,
		database,
		createUser,
		signIn,
	}) => {
		test.setTimeout(120_000)
		const suffix = crypto.randomBytes(4).toString('hex').toUpperCase()
		const code = `E2E${suffix}`
		const [candle] = await database.db
			.insert(products)
			.values({ slug: `e2e-discount-${suffix.toLowerCase()}`, name: `Lumânare reducere ${suffix}`, kind: 'candle', priceCents: 2990, stock: 5, images: [] })
			.returning()
		try {
			// The admin, in Romanian: a 10 % code on everything, at most 5 uses.
			const admin = await createUser({ roles: ['admin'] })
			await signIn(page, admin)
			await page.goto('/admin/discounts')
			await page.getByRole('link', { name: 'Adaugă cod' }).click()
			await waitForHydration(page)
			await page.getByLabel('Cod', { exact: true }).fill(code.toLowerCase())
			await page.getByLabel('Procent (%)').fill('10')
			await page.getByLabel('Număr total de utilizări (opțional)').fill('5')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(/\/admin\/discounts$/)
			await expect(page.getByTestId('discount-row').filter({ hasText: code })).toContainText('10%')

			// The Spanish shop: 2 × 29,90 € in the cart.
			await useLanguage(page, baseURL!, 'es')
			await page.goto('/es')
			await page.evaluate(
				(product) =>
					localStorage.setItem(
						'cart',
						JSON.stringify([{ id: product.id, line: { kind: 'product', productId: product.id, quantity: 2 }, name: product.name, price: 2990, image: null }]),
					),
				{ id: candle!.id, name: candle!.name },
			)
			await page.goto('/es/checkout')
			await waitForHydration(page)
			await expect(page.getByTestId('checkout-total')).toHaveText('59,80 €')

			// An unknown code is refused in Spanish; the cart stays as it was.
			await page.getByLabel(es.checkout.discount.label).fill('NO-EXISTE')
			await page.getByRole('button', { name: es.checkout.discount.apply }).click()
			await expect(page.getByTestId('discount-error')).toHaveText(es.checkout.discount.errors.unknown)
			await expect(page.getByTestId('checkout-total')).toHaveText('59,80 €')

			// The code, typed in lower case: 10 % of 59,80 € off.
			await page.getByLabel(es.checkout.discount.label).fill(code.toLowerCase())
			await page.getByRole('button', { name: es.checkout.discount.apply }).click()
			await expect(page.getByTestId('discount-applied')).toHaveText(`Código ${code} aplicado`)
			await expect(page.getByTestId('checkout-discount')).toHaveText(`Descuento (${code})−5,98 €`)
			await expect(page.getByTestId('checkout-total')).toHaveText('53,82 €')
			await page.setViewportSize({ width: 375, height: 812 })
			await page.getByTestId('checkout-discount').scrollIntoViewIfNeeded()
			await page.screenshot({ path: 'test-results/discount-codes-checkout-375.png', fullPage: true })
			await page.setViewportSize({ width: 1280, height: 900 })
			await page.screenshot({ path: 'test-results/discount-codes-checkout-desktop.png', fullPage: true })

			const email = `discount-${suffix.toLowerCase()}@example.com`
			await placeSpanishOrder(page, email)
			await waitForHydration(page)
			await expect(page.getByTestId('test-payment-discount')).toHaveText(`Descuento (${code})−5,98 €`)
			await expect(page.getByTestId('test-payment-amount')).toHaveText('53,82 €')
			await payWithTestCardInSpanish(page)

			const [order] = await database.db.select().from(orders).where(eq(orders.email, email))
			expect(order).toMatchObject({ paymentStatus: 'paid', subtotalCents: 5980, discountCents: 598, totalCents: 5382 })
			const [row] = await database.db.select().from(discountCodes).where(eq(discountCodes.code, code))
			expect(row!.uses).toBe(1)

			// The confirmation e-mail, in Spanish, names the code and what it took off.
			await expect.poll(async () => (await mailsTo(email)).find((mail) => mail.includes(`Descuento (${code}): -5,98`)) !== undefined).toBe(true)

			// The invoice: the lines at full price, the discount as an allowance, VAT on what was paid.
			const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order!.id))
			expect(invoice!.totalCents).toBe(5382)
			const xml = await (await page.request.get(`/admin/orders/${order!.id}/invoice.xml`)).text()
			expect(xml).toContain('<cbc:ChargeIndicator>false</cbc:ChargeIndicator>')
			expect(xml).toContain(`<cbc:AllowanceChargeReason>Reducere (cod ${code})</cbc:AllowanceChargeReason>`)
			const pdf = (await pdfText(await (await page.request.get(`/admin/orders/${order!.id}/invoice.pdf`)).body())).replace(/\s+/g, ' ')
			expect(pdf).toContain(`Reducere (cod ${code}) / Descuento (código ${code})`)
			expect(pdf).toMatch(/53[.,]82 EUR/)
		} finally {
			await database.db.delete(discountCodes).where(eq(discountCodes.code, code))
			await database.db.delete(products).where(eq(products.id, candle!.id))
		}
	})
})
