import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { categories, products, sessions } from '#db/schema/index.ts'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { postgresTarget, startTcpProxy, throughProxy, type TcpProxy } from '../support/tcp-proxy.ts'
import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'

/** ADR 0126: a failed save keeps what was typed. */

const unique = () => crypto.randomBytes(4).toString('hex')

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-toast]').filter({ hasText: text })
}

test.describe.configure({ mode: 'default' })

test.describe('a save during a database outage', () => {
	let shop: ShopProcess
	let proxy: TcpProxy
	let handle: DatabaseHandle
	let dropDatabase: () => Promise<void>

	test.beforeAll(async () => {
		test.setTimeout(120_000)
		const database = await createTemporaryPostgresDatabase('e2e-outage')
		dropDatabase = database.drop
		proxy = await startTcpProxy(postgresTarget(database.url))
		shop = await startShop({ env: { DATABASE_URL: throughProxy(database.url, proxy.port) } })
		handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
	})
	test.afterAll(async () => {
		await shop?.stop()
		await proxy?.close()
		await handle?.close()
		await dropDatabase?.()
		if (shop) await fs.rm(shop.dataDir, { recursive: true, force: true })
	})

	test('keeps the typed form and shows the spec message; after the outage the same save succeeds', async ({ page, consoleErrors }) => {
		test.setTimeout(120_000)
		const id = unique()
		const user = await createTestUser(handle.db, { roles: ['admin'] })
		const cookie = await createSessionCookie(handle.db, user.id)
		await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])
		const [category] = await handle.db
			.insert(categories)
			.values({ name: `Pană ${id}`, slug: `pana-${id}` })
			.returning()
		const [product] = await handle.db
			.insert(products)
			.values({ slug: `pana-${id}`, name: `Lumânare pană ${id}`, kind: 'candle', categoryId: category!.id, priceCents: 2000, stock: 4, description: 'Veche' })
			.returning()

		await page.goto(`${shop.url}/admin/products/${product!.id}`)
		await waitForHydration(page)
		await page.getByLabel('Descriere').fill('Scrisă în timpul penei')
		await page.getByLabel('Preț (EUR)').fill('24.50')

		proxy.cut()
		try {
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(toast(page, 'Nu s-a putut salva produsul')).toBeVisible({ timeout: 30_000 })
			await expect(page.locator('[data-toast="error"]').first()).toBeVisible()
			// Still the form, as typed: not an error page.
			await expect(page).toHaveURL(`${shop.url}/admin/products/${product!.id}`)
			await expect(page.getByRole('heading', { name: 'Editează produsul' })).toBeVisible()
			await expect(page.getByLabel('Descriere')).toHaveValue('Scrisă în timpul penei')
			await expect(page.getByLabel('Preț (EUR)')).toHaveValue('24.50')
		} finally {
			proxy.restore()
		}

		// The database is back: the same save goes through (the pool reconnects by itself).
		await expect(async () => {
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(`${shop.url}/admin/products`, { timeout: 5_000 })
		}).toPass({ timeout: 45_000 })
		await expect(toast(page, 'Produsul a fost actualizat')).toBeVisible()
		const [saved] = await handle.db.select().from(products).where(eq(products.id, product!.id))
		expect(saved).toMatchObject({ description: 'Scrisă în timpul penei', priceCents: 2450, stock: 4 })
		// The browser logs the outage's 503 answers: expected here, and nothing else may be logged.
		const others = consoleErrors.filter((message) => !message.includes('status of 503'))
		consoleErrors.splice(0, consoleErrors.length, ...others)
	})
})

test.describe('admin forms keep what was typed', () => {
	test('saving a product deleted in another tab shows a toast and keeps the form', async ({ page, database, createUser, signIn }) => {
		await signIn(page, await createUser({ roles: ['admin'] }))
		const id = unique()
		const [category] = await database.db
			.insert(categories)
			.values({ name: `Tab ${id}`, slug: `tab-${id}` })
			.returning()
		const [product] = await database.db
			.insert(products)
			.values({ slug: `tab-${id}`, name: `Lumânare tab ${id}`, kind: 'candle', categoryId: category!.id, priceCents: 2000, stock: 4 })
			.returning()
		try {
			await page.goto(`/admin/products/${product!.id}`)
			await waitForHydration(page)
			await page.getByLabel('Descriere').fill('Scris degeaba?')
			await database.db.delete(products).where(eq(products.id, product!.id))
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(toast(page, 'Nu s-a putut salva produsul')).toBeVisible()
			await expect(page.getByRole('heading', { name: 'Editează produsul' })).toBeVisible()
			await expect(page.getByLabel('Descriere')).toHaveValue('Scris degeaba?')
		} finally {
			await database.db.delete(categories).where(eq(categories.id, category!.id))
		}
	})

	test('an expired session on save signs in and comes back to the form with its content', async ({ page, database, createUser, signIn, baseURL }) => {
		await useLanguage(page, baseURL!, 'ro')
		const admin = await createUser({ roles: ['admin'] })
		await signIn(page, admin)
		const id = unique()
		const [category] = await database.db
			.insert(categories)
			.values({ name: `Sesiune ${id}`, slug: `sesiune-${id}` })
			.returning()
		try {
			await page.goto('/admin/categories/new')
			await waitForHydration(page)
			await page.getByLabel('Nume').fill(`Categorie după sesiune ${id}`)
			await page.getByLabel('Descriere').fill('Tastată înainte să expire sesiunea')
			// The session ends meanwhile.
			await database.db.delete(sessions).where(eq(sessions.userId, admin.id))
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadmin%2Fcategories%2Fnew/)
			await waitForHydration(page)
			await page.getByLabel('Email').fill(admin.email)
			await page.getByLabel('Parolă').fill(admin.password)
			await page.getByRole('button', { name: 'Autentificare' }).click()
			await expect(page).toHaveURL(/\/admin\/categories\/new$/)
			await expect(toast(page, 'Formularul a fost restaurat')).toBeVisible()
			await expect(page.getByLabel('Nume')).toHaveValue(`Categorie după sesiune ${id}`)
			await expect(page.getByLabel('Descriere')).toHaveValue('Tastată înainte să expire sesiunea')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(toast(page, 'Categoria a fost creată cu succes!')).toBeVisible()
		} finally {
			await database.db.delete(categories).where(eq(categories.slug, `categorie-dupa-sesiune-${id}`))
			await database.db.delete(categories).where(eq(categories.id, category!.id))
		}
	})

	test('leaving a form with unsaved changes asks first', async ({ page, createUser, signIn }) => {
		await signIn(page, await createUser({ roles: ['admin'] }))
		await page.goto('/admin/categories/new')
		await waitForHydration(page)
		await page.getByLabel('Nume').fill('Nesalvată')
		await page.getByRole('link', { name: 'Anulează' }).click()
		const dialog = page.getByRole('dialog', { name: 'Ai modificări nesalvate' })
		await expect(dialog).toBeVisible()
		await dialog.getByRole('button', { name: 'Anulează' }).click()
		await expect(page).toHaveURL(/\/admin\/categories\/new$/)
		await expect(page.getByLabel('Nume')).toHaveValue('Nesalvată')
		await page.getByRole('link', { name: 'Anulează' }).click()
		await page.getByRole('dialog', { name: 'Ai modificări nesalvate' }).getByRole('button', { name: 'Pleacă fără să salvezi' }).click()
		await expect(page).toHaveURL(/\/admin\/categories$/)
	})

	test('toasts stack without dropping, wait while hovered, and errors are announced assertively', async ({ page, createUser, signIn }) => {
		await signIn(page, await createUser({ roles: ['admin'] }))
		await page.goto('/admin/media')
		await waitForHydration(page)
		// Six refused files in one batch: six toasts.
		const files = Array.from({ length: 6 }, (_, index) => ({ name: `nu-e-imagine-${index}.txt`, mimeType: 'text/plain', buffer: Buffer.from('text') }))
		await page.locator('input[type="file"]').first().setInputFiles(files)
		await expect(page.locator('[data-toast="error"]')).toHaveCount(6)
		await expect(page.locator('[aria-live="assertive"] [data-toast="error"]')).toHaveCount(6)
		// Hovered, the first one stays past its 8 seconds; the others go.
		await page.locator('[data-toast="error"]').first().hover()
		await expect(page.locator('[data-toast="error"]')).toHaveCount(1, { timeout: 15_000 })
		await page.mouse.move(0, 0)
		await expect(page.locator('[data-toast="error"]')).toHaveCount(0, { timeout: 15_000 })
	})
})
