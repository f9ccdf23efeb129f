import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { categories, homeContent, products } from '#db/schema/index.ts'
import { productFormValues } from '#server/catalog/admin-products.ts'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/**
 * ADR 0225 as the owner meets it: two tabs edit one record. The second save is refused with what
 * the other tab changed, nothing typed is lost, and "apply my changes on top" saves the admin's
 * own fields while keeping the other tab's.
 */

const unique = () => crypto.randomBytes(4).toString('hex')

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-toast]').filter({ hasText: text })
}

/** A second tab of the same browser (same session), with the form loaded and hydrated. */
async function openTabs(page: Page, url: string) {
	const other = await page.context().newPage()
	for (const tab of [page, other]) {
		await tab.goto(url)
		await waitForHydration(tab)
	}
	return other
}

const applyOnTop = (page: Page) => page.getByRole('button', { name: 'Aplică modificările mele peste' })

test.describe('admin: a save over another tab’s change', () => {
	test.beforeEach(async ({ page, createUser, signIn }) => {
		await signIn(page, await createUser({ roles: ['admin'], name: 'Admin conflicte' }))
	})

	test('product: the price in one tab, the description in the other; refused with what changed, then applied on top', async ({ page, database, baseURL }) => {
		const id = unique()
		const [category] = await database.db
			.insert(categories)
			.values({ name: `Conflicte ${id}`, slug: `conflicte-${id}` })
			.returning()
		const [product] = await database.db
			.insert(products)
			.values({
				slug: `conflict-${id}`,
				name: `Lumânare conflict ${id}`,
				kind: 'candle',
				categoryId: category!.id,
				priceCents: 2750,
				stock: 5,
				description: 'Prima',
			})
			.returning()
		const row = async () =>
			(await database.db.select({ priceCents: products.priceCents, description: products.description }).from(products).where(eq(products.id, product!.id)))[0]!
		try {
			const url = `/admin/products/${product!.id}`
			const tabB = await openTabs(page, url)
			// Tab B sets the price and saves.
			await tabB.getByLabel('Preț (EUR)').fill('29.90')
			await tabB.getByRole('button', { name: 'Salvează' }).click()
			await expect(tabB).toHaveURL(/\/admin\/products$/)
			expect(await row()).toEqual({ priceCents: 2990, description: 'Prima' })
			await tabB.close()

			// Tab A, opened earlier, edits only the description: refused, saying the price changed.
			await page.getByLabel('Descriere').fill('Ceară de soia, fitil de bumbac')
			await page.getByRole('button', { name: 'Salvează' }).click()
			const notice = page.getByRole('alert').filter({ hasText: 'Între timp, altcineva a modificat: preț.' })
			await expect(notice).toBeVisible()
			await expect(toast(page, 'Între timp, altcineva a modificat: preț.')).toBeVisible()
			await expect(page).toHaveURL(new RegExp(`${url}$`))
			// Nothing typed is lost; the field the admin did not touch shows the other tab's price.
			await expect(page.getByLabel('Descriere')).toHaveValue('Ceară de soia, fitil de bumbac')
			await expect(page.getByLabel('Preț (EUR)')).toHaveValue('29,90')
			await expect(page.getByLabel('Preț (EUR)')).toHaveAttribute('aria-invalid', 'true')
			expect(await row()).toEqual({ priceCents: 2990, description: 'Prima' })

			// The same stale form sent by hand is a 409 with the message.
			const loaded = productFormValues(product!)
			const { badges: _badges, images: _images, ...fields } = loaded
			const stale = await page.request.post(url, {
				headers: { Origin: new URL(baseURL!).origin },
				form: { ...fields, description: 'Din scriptul vechi', version: String(product!.version), loaded: JSON.stringify(loaded) },
			})
			expect(stale.status()).toBe(409)
			expect(await stale.text()).toContain('Între timp, altcineva a modificat: preț.')

			// Applied on top: the description is saved and the other tab's price stays.
			await applyOnTop(page).click()
			await expect(page).toHaveURL(/\/admin\/products$/)
			await expect(toast(page, 'Produsul a fost actualizat')).toBeVisible()
			expect(await row()).toEqual({ priceCents: 2990, description: 'Ceară de soia, fitil de bumbac' })
		} finally {
			await database.db.delete(products).where(eq(products.id, product!.id))
			await database.db.delete(categories).where(eq(categories.id, category!.id))
		}
	})

	test('category: the display order in one tab, the description in the other; "reload" shows the newest, "apply on top" keeps both', async ({
		page,
		database,
	}) => {
		const id = unique()
		const [category] = await database.db
			.insert(categories)
			.values({ name: `Categorie conflict ${id}`, slug: `categorie-conflict-${id}`, displayOrder: 1, description: 'Prima' })
			.returning()
		const row = async () =>
			(
				await database.db
					.select({ displayOrder: categories.displayOrder, description: categories.description })
					.from(categories)
					.where(eq(categories.id, category!.id))
			)[0]!
		try {
			const url = `/admin/categories/${category!.id}`
			const tabB = await openTabs(page, url)
			await tabB.getByLabel('Ordine').fill('5')
			await tabB.getByRole('button', { name: 'Salvează' }).click()
			await expect(tabB).toHaveURL(/\/admin\/categories$/)
			await tabB.close()

			await page.getByLabel('Descriere').fill('Pentru cei dragi')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page.getByRole('alert').filter({ hasText: 'Între timp, altcineva a modificat: ordine.' })).toBeVisible()
			await expect(page.getByLabel('Descriere')).toHaveValue('Pentru cei dragi')
			await expect(page.getByLabel('Ordine')).toHaveValue('5')
			expect(await row()).toEqual({ displayOrder: 5, description: 'Prima' })

			// "Reload" would drop the typed text for the newest version: typed again, then applied on top.
			await page.getByRole('button', { name: 'Reîncarcă versiunea nouă' }).click()
			await expect(page.getByLabel('Descriere')).toHaveValue('Prima')
			await page.getByLabel('Descriere').fill('Pentru cei dragi')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(/\/admin\/categories$/)
			await expect(toast(page, 'Categoria a fost actualizată')).toBeVisible()
			expect(await row()).toEqual({ displayOrder: 5, description: 'Pentru cei dragi' })

			// And the same again straight through "apply my changes on top".
			const tabC = await openTabs(page, url)
			await tabC.getByLabel('Ordine').fill('7')
			await tabC.getByRole('button', { name: 'Salvează' }).click()
			await expect(tabC).toHaveURL(/\/admin\/categories$/)
			await tabC.close()
			await page.getByLabel('Descriere').fill('A treia')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page.getByRole('alert').filter({ hasText: 'Între timp, altcineva a modificat: ordine.' })).toBeVisible()
			await expect(page.getByLabel('Descriere')).toHaveValue('A treia')
			await applyOnTop(page).click()
			await expect(page).toHaveURL(/\/admin\/categories$/)
			expect(await row()).toEqual({ displayOrder: 7, description: 'A treia' })
		} finally {
			await database.db.delete(categories).where(eq(categories.id, category!.id))
		}
	})
})

// The home page is one for the whole shop: this runs on a shop of its own, so the shared shop's home
// page, which other tests read, never changes.
test.describe('admin: the home page saved over another tab’s change', () => {
	test.describe.configure({ mode: 'default' })
	let shop: ShopProcess
	let handle: DatabaseHandle
	let dropDatabase: () => Promise<void>

	test.beforeAll(async () => {
		test.setTimeout(120_000)
		const database = await createTemporaryPostgresDatabase('e2e-home-conflict')
		dropDatabase = database.drop
		shop = await startShop({ env: { DATABASE_URL: database.url } })
		handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
	})

	test.afterAll(async () => {
		await shop?.stop()
		await handle?.close()
		await dropDatabase?.()
		if (shop) await fs.rm(shop.dataDir, { recursive: true, force: true })
	})

	test('the hero title in one tab, the story in the other; refused with what changed, then applied on top', async ({ page }) => {
		const admin = await createTestUser(handle.db, { roles: ['admin'] })
		const cookie = await createSessionCookie(handle.db, admin.id)
		await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])
		const row = async () => (await handle.db.select({ heroTitle: homeContent.heroTitle, storyText: homeContent.storyText }).from(homeContent))[0]

		const tabB = await openTabs(page, `${shop.url}/admin/home`)
		await tabB.getByLabel('Titlu hero').fill('Lumini de iarnă')
		await tabB.getByRole('button', { name: 'Salvează' }).click()
		await expect(toast(tabB, 'Pagina principală a fost salvată')).toBeVisible()
		await tabB.close()

		await page.getByLabel('Textul poveștii').fill('Totul a început într-o bucătărie.')
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'Între timp, altcineva a modificat: titlu hero.' })).toBeVisible()
		await expect(page.getByLabel('Textul poveștii')).toHaveValue('Totul a început într-o bucătărie.')
		await expect(page.getByLabel('Titlu hero')).toHaveValue('Lumini de iarnă')
		expect(await row()).toEqual({ heroTitle: 'Lumini de iarnă', storyText: null })

		await applyOnTop(page).click()
		await expect(toast(page, 'Pagina principală a fost salvată')).toBeVisible()
		await expect.poll(row).toEqual({ heroTitle: 'Lumini de iarnă', storyText: 'Totul a început într-o bucătărie.' })
	})
})
