import crypto from 'node:crypto'
import { eq, inArray, like } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { categories, products } from '#db/schema/index.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/** ADR 0125: the catalogue at scale, as the owner works it. */

const unique = () => crypto.randomBytes(4).toString('hex')

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-toast]').filter({ hasText: text })
}

test.describe('admin catalogue at scale', () => {
	test.beforeEach(async ({ page, createUser, signIn }) => {
		await signIn(page, await createUser({ roles: ['admin'], name: 'Admin E2E' }))
	})

	test('bulk-deactivate three products; inline stock; low stock and sold out flagged; a parent category filter with its subcategories', async ({
		page,
		database,
	}) => {
		const id = unique()
		const [parent] = await database.db
			.insert(categories)
			.values({ name: `Părinte ${id}`, slug: `parinte-${id}` })
			.returning()
		const [child] = await database.db
			.insert(categories)
			.values({ name: `Copil ${id}`, slug: `copil-${id}`, parentId: parent!.id })
			.returning()
		const made = await database.db
			.insert(products)
			.values(
				[7, 2, 0, 9].map((stock, index) => ({
					slug: `scara-${id}-${index}`,
					name: `Scară ${id} ${index}`,
					kind: 'candle' as const,
					categoryId: child!.id,
					priceCents: 1500,
					stock,
				})),
			)
			.returning()
		try {
			// Filtering by the parent shows its subcategory's products.
			await page.goto(`/admin/products?category=${parent!.id}`)
			await waitForHydration(page)
			await expect(page.getByRole('row', { name: new RegExp(`Scară ${id}`) })).toHaveCount(4)
			const row = (index: number) => page.getByRole('row', { name: new RegExp(`Scară ${id} ${index}`) })
			await expect(row(1).locator('[data-stock-flag="low"]')).toHaveText('Stoc redus')
			await expect(row(2).locator('[data-stock-flag="out"]')).toHaveText('Stoc epuizat')
			await expect(row(0).locator('[data-stock-flag]')).toHaveCount(0)

			// Inline stock: typed and saved in the row.
			await page.getByLabel(`Stoc pentru Scară ${id} 2`).fill('4')
			await page.getByRole('button', { name: `Salvează stocul pentru Scară ${id} 2` }).click()
			await expect(toast(page, 'Stocul a fost actualizat')).toBeVisible()
			await expect.poll(async () => (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, made[2]!.id)))[0]?.stock).toBe(4)
			await expect(row(2).locator('[data-stock-flag="low"]')).toHaveText('Stoc redus')

			// The owner's threshold: at 1, a product with 2 is no longer low.
			await page.getByLabel('Prag stoc redus').fill('1')
			await page.getByRole('button', { name: 'Salvează pragul' }).click()
			await expect(toast(page, 'Pragul de stoc redus a fost salvat')).toBeVisible()
			await expect(row(1).locator('[data-stock-flag]')).toHaveCount(0)
			await page.getByLabel('Prag stoc redus').fill('5')
			await page.getByRole('button', { name: 'Salvează pragul' }).click()
			await expect(row(1).locator('[data-stock-flag="low"]')).toBeVisible()

			// Bulk: three ticked, deactivated in one go.
			for (const index of [0, 1, 3]) await page.getByRole('checkbox', { name: `Selectează produsul Scară ${id} ${index}` }).check()
			await expect(page.getByTestId('bulk-count')).toHaveText('3 selectate')
			await page.getByLabel('Acțiune pentru produsele selectate').selectOption('deactivate')
			await page.getByRole('button', { name: 'Aplică' }).click()
			await expect(toast(page, 'Produse dezactivate: 3')).toBeVisible()
			const states = await database.db
				.select({ slug: products.slug, isActive: products.isActive })
				.from(products)
				.where(like(products.slug, `scara-${id}-%`))
			expect(Object.fromEntries(states.map((state) => [state.slug, state.isActive]))).toEqual({
				[`scara-${id}-0`]: false,
				[`scara-${id}-1`]: false,
				[`scara-${id}-2`]: true,
				[`scara-${id}-3`]: false,
			})
			await expect(page.getByTestId('bulk-count')).toHaveText('0 selectate')
			await expect(row(0)).toContainText('Inactiv')

			// A search that finds nothing says what was filtered.
			await page.goto(`/admin/products?q=nimic-${id}&category=${parent!.id}`)
			await expect(
				page.getByText(`Niciun produs nu corespunde filtrului: căutarea „nimic-${id}”, categoria „Părinte ${id}” și subcategoriile ei`),
			).toBeVisible()
		} finally {
			await database.db.delete(products).where(
				inArray(
					products.id,
					made.map((product) => product.id),
				),
			)
			await database.db.delete(categories).where(eq(categories.id, parent!.id))
		}
	})

	test('an inactive product: staff preview it from "view in shop", customers get 404', async ({ page, database, browser, baseURL }) => {
		const id = unique()
		const [product] = await database.db
			.insert(products)
			.values({ slug: `ascuns-${id}`, name: `Ascuns ${id}`, kind: 'candle', priceCents: 2500, stock: 3, isActive: false })
			.returning()
		try {
			await page.goto(`/admin/products?q=${id}`)
			await waitForHydration(page)
			const link = page.getByRole('link', { name: `Vezi în magazin: Ascuns ${id} (se deschide într-o filă nouă)` })
			await expect(link).toHaveAttribute('href', `/ro/product/ascuns-${id}`)
			const [preview] = await Promise.all([page.context().waitForEvent('page'), link.click()])
			await preview.waitForLoadState()
			await expect(preview.getByRole('heading', { name: `Ascuns ${id}`, level: 1 })).toBeVisible()
			await expect(preview.getByTestId('product-preview')).toBeVisible()

			const customer = await browser.newContext({ baseURL })
			const response = await customer.request.get(`/ro/product/ascuns-${id}`)
			expect(response.status()).toBe(404)
			expect(await response.text()).not.toContain(`Ascuns ${id}`)
			await customer.close()
		} finally {
			await database.db.delete(products).where(eq(products.id, product!.id))
		}
	})

	test('deleting a category says how many products it holds and moves them where the owner says', async ({ page, database }) => {
		const id = unique()
		const [doomed] = await database.db
			.insert(categories)
			.values({ name: `De șters ${id}`, slug: `de-sters-${id}` })
			.returning()
		const [sub] = await database.db
			.insert(categories)
			.values({ name: `Sub de șters ${id}`, slug: `sub-de-sters-${id}`, parentId: doomed!.id })
			.returning()
		const [target] = await database.db
			.insert(categories)
			.values({ name: `Țintă ${id}`, slug: `tinta-${id}` })
			.returning()
		const made = await database.db
			.insert(products)
			.values([
				{ slug: `mutat-${id}-a`, name: `Mutat ${id} A`, kind: 'candle', categoryId: doomed!.id, priceCents: 1000, stock: 1 },
				{ slug: `mutat-${id}-b`, name: `Mutat ${id} B`, kind: 'candle', categoryId: sub!.id, priceCents: 1000, stock: 1 },
			])
			.returning()
		try {
			await page.goto('/admin/categories')
			await waitForHydration(page)
			await page.getByRole('button', { name: `Șterge categoria De șters ${id}` }).click()
			const dialog = page.getByRole('dialog', { name: 'Ești sigur?' })
			await expect(dialog).toContainText('Categoria conține 2 produse (împreună cu subcategoriile ei). Ce se întâmplă cu ele?')
			const targets = await dialog.getByLabel('Categoria în care se mută produsele').locator('option').allTextContents()
			expect(targets).not.toContain(`Sub de șters ${id}`)
			await dialog.getByLabel('Categoria în care se mută produsele').selectOption({ label: `Țintă ${id}` })
			await dialog.getByRole('button', { name: 'Șterge' }).click()
			await expect(toast(page, 'Categoria a fost ștearsă; 2 produse au fost mutate')).toBeVisible()
			const rows = await database.db
				.select({ categoryId: products.categoryId, isActive: products.isActive })
				.from(products)
				.where(
					inArray(
						products.id,
						made.map((product) => product.id),
					),
				)
			expect(rows).toEqual([
				{ categoryId: target!.id, isActive: true },
				{ categoryId: target!.id, isActive: true },
			])
		} finally {
			await database.db.delete(products).where(
				inArray(
					products.id,
					made.map((product) => product.id),
				),
			)
			await database.db.delete(categories).where(inArray(categories.id, [doomed!.id, target!.id]))
		}
	})
})
