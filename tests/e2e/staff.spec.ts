import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/**
 * ADR 0112: the staff screen at phone width. "The last administrator" needs a shop with exactly one
 * admin, which the shared e2e shop (other specs make admins in parallel) cannot promise, so this
 * spec runs its own shop on its own database.
 */
let shop: ShopProcess
let database: Awaited<ReturnType<typeof createTemporaryPostgresDatabase>>
let handle: DatabaseHandle

test.beforeAll(async () => {
	database = await createTemporaryPostgresDatabase('e2estaff')
	shop = await startShop({ env: { DATABASE_URL: database.url, SEED_DEMO_CATALOG: '0', PAYMENTS_TEST_MODE: '1' } })
	handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
})
test.afterAll(async () => {
	await handle?.close()
	await shop?.stop()
	await database?.drop()
})

test('an admin grants and revokes editor, cannot remove the last admin, at 375 px without sideways scroll', async ({ page }) => {
	const admin = await createTestUser(handle.db, { roles: ['admin'], email: `sefa-${Date.now()}@example.com` })
	const helper = await createTestUser(handle.db, { email: `ajutor-${Date.now()}@example.com`, name: 'Ioana Ajutor' })
	const cookie = await createSessionCookie(handle.db, admin.id)
	await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])
	await page.setViewportSize({ width: 375, height: 812 })

	const noSidewaysScroll = async () => {
		const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }))
		expect(widths.page).toBeLessThanOrEqual(widths.viewport)
	}

	await page.goto(`${shop.url}/admin/staff`)
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1, name: 'Echipa magazinului' })).toBeVisible()
	await expect(page.getByText(`${admin.email} (tu)`)).toBeVisible()
	await noSidewaysScroll()

	// Grant editor to an existing account.
	await page.getByLabel('Email', { exact: true }).fill(helper.email)
	await page.locator('select[name="role"]').selectOption('editor')
	await page.getByRole('button', { name: 'Acordă rolul' }).click()
	await expect(page.getByText(`Rolul editor a fost acordat: ${helper.email}`)).toBeVisible()
	const revokeEditor = page.getByRole('button', { name: `Retrage rolul editor pentru ${helper.email}` })
	await expect(revokeEditor).toBeVisible()
	await noSidewaysScroll()

	// Revoke it again.
	await revokeEditor.click()
	await expect(page.getByText(`Rolul editor a fost retras: ${helper.email}`)).toBeVisible()
	await expect(revokeEditor).toHaveCount(0)

	// The only administrator cannot take admin from themselves.
	await page.getByRole('button', { name: `Retrage rolul administrator pentru ${admin.email}` }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'este ultimul administrator' }).first()).toBeVisible()
	await expect(page.getByRole('button', { name: `Retrage rolul administrator pentru ${admin.email}` })).toBeVisible()
	await page.goto(`${shop.url}/admin/staff`)
	await expect(page.getByRole('heading', { level: 1, name: 'Echipa magazinului' })).toBeVisible()

	// An email with no account is refused, and what was typed stays.
	await waitForHydration(page)
	await page.getByLabel('Email', { exact: true }).fill('nimeni-aici@example.com')
	await page.getByRole('button', { name: 'Acordă rolul' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'Nu există niciun cont cu adresa nimeni-aici@example.com' }).first()).toBeVisible()
	await expect(page.getByLabel('Email', { exact: true })).toHaveValue('nimeni-aici@example.com')
	await noSidewaysScroll()
})
