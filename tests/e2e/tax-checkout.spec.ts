import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { invoices, orders, products } from '#db/schema/index.ts'
import { romanianDay } from '#domain/invoices/invoice.ts'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { startFakeBnr, type FakeBnr } from '../support/fake-bnr.ts'
import { startFakeVies, type FakeVies } from '../support/fake-vies.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/**
 * Checkout's tax rules in the browser (ADR 0150-0152), on a shop of its own: VIES (a fake speaking
 * its REST interface) checks EU VAT numbers, BNR's feed (a fake) gives the rates, and the shop also
 * ships to the United States.
 */
test.describe('checkout: VAT numbers, CNP and exports', () => {
	test.describe.configure({ mode: 'default' })
	let vies: FakeVies
	let bnr: FakeBnr
	let shop: ShopProcess
	let handle: DatabaseHandle
	let dropDatabase: () => Promise<void>
	let candle: { id: string; name: string }

	test.beforeAll(async () => {
		test.setTimeout(180_000)
		vies = await startFakeVies({ registered: { DE123456789: 'Kerzen Werk GmbH' }, unavailable: ['ESB12345678'] })
		bnr = await startFakeBnr()
		bnr.publish([{ date: romanianDay(new Date(Date.now() - 2 * 86_400_000)), eur: 4.9761 }])
		const database = await createTemporaryPostgresDatabase('e2e-tax')
		dropDatabase = database.drop
		shop = await startShop({
			env: {
				DATABASE_URL: database.url,
				PAYMENTS_TEST_MODE: '1',
				VAT_NUMBER_CHECK: 'vies',
				VIES_URL: vies.url,
				EXCHANGE_RATES: 'bnr',
				BNR_RATES_URL: bnr.feedUrl,
				SHIP_TO_COUNTRIES: 'RO,ES,DE,US',
				SHIPPING_WORLD: '29.90',
			},
		})
		handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
		const suffix = crypto.randomBytes(4).toString('hex')
		const [row] = await handle.db
			.insert(products)
			.values({ slug: `e2e-tax-${suffix}`, name: `Lumânare „Brad” ${suffix}`, kind: 'candle', priceCents: 2990, stock: 50, images: [] })
			.returning()
		candle = { id: row!.id, name: row!.name }
	})

	test.afterAll(async () => {
		await shop?.stop()
		await handle?.close()
		await dropDatabase?.()
		await vies?.close()
		await bnr?.close()
		if (shop) await fs.rm(shop.dataDir, { recursive: true, force: true })
	})

	async function openCheckout(page: Page, locale: 'en' | 'ro' | 'es') {
		await page.context().addCookies([{ name: 'lang', value: locale, url: shop.url }])
		await page.goto(`${shop.url}/`)
		// A cart of two candles, and no form kept from an earlier visit.
		await page.evaluate((product) => {
			localStorage.removeItem('cartFormData')
			localStorage.setItem(
				'cart',
				JSON.stringify([{ id: product.id, line: { kind: 'product', productId: product.id, quantity: 2 }, name: product.name, price: 2990, image: null }]),
			)
		}, candle)
		await page.goto(`${shop.url}/${locale}/checkout`)
		await waitForHydration(page)
	}

	const ordersOf = async (email: string) => handle.db.select().from(orders).where(eq(orders.email, email))

	test('a VAT number VIES refuses: a clear message in English, no order placed, and what was typed stays', async ({ page }) => {
		const email = `vies-${crypto.randomBytes(4).toString('hex')}@example.de`
		await openCheckout(page, 'en')
		await page.getByLabel('Full name').fill('Hans Weber')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Phone').fill('+49 30 1234567')
		await page.getByLabel('Address').fill('Hauptstraße 1')
		await page.getByLabel('City').fill('Berlin')
		await page.getByLabel('Postal code').fill('10115')
		await page.getByLabel('Country').selectOption('DE')
		await page.getByLabel('Company (for the invoice)').fill('Kerzen Werk GmbH')
		await page.getByLabel('VAT number or CUI').fill('DE 987 654 321')
		// Before paying, the page says what a confirmed number would mean: 2 × 24.71 € without VAT (shipping in the EU is free here).
		await expect(page.getByTestId('checkout-intra-community')).toHaveText(
			'If VIES confirms the VAT number DE987654321, no VAT is charged (intra-community supply) and you pay 49.42 €.',
		)
		await page.getByRole('button', { name: 'Place order' }).click()
		await expect(
			page.getByText('VIES, the EU register of VAT numbers, says DE987654321 is not a valid VAT number. Correct it, or leave it blank to pay with VAT.'),
		).toBeVisible()
		await expect(page).toHaveURL(/\/en\/checkout$/)
		await expect(page.getByLabel('VAT number or CUI')).toBeFocused()
		await expect(page.getByLabel('VAT number or CUI')).toHaveValue('DE 987 654 321')
		await expect(page.getByLabel('Company (for the invoice)')).toHaveValue('Kerzen Werk GmbH')
		expect(await ordersOf(email)).toEqual([])
		expect(vies.requests.some((r) => (r.body as { vatNumber?: string }).vatNumber === '987654321')).toBe(true)
	})

	test('a CNP with a wrong control digit: a clear message in Romanian, no order placed', async ({ page }) => {
		const email = `cnp-${crypto.randomBytes(4).toString('hex')}@example.ro`
		await openCheckout(page, 'ro')
		await page.getByLabel('Nume complet').fill('Ana Popescu')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Telefon').fill('+40 712 345 678')
		await page.getByLabel('Adresă').fill('Str. Lalelelor 3')
		await page.getByLabel('Oraș').fill('Cluj-Napoca')
		await page.getByLabel('Cod poștal').fill('400001')
		await page.getByLabel('Țară').selectOption('RO')
		await page.getByLabel('CNP').fill('1900515123457')
		await page.getByRole('button', { name: 'Plasează comanda' }).click()
		await expect(page.getByText('CNP-ul nu este valid: verificați cele 13 cifre (ultima este cifra de control).')).toBeVisible()
		await expect(page.getByLabel('CNP')).toBeFocused()
		await expect(page.getByLabel('CNP')).toHaveValue('1900515123457')
		expect(await ordersOf(email)).toEqual([])

		// Corrected, the order goes through and the invoice carries the CNP.
		await page.getByLabel('CNP').fill('1900515123458')
		await page.getByRole('button', { name: 'Plasează comanda' }).click()
		await expect(page).toHaveURL(/\/test-payment\//)
		const [order] = await ordersOf(email)
		expect(order).toMatchObject({ buyerLegalId: '1900515123458', totalCents: 5980, tax: { treatment: 'domestic', ratePercent: 21 } })
	})

	test('a number VIES confirms, and an export: checkout shows the price without VAT before payment, and that is what is charged and invoiced', async ({
		page,
	}) => {
		const email = `ic-${crypto.randomBytes(4).toString('hex')}@example.de`
		await openCheckout(page, 'es')
		await page.getByLabel('Nombre completo').fill('Hans Weber')
		await page.getByLabel('Correo electrónico').fill(email)
		await page.getByLabel('Teléfono').fill('+49 30 1234567')
		await page.getByLabel('Dirección').fill('Hauptstraße 1')
		await page.getByLabel('Ciudad').fill('Berlin')
		await page.getByLabel('Código postal').fill('10115')
		// Shipped to the United States: an export, Romanian VAT taken off every price.
		await page.getByLabel('País').selectOption('US')
		// 2 × 29,90 € and 29,90 € shipping, less the 21 % VAT each price contains: 2 × 24,71 € + 24,71 €.
		await expect(page.getByTestId('checkout-vat-removed')).toContainText('IVA rumano descontado (exportación fuera de la UE)')
		await expect(page.getByTestId('checkout-total')).toHaveText('74,13 €')
		// To Germany with a VAT number VIES knows: an intra-community supply.
		await page.getByLabel('País').selectOption('DE')
		await page.getByLabel('Empresa (para la factura)').fill('Kerzen Werk GmbH')
		await page.getByLabel('NIF-IVA o CUI').fill('DE123456789')
		await expect(page.getByTestId('checkout-intra-community')).toContainText('y paga 49,42 €')
		await page.getByRole('button', { name: 'Realizar pedido' }).click()
		await expect(page).toHaveURL(/\/test-payment\//)
		await expect(page.getByText('49,42 €').first()).toBeVisible()
		await waitForHydration(page)
		await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242')
		await page.getByLabel('Caducidad (MM/AA)').fill('12/34')
		await page.getByLabel('CVC').fill('123')
		await page.getByLabel('Nombre en la tarjeta').fill('Hans Weber')
		await page.getByRole('button', { name: /^Pagar/ }).click()
		await expect(page).toHaveURL(/\/payment-success/)
		const [order] = await ordersOf(email)
		expect(order).toMatchObject({ totalCents: 4942, buyerVatNumber: 'DE123456789', tax: { treatment: 'intra_community', vies: { status: 'valid' } } })
		const [invoice] = await handle.db.select().from(invoices).where(eq(invoices.orderId, order!.id))
		expect(invoice).toMatchObject({
			taxTreatment: 'intra_community',
			totalCents: 4942,
			vatCents: 0,
			tax: { category: 'K', exchangeRate: { source: 'bnr', ronPerEur: 4.9761 } },
		})
	})

	test('a number VIES cannot check: VAT is charged, and the owner is told on the dashboard and in the order', async ({ page }) => {
		const email = `unchecked-${crypto.randomBytes(4).toString('hex')}@example.es`
		await openCheckout(page, 'es')
		await page.getByLabel('Nombre completo').fill('Lucía Martín')
		await page.getByLabel('Correo electrónico').fill(email)
		await page.getByLabel('Teléfono').fill('+34 912 345 678')
		await page.getByLabel('Dirección').fill('Calle Mayor 1')
		await page.getByLabel('Ciudad').fill('Madrid')
		await page.getByLabel('Código postal').fill('28013')
		await page.getByLabel('País').selectOption('ES')
		await page.getByLabel('Empresa (para la factura)').fill('Velas Martín S.L.')
		await page.getByLabel('NIF-IVA o CUI').fill('ESB12345678')
		await page.getByRole('button', { name: 'Realizar pedido' }).click()
		await expect(page).toHaveURL(/\/test-payment\//)
		await waitForHydration(page)
		await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242')
		await page.getByLabel('Caducidad (MM/AA)').fill('12/34')
		await page.getByLabel('CVC').fill('123')
		await page.getByLabel('Nombre en la tarjeta').fill('Lucía Martín')
		await page.getByRole('button', { name: /^Pagar/ }).click()
		await expect(page).toHaveURL(/\/payment-success/)
		// Taxed as a sale without a number: 2 × 29,90 € with Romanian VAT in, and the answer kept.
		const [order] = await ordersOf(email)
		expect(order).toMatchObject({ totalCents: 5980, buyerVatNumber: 'ESB12345678', tax: { treatment: 'domestic', vies: { status: 'unavailable' } } })

		const owner = await createTestUser(handle.db, { roles: ['admin'], email: `owner-${crypto.randomBytes(4).toString('hex')}@example.com` })
		const cookie = await createSessionCookie(handle.db, owner.id)
		await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])
		await page.goto(`${shop.url}/admin`)
		const warning = page.getByTestId('unchecked-vat')
		await expect(warning.getByRole('heading')).toContainText('Coduri de TVA pe care VIES nu le-a putut verifica')
		await warning.getByRole('link', { name: /ESB12345678/ }).click()
		await expect(page.getByTestId('unchecked-vat-number')).toContainText('VIES nu a putut verifica codul de TVA ESB12345678')
	})

	test('the checkout page in en, ro and es, on a phone and a desktop (screenshots)', async ({ page }) => {
		test.setTimeout(120_000)
		for (const locale of ['en', 'ro', 'es'] as const) {
			for (const width of [375, 1280]) {
				await page.setViewportSize({ width, height: 900 })
				await openCheckout(page, locale)
				// A Romanian consumer with a CNP; a German company with a VAT number; a customer in the US.
				await page.locator('#checkout-country').selectOption('RO')
				await page.locator('#checkout-cnp').fill('1900515123458')
				await page.screenshot({ path: `test-results/tax-checkout-${locale}-${width}.png`, fullPage: true })
				await page.locator('#checkout-country').selectOption('DE')
				await page.locator('#checkout-company').fill('Kerzen Werk GmbH')
				await page.locator('#checkout-vatNumber').fill('DE123456789')
				await expect(page.getByTestId('checkout-intra-community')).toBeVisible()
				await page.screenshot({ path: `test-results/tax-checkout-company-${locale}-${width}.png`, fullPage: true })
				await page.locator('#checkout-country').selectOption('US')
				await expect(page.getByTestId('checkout-vat-removed')).toBeVisible()
				await page.screenshot({ path: `test-results/tax-checkout-export-${locale}-${width}.png`, fullPage: true })
			}
		}
	})
})
