import { expect, test, waitForHydration } from './fixtures.ts'

/** An editor in the admin (ADR 0236): the catalogue, media, home page and translations; the money pages send them away. */

test('an editor lands on the products, sees only their pages in the navigation, and is sent away from orders', async ({ page, createUser, signIn }) => {
	await signIn(page, await createUser({ roles: ['editor'] }))
	await page.goto('/admin')
	await expect(page).toHaveURL(/\/admin\/products$/)
	await waitForHydration(page)
	const nav = page.getByRole('navigation', { name: 'Navigare administrare' })
	await expect(nav.getByRole('link')).toHaveText(['Categorii', 'Produse', 'Media', 'Pagina principală', 'Traduceri'])
	await nav.getByRole('link', { name: 'Categorii' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Categorii' })).toBeVisible()

	// Orders are money: not for an editor, however they get there.
	await page.goto('/admin/orders')
	await expect(page).not.toHaveURL(/\/admin/)
})
