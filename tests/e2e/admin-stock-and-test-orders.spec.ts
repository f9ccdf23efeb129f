import crypto from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { categories, orders, products } from '#db/schema/index.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { customer, mailContext, orderInput } from '../support/checkout-fixtures.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { orderFixtures } from './order-fixtures.ts'

/** ADR 0094 as the admin meets it: a stock figure that moved under the form, and test-money orders. */

const unique = () => crypto.randomBytes(4).toString('hex')

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-toast]').filter({ hasText: text })
}

test.describe('admin: live stock and test orders', () => {
	test.beforeEach(async ({ page, createUser, signIn }) => {
		await signIn(page, await createUser({ roles: ['admin'], name: 'Admin E2E' }))
	})

	test('a save after checkouts moved the stock keeps the live figure; a stock change is refused with the current figure and the typed form stays', async ({
		page,
		database,
	}) => {
		const id = unique()
		const [category] = await database.db
			.insert(categories)
			.values({ name: `Stoc ${id}`, slug: `stoc-${id}` })
			.returning()
		const [product] = await database.db
			.insert(products)
			.values({
				slug: `stoc-viu-${id}`,
				name: `Lumânare stoc ${id}`,
				kind: 'candle',
				categoryId: category!.id,
				priceCents: 2000,
				stock: 5,
				description: 'Prima',
			})
			.returning()
		const placed: string[] = []
		const checkouts = async (count: number) => {
			for (let i = 0; i < count; i++)
				placed.push((await placeOrder(database.db, { ...orderInput, customer, lines: [{ kind: 'product', productId: product!.id, quantity: 1 }] })).id)
		}
		const row = async () =>
			(await database.db.select({ stock: products.stock, description: products.description }).from(products).where(eq(products.id, product!.id)))[0]!
		try {
			// The admin opens the form at stock 5; three checkouts hold 3 units meanwhile; only the description changes.
			await page.goto(`/admin/products/${product!.id}`)
			await waitForHydration(page)
			await expect(page.getByLabel('Stoc')).toHaveValue('5')
			await checkouts(3)
			await page.getByLabel('Descriere').fill('A doua')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(/\/admin\/products$/)
			expect(await row()).toEqual({ stock: 2, description: 'A doua' })

			// Opened at 2, one more checkout, and the admin types a new stock: refused, with the figure now.
			await page.goto(`/admin/products/${product!.id}`)
			await waitForHydration(page)
			await checkouts(1)
			await page.getByLabel('Descriere').fill('A treia')
			await page.getByLabel('Stoc').fill('8')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(toast(page, 'Stocul s-a modificat între timp (acum: 1). Verifică și salvează din nou.')).toBeVisible()
			await expect(page).toHaveURL(new RegExp(`/admin/products/${product!.id}$`))
			await expect(page.getByLabel('Descriere')).toHaveValue('A treia')
			await expect(page.getByLabel('Stoc')).toHaveValue('8')
			await expect(page.getByLabel('Stoc')).toHaveAttribute('aria-invalid', 'true')
			expect(await row()).toEqual({ stock: 1, description: 'A doua' })

			// Having seen the figure, the admin saves again: the stock they typed now applies.
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(/\/admin\/products$/)
			await expect(toast(page, 'Produsul a fost actualizat')).toBeVisible()
			expect(await row()).toEqual({ stock: 8, description: 'A treia' })
		} finally {
			if (placed.length) await database.db.delete(orders).where(inArray(orders.id, placed))
			await database.db.delete(products).where(eq(products.id, product!.id))
			await database.db.delete(categories).where(eq(categories.id, category!.id))
		}
	})

	test('an order paid on the test card page is marked TEST in the orders list, its dialog, the dashboard and the customer’s account', async ({
		page,
		browser,
		baseURL,
		database,
		createUser,
		signIn,
	}) => {
		const fixtures = orderFixtures(database)
		const buyer = await createUser()
		const email = buyer.email
		try {
			const order = await fixtures.create(email, { paid: false })
			await database.db.update(orders).set({ userId: buyer.id }).where(eq(orders.id, order.id))
			// The same event the test card page sends when 4242 4242 4242 4242 pays.
			await handlePaymentEvent(
				{ db: database.db, mail: mailContext },
				{
					id: `test_evt_${unique()}`,
					provider: 'test',
					type: 'checkout.session.completed',
					session: { id: `test_cs_${unique()}`, orderId: order.id, status: 'complete', paymentStatus: 'paid' },
				},
			)
			const number = order.id.slice(0, 8)
			await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
			await waitForHydration(page)
			const listed = page.getByRole('row', { name: new RegExp(`#${number}`) })
			await expect(listed.getByTestId('test-mode-badge')).toHaveText('TEST')
			await expect(listed).toContainText('Plătită')

			await listed.getByRole('link', { name: `Detalii comanda ${number}` }).click()
			const dialog = page.getByRole('dialog', { name: `Comanda #${number}` })
			await expect(dialog.getByTestId('test-mode-badge')).toHaveText('TEST')

			await page.goto('/admin')
			await expect(page.getByTestId('test-orders')).toContainText('TEST')
			await expect(page.getByTestId('test-orders')).toContainText('Comenzi de test (neincluse mai sus)')

			const customerContext = await browser.newContext()
			const customerPage = await customerContext.newPage()
			await signIn(customerPage, buyer)
			await customerPage.goto(`${baseURL}/account`)
			await expect(customerPage.getByTestId('account-order').filter({ hasText: number })).toContainText('TEST')
			await customerContext.close()
		} finally {
			await fixtures.cleanup()
		}
	})
})
