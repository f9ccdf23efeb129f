import { expect, test, waitForHydration } from './fixtures.ts'

/** ADR 0103: an error in an admin page stays in the admin, in Romanian, with the admin navigation kept. */
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
