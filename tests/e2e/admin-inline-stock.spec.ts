import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { categories, products } from '#db/schema/index.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/** A stock figure typed in the products list is saved when the owner moves on, and never lost without a question. */

const unique = () => crypto.randomBytes(4).toString('hex')

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-toast]').filter({ hasText: text })
}

test.describe('inline stock in the products list', () => {
	test.beforeEach(async ({ page, createUser, signIn }) => {
		await signIn(page, await createUser({ roles: ['admin'] }))
	})

	test('saved on leaving the field; a moved stock is refused and kept; leaving with it unsaved asks first', async ({ page, database }) => {
		const id = unique()
		const [category] = await database.db
			.insert(categories)
			.values({ name: `Stoc în listă ${id}`, slug: `stoc-lista-${id}` })
			.returning()
		const [product] = await database.db
			.insert(products)
			.values({ slug: `stoc-lista-${id}`, name: `Stoc listă ${id}`, kind: 'candle', categoryId: category!.id, priceCents: 1500, stock: 6 })
			.returning()
		const stockNow = async () => (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, product!.id)))[0]?.stock
		const field = () => page.getByLabel(`Stoc pentru Stoc listă ${id}`)
		try {
			await page.goto(`/admin/products?q=${id}`)
			await waitForHydration(page)

			// Clicking elsewhere on the page saves the typed figure.
			await field().fill('9')
			await page.getByRole('heading', { name: 'Produse' }).click()
			await expect(toast(page, 'Stocul a fost actualizat')).toBeVisible()
			await expect.poll(stockNow).toBe(9)
			await expect(field()).toHaveValue('9')

			// Tabbing out of the row saves too (the first Tab reaches the row's own save button).
			await field().fill('11')
			await field().press('Tab')
			await expect(page.getByRole('button', { name: `Salvează stocul pentru Stoc listă ${id}` })).toBeFocused()
			expect(await stockNow()).toBe(9)
			await page.keyboard.press('Tab')
			await expect.poll(stockNow).toBe(11)
			await expect(page.getByRole('button', { name: `Salvează stocul pentru Stoc listă ${id}` })).toHaveCount(0)

			// A checkout moved the stock meanwhile: the save is refused with the figure now, and what was typed stays.
			await database.db.update(products).set({ stock: 4 }).where(eq(products.id, product!.id))
			await field().fill('20')
			await page.getByRole('heading', { name: 'Produse' }).click()
			await expect(toast(page, 'Stocul s-a modificat între timp (acum: 4). Verifică și salvează din nou.')).toBeVisible()
			await expect(field()).toHaveValue('20')
			expect(await stockNow()).toBe(4)

			// Leaving through the admin's navigation asks first; staying keeps the figure.
			await page.getByRole('navigation', { name: 'Navigare administrare' }).getByRole('link', { name: 'Comenzi' }).click()
			const dialog = page.getByRole('dialog', { name: 'Ai modificări nesalvate' })
			await expect(dialog).toBeVisible()
			await dialog.getByRole('button', { name: 'Anulează' }).click()
			await expect(page).toHaveURL(new RegExp(`/admin/products\\?q=${id}$`))
			await expect(field()).toHaveValue('20')

			// Having seen the figure, the owner saves again: it is compared with the figure now, and applies.
			await page.getByRole('button', { name: `Salvează stocul pentru Stoc listă ${id}` }).click()
			await expect.poll(stockNow).toBe(20)
			await page.getByRole('navigation', { name: 'Navigare administrare' }).getByRole('link', { name: 'Comenzi' }).click()
			await expect(page).toHaveURL(/\/admin\/orders/)
		} finally {
			await database.db.delete(products).where(eq(products.id, product!.id))
			await database.db.delete(categories).where(eq(categories.id, category!.id))
		}
	})

	test('closing or reloading the tab with a figure still being typed asks first', async ({ page, database }) => {
		const id = unique()
		const [product] = await database.db
			.insert(products)
			.values({ slug: `stoc-inchis-${id}`, name: `Stoc închis ${id}`, kind: 'candle', priceCents: 1500, stock: 3 })
			.returning()
		try {
			await page.goto(`/admin/products?q=${id}`)
			await waitForHydration(page)
			const field = page.getByLabel(`Stoc pentru Stoc închis ${id}`)
			await field.click()
			await page.keyboard.press('Backspace')
			await page.keyboard.type('8')
			await expect(field).toHaveValue('8')
			const asked = page.waitForEvent('dialog')
			await page.close({ runBeforeUnload: true })
			const dialog = await asked
			expect(dialog.type()).toBe('beforeunload')
			await dialog.dismiss()
			expect(page.isClosed()).toBe(false)
			await expect(field).toHaveValue('8')
		} finally {
			await database.db.delete(products).where(eq(products.id, product!.id))
		}
	})
})
