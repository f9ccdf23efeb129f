import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { and, eq, isNotNull } from 'drizzle-orm'
import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { orderHistory, orderItems, orders } from '#db/schema/index.ts'
import type { BrowserContext } from '@playwright/test'
import type { DatabaseHandle } from '#db/client.ts'
import { createSessionCookie, createTestUser, deleteTestUser } from '../support/accounts.ts'
import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, waitForHydration } from './fixtures.ts'
import { mailsTo } from './mail.ts'
import { orderFixtures } from './order-fixtures.ts'

/** Signs a fresh account (admin by default, or a plain customer) into the browser context; signOut deletes it. */
async function signIn(context: BrowserContext, database: DatabaseHandle, baseURL: string, role: 'admin' | null = 'admin') {
	const user = await createTestUser(database.db, { roles: role ? [role] : [], name: role ? 'Admin E2E' : '' })
	const cookie = await createSessionCookie(database.db, user.id)
	await context.addCookies([{ ...cookie, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
	return { email: user.email, cookie: `${cookie.name}=${cookie.value}`, signOut: () => deleteTestUser(database.db, user.id) }
}

const unique = () => crypto.randomBytes(4).toString('hex')

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-toast]').filter({ hasText: text })
}

async function openOrder(page: Page, email: string, number: string) {
	await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
	await waitForHydration(page)
	await page.getByRole('link', { name: `Detalii comanda ${number}` }).click()
	const dialog = page.getByRole('dialog', { name: `Comanda #${number}` })
	await expect(dialog).toBeVisible()
	return dialog
}

test.describe('admin orders', () => {
	let signOut: () => Promise<void>
	let adminEmail: string
	let fixtures: ReturnType<typeof orderFixtures>
	test.beforeEach(async ({ context, database, baseURL }) => {
		;({ signOut, email: adminEmail } = await signIn(context, database, baseURL!))
		fixtures = orderFixtures(database)
	})
	test.afterEach(async () => {
		await fixtures.cleanup()
		await signOut()
	})

	test('changing the status emails the customer and writes the history', async ({ page, database }) => {
		const email = `status-${unique()}@example.com`
		const order = await fixtures.create(email)
		const number = order.id.slice(0, 8)
		const dialog = await openOrder(page, email, number)
		await expect(dialog).toContainText('Ioana Mureșan')
		await expect(dialog).toContainText('Str. Florilor 7')
		await expect(dialog.getByTestId('order-total')).toHaveText('90,00 €')
		await expect(dialog.getByRole('row', { name: /Comandă plasată/ })).toContainText('Client')
		// Dates and the country are formatted by the view (the service returns a Date and the stored code).
		await expect(dialog.getByText(/^Plasată pe \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBeVisible()
		await expect(
			dialog
				.getByRole('row', { name: /Comandă plasată/ })
				.getByRole('cell')
				.first(),
		).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)
		await expect(dialog.locator('dt:text-is("Țară") + dd')).toHaveText('România')

		await dialog.getByLabel('Status comandă').selectOption({ label: 'În procesare' })
		await dialog.getByRole('button', { name: 'Schimbă statusul' }).click()
		await expect(toast(page, 'Status-ul comenzii a fost actualizat și clientul a fost notificat')).toBeVisible()
		await expect(dialog.getByRole('row', { name: /Status: Nouă → În procesare/ })).toContainText(adminEmail)
		const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(row?.status).toBe('processing')
		// The list behind the dialog shows the new badge.
		await dialog.getByRole('button', { name: 'Închide' }).first().click()
		await expect(page).toHaveURL(/\/admin\/orders\?q=/)
		await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText('În procesare')

		await expect
			.poll(
				async () => (await mailsTo(email)).filter((text) => text.includes(number) && text.includes('Statusul comenzii tale este acum: În procesare.')).length,
				{
					timeout: 20_000,
				},
			)
			.toBe(1)
	})

	test('the AWB of a shipped order is saved and the tracking email goes out; bad input is refused with the spec messages', async ({
		page,
		database,
		baseURL,
	}) => {
		const email = `awb-${unique()}@example.com`
		const order = await fixtures.create(email)
		await database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.id))
		const number = order.id.slice(0, 8)
		const dialog = await openOrder(page, email, number)

		// Over 100 characters: refused in the browser, nothing sent.
		await dialog.getByLabel('Număr de tracking (AWB)').fill('X'.repeat(101))
		await dialog.getByRole('button', { name: 'Salvează AWB' }).click()
		await expect(dialog.getByText('Numărul de tracking nu poate depăși 100 de caractere')).toBeVisible()
		await expect(dialog.getByLabel('Număr de tracking (AWB)')).toHaveAttribute('aria-invalid', 'true')

		const awb = `RO${unique().toUpperCase()}`
		await dialog.getByLabel('Număr de tracking (AWB)').fill(awb)
		await dialog.getByRole('button', { name: 'Salvează AWB' }).click()
		await expect(toast(page, 'AWB-ul a fost actualizat')).toBeVisible()
		await expect(dialog.getByRole('row', { name: new RegExp(`AWB: — → ${awb}`) })).toContainText(adminEmail)
		expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.trackingNumber).toBe(awb)
		await expect
			.poll(async () => (await mailsTo(email)).filter((text) => text.includes(`Numărul de urmărire (AWB): ${awb}.`)).length, { timeout: 20_000 })
			.toBe(1)

		// The server checks the same rules: 400 with the spec's message, never a 500; unknown ids are 404.
		const origin = { Origin: new URL(baseURL!).origin }
		const tooLong = await page.request.post(`/admin/orders/${order.id}`, { headers: origin, form: { intent: 'tracking', trackingNumber: 'Y'.repeat(101) } })
		expect(tooLong.status()).toBe(400)
		expect(await tooLong.text()).toContain('Numărul de tracking nu poate depăși 100 de caractere')
		const badStatus = await page.request.post(`/admin/orders/${order.id}`, { headers: origin, form: { intent: 'status', status: 'lost' } })
		expect(badStatus.status()).toBe(400)
		expect(await badStatus.text()).toContain('Status invalid')
		for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
			const post = await page.request.post(`/admin/orders/${id}`, { headers: origin, form: { intent: 'status', status: 'new' } })
			expect(post.status(), id).toBe(404)
			expect((await page.goto(`/admin/orders/${id}`))?.status(), id).toBe(404)
		}
		const [unchanged] = await database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(unchanged).toMatchObject({ status: 'shipped', trackingNumber: awb })
	})

	test('the customer’s portrait photo downloads as a file named after the order', async ({ page }) => {
		const email = `photo-${unique()}@example.com`
		const order = await fixtures.create(email, { portrait: true })
		const number = order.id.slice(0, 8)
		const dialog = await openOrder(page, email, number)
		const portrait = dialog.getByRole('listitem').filter({ hasText: 'Portret din carton 18x24 cm' })
		for (const text of ['18x24 cm', 'Persoane', '3', 'Cu mașină', 'Da', 'Premium', 'Familia la mare']) await expect(portrait).toContainText(text)
		await expect(portrait.getByRole('img', { name: 'Poza încărcată de client pentru Portret din carton 18x24 cm' })).toBeVisible()

		const downloading = page.waitForEvent('download')
		await portrait.getByRole('link', { name: 'Descarcă poza' }).click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe(`comanda-${number}.webp`)
		const file = await fs.readFile((await download.path())!)
		expect((await sharp(file).metadata()).format).toBe('webp')
		await expect(toast(page, 'Imaginea a fost descărcată')).toBeVisible()

		// The resource route itself: an attachment named after the order, never cached by others.
		const href = await portrait.getByRole('link', { name: 'Descarcă poza' }).getAttribute('href')
		const response = await page.request.get(href!)
		expect(response.status()).toBe(200)
		expect(response.headers()['content-disposition']).toBe(`attachment; filename="comanda-${number}.webp"`)
		expect(response.headers()['content-type']).toBe('image/webp')
		expect(response.headers()['cache-control']).toBe('private, no-store')
		expect((await page.request.get(`/admin/orders/${order.id}/photo/00000000-0000-4000-8000-000000000000`)).status()).toBe(404)
		expect((await page.request.get(`/admin/orders/x/photo/y`)).status()).toBe(404)
	})

	test('deleting archives the order; the archive filter shows it and restores it', async ({ page, database }) => {
		const email = `archive-${unique()}@example.com`
		const order = await fixtures.create(email)
		const number = order.id.slice(0, 8)
		const dialog = await openOrder(page, email, number)
		await dialog.getByRole('button', { name: 'Șterge comanda' }).click()
		const confirm = page.getByRole('dialog', { name: 'Ești sigur?' })
		await expect(confirm).toContainText('Comanda va fi arhivată')
		await confirm.getByRole('button', { name: 'Șterge' }).click()
		await expect(toast(page, 'Comanda a fost ștearsă')).toBeVisible()
		await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${encodeURIComponent(email).replace(/\./g, '\\.')}$`))
		await expect(page.getByText('Nu există comenzi')).toBeVisible()
		const [archived] = await database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(archived?.archivedAt).not.toBeNull()

		await page.getByLabel('Afișează').selectOption({ label: 'Comenzi arhivate (șterse)' })
		await page.getByRole('button', { name: 'Caută' }).click()
		await expect(page).toHaveURL(/view=archived/)
		await page.getByRole('link', { name: `Detalii comanda ${number}` }).click()
		const again = page.getByRole('dialog', { name: `Comanda #${number}` })
		await expect(again).toContainText('Comanda este arhivată')
		await again.getByRole('button', { name: 'Restaurează comanda' }).click()
		await expect(toast(page, 'Comanda a fost restaurată')).toBeVisible()
		await expect(again.getByRole('button', { name: 'Șterge comanda' })).toBeVisible()
		await expect(again.getByRole('row', { name: /Comandă restaurată din arhivă/ })).toContainText(adminEmail)
		await expect(again.getByRole('row', { name: /Comandă ștearsă \(arhivată\)/ })).toContainText(adminEmail)
		const [restored] = await database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(restored?.archivedAt).toBeNull()
		const history = await database.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))
		expect(history.map((h) => h.action).sort()).toEqual(['archived', 'created', 'restored'])
		await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
		await expect(page.getByRole('row', { name: new RegExp(number) })).toBeVisible()
	})

	test('filters by status and payment, searches by number or email, pages, and exports the filtered CSV', async ({ page, database }) => {
		const tag = `lista-${unique()}`
		const made = []
		for (let i = 0; i < 21; i++) made.push(await fixtures.create(`${tag}-${i}@example.com`, { fullName: i === 5 ? '=1+2' : 'Ioana Mureșan' }))
		await database.db.update(orders).set({ paymentStatus: 'refunded', refundedCents: 9000 }).where(eq(orders.id, made[5]!.id))
		await database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, made[6]!.id))

		await page.goto('/admin/orders')
		await waitForHydration(page)
		await page.getByLabel('Caută după număr, email, nume, telefon, oraș sau AWB').fill(tag)
		await page.getByRole('button', { name: 'Caută' }).click()
		await expect(page).toHaveURL(new RegExp(`q=${tag}`))
		await expect(page.getByRole('row')).toHaveCount(21) // header + 20 on the first page
		await expect(page.getByText('Pagina 1 din 2 · 21')).toBeVisible()
		const first = page.getByRole('row').nth(1)
		await expect(first).toContainText(`${tag}-20@example.com`)
		await expect(first).toContainText('90,00 €')
		await expect(first).toContainText('Nouă')
		await expect(first).toContainText('Plătită')
		await expect(first.getByRole('cell').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)
		await page.getByRole('link', { name: 'Înainte' }).click()
		await expect(page.getByRole('row')).toHaveCount(2)
		await expect(page.getByRole('row').nth(1)).toContainText(`${tag}-0@example.com`)

		await page.getByLabel('Filtrează după plată').selectOption({ label: 'Rambursată' })
		await page.getByRole('button', { name: 'Caută' }).click()
		await expect(page.getByRole('row')).toHaveCount(2)
		await expect(page.getByRole('row').nth(1)).toContainText('Rambursată')
		await expect(page.getByRole('row').nth(1)).toContainText(made[5]!.id.slice(0, 8))

		await page.getByLabel('Filtrează după plată').selectOption({ label: 'Toate plățile' })
		await page.getByLabel('Filtrează după status').selectOption({ label: 'Livrată' })
		await page.getByRole('button', { name: 'Caută' }).click()
		await expect(page.getByRole('row')).toHaveCount(2)
		await expect(page.getByRole('row').nth(1)).toContainText(`${tag}-6@example.com`)

		// The CSV holds what the filters match.
		const downloading = page.waitForEvent('download')
		await page.getByRole('link', { name: 'Exportă CSV' }).click()
		const download = await downloading
		expect(download.suggestedFilename()).toMatch(/^comenzi-\d{4}-\d{2}-\d{2}\.csv$/)
		const csv = await fs.readFile((await download.path())!, 'utf8')
		const lines = csv
			.replace(/^\uFEFF/, '')
			.trimEnd()
			.split('\r\n')
		expect(lines).toHaveLength(2)
		expect(lines[1]).toContain(made[6]!.id)
		expect(lines[1]).toContain(';Livrată;Plătită;')

		// Search by order number (with '#'), and the formula-injection guard in the full export.
		await page.goto('/admin/orders')
		await page.getByLabel('Caută după număr, email, nume, telefon, oraș sau AWB').fill(`#${made[5]!.id.slice(0, 8)}`)
		await page.getByRole('button', { name: 'Caută' }).click()
		await expect(page.getByRole('row')).toHaveCount(2)
		await expect(page.getByRole('row').nth(1)).toContainText(`${tag}-5@example.com`)
		const all = await page.request.get(`/admin/orders/export?q=${tag}`)
		expect(all.headers()['content-type']).toBe('text/csv; charset=utf-8')
		expect(all.headers()['content-disposition']).toMatch(/^attachment; filename="comenzi-\d{4}-\d{2}-\d{2}\.csv"$/)
		const body = await all.text()
		expect(body.trimEnd().split('\r\n')).toHaveLength(22)
		// A cell a spreadsheet would run is a formula holding only that text (ADR 0235): shown as typed, never run.
		expect(body).toContain(`;${tag}-5@example.com;"=""=1+2""";0712 345 678;`)
	})

	test('the orders page and the open dialog have no serious accessibility violations on a phone and a desktop', async ({ page }) => {
		const email = `a11y-${unique()}@example.com`
		const order = await fixtures.create(email, { portrait: true })
		const number = order.id.slice(0, 8)
		for (const viewport of SCAN_VIEWPORTS) {
			await page.setViewportSize({ width: viewport.width, height: viewport.height })
			await page.goto('/admin/orders')
			await waitForHydration(page)
			await expectNoSeriousA11yViolations(page)
			await page.goto(`/admin/orders/${order.id}?q=${encodeURIComponent(email)}`)
			await waitForHydration(page)
			await expect(page.getByRole('dialog', { name: `Comanda #${number}` })).toBeVisible()
			await expectNoSeriousA11yViolations(page)
		}
	})
})

test.describe('admin orders refuse everyone but admins', () => {
	test('a visitor is sent to /login and a customer to /, for the list, dialog, actions, CSV and photo', async ({ playwright, browser, database, baseURL }) => {
		const fixtures = orderFixtures(database)
		const order = await fixtures.create(`guard-${unique()}@example.com`, { portrait: true })
		const [item] = await database.db
			.select({ id: orderItems.id })
			.from(orderItems)
			.where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.uploadId)))
		const origin = { Origin: new URL(baseURL!).origin }
		const gets = ['/admin/orders', `/admin/orders/${order.id}`, '/admin/orders/export', `/admin/orders/${order.id}/photo/${item!.id}`]
		const posts: [string, Record<string, string>][] = [
			[`/admin/orders/${order.id}`, { intent: 'status', status: 'cancelled' }],
			[`/admin/orders/${order.id}`, { intent: 'tracking', trackingNumber: 'HACK' }],
			[`/admin/orders/${order.id}`, { intent: 'archive' }],
			[`/admin/orders/${order.id}`, { intent: 'restore' }],
		]
		const anonymous = await playwright.request.newContext({ baseURL, maxRedirects: 0, extraHTTPHeaders: origin })
		for (const url of gets) {
			const response = await anonymous.get(url)
			expect(response.status(), url).toBe(302)
			expect(response.headers().location).toBe(`/en/login?returnUrl=${encodeURIComponent(url)}`)
		}
		for (const [url, form] of posts) expect((await anonymous.post(url, { form })).status(), form.intent).toBe(302)
		await anonymous.dispose()

		const context = await browser.newContext()
		const customer = await signIn(context, database, baseURL!, null)
		const asCustomer = await playwright.request.newContext({ baseURL, maxRedirects: 0, extraHTTPHeaders: { Cookie: customer.cookie, ...origin } })
		for (const url of gets) {
			const response = await asCustomer.get(url)
			expect(response.status(), url).toBe(302)
			expect(response.headers().location).toBe('/en')
		}
		for (const [url, form] of posts) {
			const response = await asCustomer.post(url, { form })
			expect(response.status(), form.intent).toBe(302)
			expect(response.headers().location).toBe('/en')
		}
		const [unchanged] = await database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(unchanged).toMatchObject({ status: 'new', trackingNumber: null, archivedAt: null })
		expect(await database.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))).toHaveLength(1)
		await asCustomer.dispose()
		await customer.signOut()
		await context.close()
		await fixtures.cleanup()
	})
})
