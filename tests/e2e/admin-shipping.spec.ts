import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { products } from '#db/schema/index.ts'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, waitForHydration } from './fixtures.ts'

/**
 * Shipping set in the admin (ADR 0240-0242) as the owner meets it: two instances of one shop share
 * a PostgreSQL database and nothing else. The zones start from the SHIPPING_* settings; the owner
 * changes Romania's rate on one instance and the checkout shows it at once on both, no restart.
 */
test.describe.configure({ mode: 'default' })

test.describe('shipping rates changed in the admin', () => {
	let shops: ShopProcess[] = []
	let handle: DatabaseHandle
	let dropDatabase: () => Promise<void>
	let candle: { id: string; name: string }

	test.beforeAll(async () => {
		test.setTimeout(180_000)
		const database = await createTemporaryPostgresDatabase('e2e-shipping')
		dropDatabase = database.drop
		const env = { DATABASE_URL: database.url, PAYMENTS_TEST_MODE: '1', SHIPPING_RO: '9.90', SHIPPING_ES: '12.50', FREE_SHIPPING_FROM: '150' }
		// One after the other, as a rolling start would: the first creates the zones, the second finds them.
		shops = [await startShop({ env }), await startShop({ env })]
		handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
		const suffix = crypto.randomBytes(4).toString('hex')
		const [row] = await handle.db
			.insert(products)
			.values({ slug: `e2e-livrare-${suffix}`, name: `Lumânare „Livrare” ${suffix}`, kind: 'candle', priceCents: 3000, stock: 50, images: [] })
			.returning()
		candle = { id: row!.id, name: row!.name }
	})

	test.afterAll(async () => {
		for (const shop of shops) await shop.stop()
		await handle?.close()
		await dropDatabase?.()
		for (const shop of shops) await fs.rm(shop.dataDir, { recursive: true, force: true })
	})

	/** The Romanian checkout of one candle on a shop: the summary's shipping line. */
	async function checkoutShipping(page: Page, shop: ShopProcess) {
		await page.context().addCookies([{ name: 'lang', value: 'ro', url: shop.url }])
		await page.goto(`${shop.url}/`)
		await page.evaluate((product) => {
			localStorage.removeItem('cartFormData')
			localStorage.setItem(
				'cart',
				JSON.stringify([{ id: product.id, line: { kind: 'product', productId: product.id, quantity: 1 }, name: product.name, price: 3000, image: null }]),
			)
		}, candle)
		await page.goto(`${shop.url}/ro/checkout`)
		await waitForHydration(page)
		await expect(page.getByLabel('Țară')).toHaveValue('RO')
		return page.getByTestId('checkout-shipping')
	}

	/** The cart page of the cart checkoutShipping filled: the shipping it announces before checkout. */
	async function cartShipping(page: Page, shop: ShopProcess) {
		await page.goto(`${shop.url}/ro/cart`)
		await waitForHydration(page)
		await expect(page.getByText('Livrare în România')).toBeVisible()
		return page.getByTestId('cart-shipping')
	}

	test('the owner changes Romania’s rate on one instance; the checkout on both shows it at once', async ({ page, browser }) => {
		test.setTimeout(180_000)
		const [first, second] = shops as [ShopProcess, ShopProcess]
		const customer = await browser.newPage()
		try {
			// Before: what SHIPPING_RO charged.
			await expect(await checkoutShipping(customer, second)).toHaveText('9,90 €')
			await expect(customer.getByTestId('checkout-total')).toHaveText('39,90 €')
			// The cart announces the same figure, never "calculated at checkout" and then another one.
			await expect(await cartShipping(customer, second)).toHaveText('9,90 €')
			await expect(customer.getByTestId('cart-total')).toHaveText('39,90 €')

			const owner = await createTestUser(handle.db, { roles: ['admin'], email: `livrare-${Date.now()}@example.com` })
			const cookie = await createSessionCookie(handle.db, owner.id)
			await page.context().addCookies([{ ...cookie, url: first.url, httpOnly: true, sameSite: 'Lax' }])
			await page.goto(`${first.url}/admin`)
			await page.getByRole('navigation', { name: 'Navigare administrare' }).getByRole('link', { name: 'Livrare' }).click()
			await expect(page).toHaveURL(`${first.url}/admin/shipping`)
			await waitForHydration(page)
			await expect(page.getByRole('heading', { level: 1, name: 'Livrare' })).toBeVisible()
			const zones = page.getByTestId('shipping-zone')
			await expect(zones.getByRole('heading', { level: 2 })).toHaveText(['Restul UE', 'România', 'Spania', 'Restul lumii'], { useInnerText: true })
			const romania = zones.filter({ has: page.getByRole('heading', { name: 'România', exact: true }) })
			await expect(romania.getByTestId('shipping-rate')).toHaveText(/9,90 €/)
			await expect(romania).toContainText('gratuită de la 150,00 €')

			for (const viewport of SCAN_VIEWPORTS) {
				await page.setViewportSize({ width: viewport.width, height: viewport.height })
				await fs.mkdir('test-results', { recursive: true })
				await page.screenshot({ path: `test-results/admin-shipping-${viewport.name}.png`, fullPage: true })
				await expectNoSeriousA11yViolations(page)
			}

			// A price typed the Romanian way; a wrong one first: refused in Romanian, what was typed stays.
			await romania.getByRole('link', { name: 'Editează tariful 9,90 € România' }).click()
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editează tariful: România')
			await waitForHydration(page)
			await page.getByLabel('Preț livrare (€)').fill('27,50')
			await page.getByLabel('Valoarea comenzii sub (€)').fill('0')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page.getByText('Limita de sus trebuie să fie mai mare decât cea de jos').first()).toBeVisible()
			await expect(page.getByLabel('Preț livrare (€)')).toHaveValue('27,50')
			await page.getByLabel('Valoarea comenzii sub (€)').fill('')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(`${first.url}/admin/shipping`)
			await expect(page.locator('[data-toast]').filter({ hasText: 'Tariful a fost salvat' })).toBeVisible()
			await expect(romania.getByTestId('shipping-rate')).toHaveText(/27,50 €/)

			// At once, on the other instance and on this one: no restart, nothing cached in either.
			await expect(await checkoutShipping(customer, second)).toHaveText('27,50 €')
			await expect(customer.getByTestId('checkout-total')).toHaveText('57,50 €')
			await expect(await checkoutShipping(customer, first)).toHaveText('27,50 €')
			// Spain kept its own rate.
			await customer.getByLabel('Țară').selectOption('ES')
			await expect(customer.getByTestId('checkout-shipping')).toHaveText('12,50 €')
			// And the cart announces the new rate too.
			await expect(await cartShipping(customer, first)).toHaveText('27,50 €')
		} finally {
			await customer.close()
		}
	})
})
