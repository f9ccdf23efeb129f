import crypto from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { categories, orders, products } from '#db/schema/index.ts'
import { insertTestOrder } from '../support/accounts.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/** ADR 0103: the admin kit's lists at phone width, and an error in an admin page stays in the admin, in Romanian, with the admin navigation kept. */
test.describe('admin lists at 375 px', () => {
	test('categories, products and orders become cards: the page never scrolls sideways, the row actions still work', async ({
		page,
		createUser,
		signIn,
		database,
	}) => {
		const admin = await createUser({ roles: ['admin'] })
		await signIn(page, admin)
		const order = await insertTestOrder(database.db, { userId: admin.id, email: `telefon-cu-o-adresa-lunga-${admin.email}` })
		const id = crypto.randomBytes(4).toString('hex')
		const [category] = await database.db
			.insert(categories)
			.values({ slug: `categorie-foarte-lunga-pentru-telefon-${id}`, name: `Categorie cu un nume destul de lung ${id}` })
			.returning()
		const [product] = await database.db
			.insert(products)
			.values({
				slug: `produs-telefon-${id}`,
				name: `Lumânare cu un nume lung pentru telefon ${id}`,
				kind: 'candle',
				priceCents: 1990,
				stock: 3,
				categoryId: category!.id,
				badges: ['Nou', 'Bestseller'],
			})
			.returning()
		try {
			await page.setViewportSize({ width: 375, height: 812 })
			for (const path of ['/admin/categories', `/admin/products?q=${id}`, `/admin/orders?q=${encodeURIComponent(order.email)}`]) {
				await page.goto(path)
				await waitForHydration(page)
				await expect(page.locator('table')).toBeVisible()
				// Neither the page nor the list (a table wider than the screen in a scrolling box) scrolls sideways.
				const widths = await page.evaluate(() => ({
					page: document.documentElement.scrollWidth,
					table: Math.ceil(document.querySelector('table')!.getBoundingClientRect().right),
					viewport: window.innerWidth,
				}))
				expect(widths.page, path).toBeLessThanOrEqual(widths.viewport)
				expect(widths.table, path).toBeLessThanOrEqual(widths.viewport)
			}
			await page.goto(`/admin/products?q=${id}`)
			await waitForHydration(page)
			await page.getByRole('button', { name: `Dezactivează produsul ${product!.name}` }).click()
			await expect(page.locator('[data-toast]').filter({ hasText: 'Produsul a fost dezactivat' })).toBeVisible()
			await expect(page.getByRole('button', { name: `Activează produsul ${product!.name}` })).toBeVisible()
		} finally {
			await database.db.delete(orders).where(inArray(orders.id, [order.id]))
			await database.db.delete(products).where(inArray(products.id, [product!.id]))
			await database.db.delete(categories).where(inArray(categories.id, [category!.id]))
		}
	})
})

test.describe('admin error boundary', () => {
	test.beforeEach(async ({ page, createUser, signIn }) => {
		await signIn(page, await createUser({ roles: ['admin'] }))
	})

	test('an unknown admin page and a missing record show a Romanian 404 inside the admin layout', async ({ page }) => {
		for (const path of ['/admin/no-such-page', '/admin/products/00000000-0000-4000-8000-000000000000', '/admin/categories/not-a-uuid']) {
			const response = await page.goto(path)
			expect(response?.status(), path).toBe(404)
			await expect(page.getByRole('heading', { level: 1, name: 'Pagina nu a fost găsită' })).toBeVisible()
			await expect(page.getByText('Ce cauți nu există sau a fost șters.')).toBeVisible()
			const nav = page.getByRole('navigation', { name: 'Navigare administrare' })
			await expect(nav.getByRole('link', { name: 'Produse' })).toBeVisible()
			// Not the storefront's English error page.
			await expect(page.getByText('Page not found')).toHaveCount(0)
		}
	})

	test('after the error the admin navigation still works', async ({ page }) => {
		await page.goto('/admin/products/00000000-0000-4000-8000-000000000000')
		await expect(page.getByRole('heading', { level: 1, name: 'Pagina nu a fost găsită' })).toBeVisible()
		await waitForHydration(page)
		await page.getByRole('navigation', { name: 'Navigare administrare' }).getByRole('link', { name: 'Categorii' }).click()
		await expect(page).toHaveURL(/\/admin\/categories$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Categorii' })).toBeVisible()
	})
})
