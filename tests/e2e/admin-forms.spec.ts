import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { categories } from '#db/schema/index.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/**
 * ADR 0101, 0103: the admin edit forms are route actions reading FormData. They work before the
 * page's JavaScript has loaded, and what is typed before hydration stays when the page hydrates.
 */
const unique = () => crypto.randomBytes(4).toString('hex')

test.describe('admin category form', () => {
	test.beforeEach(async ({ page, createUser, signIn }) => {
		await signIn(page, await createUser({ roles: ['admin'] }))
	})

	test('a name typed before the page hydrates is kept, and saved with its slug', async ({ page, database }) => {
		const id = unique()
		// Hold the page's modules until the name is typed.
		let release: () => void = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route(/\/assets\/.*\.js$/, async (route) => {
			await held
			await route.continue()
		})
		await page.goto('/admin/categories/new', { waitUntil: 'domcontentloaded' })
		await page.getByLabel('Nume').fill(`Înainte de JavaScript ${id}`)
		release()
		await waitForHydration(page)
		await expect(page.getByLabel('Nume')).toHaveValue(`Înainte de JavaScript ${id}`)
		// The slug follows the name once the page runs.
		await page.getByLabel('Nume').press('End')
		await page.getByLabel('Nume').pressSequentially('!')
		await expect(page.getByLabel('Slug')).toHaveValue(`inainte-de-javascript-${id}`)
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page).toHaveURL(/\/admin\/categories$/)
		const [row] = await database.db
			.select()
			.from(categories)
			.where(eq(categories.slug, `inainte-de-javascript-${id}`))
		expect(row?.name).toBe(`Înainte de JavaScript ${id}!`)
		await database.db.delete(categories).where(eq(categories.id, row!.id))
	})
})

test.describe('admin category form without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a refused save keeps what was typed and shows the error; a good one saves', async ({ page, createUser, signIn, database }) => {
		await signIn(page, await createUser({ roles: ['admin'] }))
		const id = unique()
		await page.goto('/admin/categories/new')
		await page.getByLabel('Nume').fill(`Fără JavaScript ${id}`)
		await page.getByLabel('Slug').fill('Slug Greșit')
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page.getByText('Slug-ul poate conține doar litere mici, cifre și cratime')).toBeVisible()
		await expect(page.getByLabel('Nume')).toHaveValue(`Fără JavaScript ${id}`)
		await expect(page.getByLabel('Slug')).toHaveValue('Slug Greșit')
		await page.getByLabel('Slug').fill(`fara-javascript-${id}`)
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page).toHaveURL(/\/admin\/categories$/)
		const [row] = await database.db
			.select()
			.from(categories)
			.where(eq(categories.slug, `fara-javascript-${id}`))
		expect(row?.name).toBe(`Fără JavaScript ${id}`)
		expect(row?.isActive).toBe(true)
		await database.db.delete(categories).where(eq(categories.id, row!.id))
	})
})
