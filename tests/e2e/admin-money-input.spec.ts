import crypto from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { Locator, Page } from '@playwright/test'
import { categories, orderRefunds, orders, products } from '#db/schema/index.ts'
import { MEASURE_FIELDS } from '#domain/forms/admin-product.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { orderFixtures } from './order-fixtures.ts'

/**
 * ADR 0220: every money field reads an amount as its writer means it, in a browser set to Romanian
 * or Spanish, and refuses what it cannot read, keeping what was typed. The owner's report: "27,50"
 * typed in a Romanian Chromium saved 2.750,00 €.
 */

const unique = () => crypto.randomBytes(4).toString('hex')
const MALFORMED = '„27.5.0” nu este un număr; scrie, de exemplu, 27,50 sau 1.234,50'

const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast]').filter({ hasText: text })

/** The message shown under a field (the element its aria-describedby names). */
async function fieldMessage(page: Page, field: Locator) {
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	const id = await field.getAttribute('aria-describedby')
	return page.locator(`[id="${id}"]`)
}

/** Types as a person does, key by key, into an emptied field. */
async function typeInto(field: Locator, text: string) {
	await field.fill('')
	await field.pressSequentially(text)
	await expect(field).toHaveValue(text)
}

for (const locale of ['ro-RO', 'es-ES']) {
	test.describe(`money fields in a ${locale} browser`, () => {
		test.use({ locale })
		const made = { categories: [] as string[], products: [] as string[] }

		test.beforeEach(async ({ page, createUser, signIn }) => {
			await signIn(page, await createUser({ roles: ['admin'], name: 'Admin E2E' }))
			expect(await page.evaluate(() => navigator.language)).toBe(locale)
		})
		test.afterEach(async ({ database }) => {
			if (made.products.length) await database.db.delete(products).where(inArray(products.id, made.products.splice(0)))
			if (made.categories.length) await database.db.delete(categories).where(inArray(categories.id, made.categories.splice(0)))
		})

		test('a new product and an edited one: 27,50 saves 27.50 €, 27.5.0 is refused with the message and the form kept', async ({ page, database }) => {
			const id = unique()
			const [category] = await database.db
				.insert(categories)
				.values({ name: `Bani ${id}`, slug: `bani-${id}` })
				.returning()
			made.categories.push(category!.id)
			const name = `Lumânare bani ${id}`

			await page.goto('/admin/products/new')
			await waitForHydration(page)
			const price = page.getByLabel('Preț (EUR)')
			await expect(price).toHaveAttribute('type', 'text')
			await page.getByLabel('Nume').fill(name)
			await page.getByLabel('Categorie', { exact: true }).selectOption({ label: category!.name })
			await page.getByLabel('Stoc').fill('3')
			await typeInto(price, '27.5.0')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(toast(page, MALFORMED)).toBeVisible()
			await expect(await fieldMessage(page, price)).toHaveText(MALFORMED)
			await expect(page).toHaveURL(/\/admin\/products\/new$/)
			await expect(price).toHaveValue('27.5.0')
			await expect(page.getByLabel('Nume')).toHaveValue(name)
			await expect(page.getByLabel('Stoc')).toHaveValue('3')
			expect(await database.db.select().from(products).where(eq(products.name, name))).toEqual([])

			await typeInto(price, '27,50')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(/\/admin\/products$/)
			await expect(toast(page, 'Produsul a fost creat')).toBeVisible()
			const [created] = await database.db.select().from(products).where(eq(products.name, name))
			made.products.push(created!.id)
			expect(created!.priceCents).toBe(2750)
			await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('27,50 €')

			// Editing: the form shows the price the Romanian way, and the same refusal keeps what was typed.
			await page.goto(`/admin/products/${created!.id}`)
			await waitForHydration(page)
			await expect(price).toHaveValue('27,50')
			await page.getByLabel('Nume').fill(`${name} editat`)
			await typeInto(price, '27.5.0')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(await fieldMessage(page, price)).toHaveText(MALFORMED)
			await expect(price).toHaveValue('27.5.0')
			await expect(page.getByLabel('Nume')).toHaveValue(`${name} editat`)
			expect((await database.db.select().from(products).where(eq(products.id, created!.id)))[0]).toMatchObject({ name, priceCents: 2750 })

			await typeInto(price, '1.234,50')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(/\/admin\/products$/)
			expect((await database.db.select().from(products).where(eq(products.id, created!.id)))[0]).toMatchObject({ name: `${name} editat`, priceCents: 123_450 })
			await page.goto(`/admin/products/${created!.id}`)
			await waitForHydration(page)
			await typeInto(price, '27,50')
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(/\/admin\/products$/)
			expect((await database.db.select().from(products).where(eq(products.id, created!.id)))[0]!.priceCents).toBe(2750)
		})

		test('the server reads the price again: 27.5.0 posted without the page is refused with the message and sent back as typed', async ({
			page,
			database,
			baseURL,
		}) => {
			const id = unique()
			const [category] = await database.db
				.insert(categories)
				.values({ name: `Server ${id}`, slug: `server-${id}` })
				.returning()
			made.categories.push(category!.id)
			const form = {
				name: `Postat ${id}`,
				slug: `postat-${id}`,
				description: '',
				kind: 'candle',
				categoryId: category!.id,
				stock: '2',
				portraitSize: '',
				...Object.fromEntries(['scent', 'smellsLike', 'waxColor', 'containerType', ...MEASURE_FIELDS].map((field) => [field, ''])),
			}
			const refused = await page.request.post('/admin/products/new', { headers: { Origin: new URL(baseURL!).origin }, form: { ...form, price: '27.5.0' } })
			expect(refused.status()).toBe(400)
			const html = await refused.text()
			expect(html).toContain(MALFORMED)
			expect(html).toContain('value="27.5.0"')
			expect(await database.db.select().from(products).where(eq(products.slug, form.slug))).toEqual([])

			const saved = await page.request.post('/admin/products/new', { headers: { Origin: new URL(baseURL!).origin }, form: { ...form, price: '27,50' } })
			expect(saved.status()).toBeLessThan(400)
			const [created] = await database.db.select().from(products).where(eq(products.slug, form.slug))
			made.products.push(created!.id)
			expect(created!.priceCents).toBe(2750)
		})

		test('the bulk price reads 27,50 as 27.50 € and refuses 27.5.0, keeping the selection and what was typed', async ({ page, database }) => {
			const id = unique()
			const [category] = await database.db
				.insert(categories)
				.values({ name: `Masă ${id}`, slug: `masa-${id}` })
				.returning()
			made.categories.push(category!.id)
			const [product] = await database.db
				.insert(products)
				.values({ slug: `masa-${id}`, name: `Lumânare masă ${id}`, kind: 'candle', categoryId: category!.id, priceCents: 1000, stock: 5 })
				.returning()
			made.products.push(product!.id)

			await page.goto(`/admin/products?q=${encodeURIComponent(product!.name)}`)
			await waitForHydration(page)
			await page.getByRole('checkbox', { name: `Selectează produsul ${product!.name}` }).check()
			await page.getByLabel('Acțiune pentru produsele selectate').selectOption('price')
			const value = page.getByRole('textbox', { name: 'Setează prețul (EUR)' })
			await typeInto(value, '27.5.0')
			await page.getByRole('button', { name: 'Aplică' }).click()
			await expect(toast(page, MALFORMED)).toBeVisible()
			await expect(value).toHaveValue('27.5.0')
			await expect(page.getByTestId('bulk-count')).toHaveText('1 selectate')
			expect((await database.db.select().from(products).where(eq(products.id, product!.id)))[0]!.priceCents).toBe(1000)

			await typeInto(value, '27,50')
			await page.getByRole('button', { name: 'Aplică' }).click()
			await expect(toast(page, 'Preț actualizat pentru 1 produse')).toBeVisible()
			expect((await database.db.select().from(products).where(eq(products.id, product!.id)))[0]!.priceCents).toBe(2750)
		})

		test('the category form has no price: categories carry none', async ({ page }) => {
			await page.goto('/admin/categories/new')
			await waitForHydration(page)
			await expect(page.getByLabel('Nume')).toBeVisible()
			await expect(page.getByLabel(/Preț/)).toHaveCount(0)
			await expect(page.getByLabel('Ordine')).toHaveAttribute('type', 'text')
		})

		test('a refund of an amount: 27.5.0 is refused with the message and the form kept, 27,50 refunds 27.50 €', async ({ page, database }) => {
			const fixtures = orderFixtures(database)
			try {
				const email = `bani-${unique()}@example.com`
				const order = await fixtures.create(email)
				// Paid on the test card page, which the refund goes back through.
				await database.db
					.update(orders)
					.set({ paymentProvider: 'test', paymentSessionId: `test_cs_${unique()}${unique()}` })
					.where(eq(orders.id, order.id))
				const number = order.id.slice(0, 8)
				await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
				await waitForHydration(page)
				await page.getByRole('link', { name: `Detalii comanda ${number}` }).click()
				const dialog = page.getByRole('dialog', { name: `Comanda #${number}` })
				await dialog.getByLabel('O sumă').check()
				const amount = dialog.getByLabel('Suma de rambursat (EUR)')
				await expect(amount).toHaveAttribute('type', 'text')
				await typeInto(amount, '27.5.0')
				await dialog.getByLabel('Motivul rambursării').fill('Colet întârziat')
				const confirm = page.getByRole('dialog', { name: 'Confirmi rambursarea?' })
				await dialog.getByRole('button', { name: 'Rambursează' }).click()
				await confirm.getByRole('button', { name: 'Rambursează' }).click()
				await expect(toast(page, MALFORMED)).toBeVisible()
				await expect(dialog.locator('#refund-amount-error')).toHaveText(MALFORMED)
				await expect(amount).toHaveValue('27.5.0')
				await expect(dialog.getByLabel('Motivul rambursării')).toHaveValue('Colet întârziat')
				expect(await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([])

				await typeInto(amount, '27,50')
				await dialog.getByRole('button', { name: 'Rambursează' }).click()
				await confirm.getByRole('button', { name: 'Rambursează' }).click()
				await expect(toast(page, 'Rambursarea de 27,50 € a fost făcută; clientul a fost notificat')).toBeVisible()
				const refunds = await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
				expect(refunds.map((refund) => refund.amountCents)).toEqual([2750])
				expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.refundedCents).toBe(2750)
			} finally {
				// Its refunds go with the order.
				await fixtures.cleanup()
			}
		})
	})
}
