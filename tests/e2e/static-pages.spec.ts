import fs from 'node:fs/promises'
import path from 'node:path'
import { like } from 'drizzle-orm'
import { emailOutbox } from '#db/schema/index.ts'
import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'

test('the FAQ is a single-open accordion with the seven questions', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'en')
	await page.goto('/en/faq')
	await waitForHydration(page)
	const questions = page.locator('details')
	await expect(questions).toHaveCount(7)
	const first = questions.nth(0)
	const third = questions.nth(2)
	await expect(first.getByText('Production takes 3 to 7 working days.')).toBeHidden()
	await first.locator('summary').click()
	await expect(first.getByText('Production takes 3 to 7 working days.')).toBeVisible()
	await third.locator('summary').click()
	await expect(third.getByText(/cannot be returned/)).toBeVisible()
	await expect(first).not.toHaveAttribute('open')
	await expect(page.locator('details[open]')).toHaveCount(1)
})

test('returns: last updated October 2025, personalised products cannot be returned', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'ro')
	await page.goto('/ro/returns')
	await expect(page.getByText('Ultima actualizare: octombrie 2025')).toBeVisible()
	await expect(page.getByText(/produsele personalizate.*nu pot fi returnate/i).first()).toBeVisible()
})

test('the contact page shows the details and its form reaches the shop through the outbox', async ({ page, baseURL }) => {
	const subject = `Întrebare e2e ${Date.now()}`
	const token = `token-${Date.now()}-${Math.random().toString(36).slice(2)}`
	await useLanguage(page, baseURL!, 'ro')
	await page.goto('/ro/contact')
	await waitForHydration(page)
	await expect(page.getByText('disponibil în curând')).toBeVisible()
	await expect(page.getByText('România', { exact: true })).toBeVisible()
	await expect(page.getByText('De obicei răspundem în 24 de ore în zilele lucrătoare.')).toBeVisible()

	// Validation: the spec's fields are required and the email must be valid.
	await page.getByRole('button', { name: 'Trimite mesajul' }).click()
	await expect(page.getByRole('main').getByText('Te rugăm să îți scrii numele.')).toBeVisible()
	// The first error also goes into the spec's toast (ADR 0101).
	const toasts = page.getByRole('region', { name: 'Notificări' })
	await expect(toasts.getByText('Eroare validare')).toBeVisible()
	await expect(toasts.getByText('Te rugăm să îți scrii numele.')).toBeVisible()
	await page.getByLabel('Nume', { exact: true }).fill('Ana Pop')
	await page.getByLabel('Email', { exact: true }).fill('nu-e-email')
	await page.getByLabel('Subiect', { exact: true }).fill(subject)
	await page.getByLabel('Mesaj', { exact: true }).fill(`Hello, do you make 30x40 portraits? ${token}`)
	await page.getByRole('button', { name: 'Trimite mesajul' }).click()
	await expect(page.getByRole('main').getByText('Adresa de email nu este validă')).toBeVisible()

	await page.getByLabel('Email', { exact: true }).fill('ana@example.com')
	await page.getByRole('button', { name: 'Trimite mesajul' }).click()
	await expect(page.getByText('Mesajul tău a fost trimis cu succes!')).toBeVisible()
	await expect(page.getByLabel('Subiect', { exact: true })).toHaveValue('')

	const mailDir = path.join(process.env.E2E_DATA_DIR!, 'mail')
	await expect
		.poll(
			async () => {
				const files = await fs.readdir(mailDir).catch(() => [])
				for (const file of files) {
					const eml = await fs.readFile(path.join(mailDir, file), 'utf8')
					if (eml.includes(token)) return eml
				}
				return null
			},
			{ timeout: 15_000 },
		)
		.toMatch(/To: contact@luminasicarton\.ro[\s\S]*Reply-To: ana@example\.com|Reply-To: ana@example\.com[\s\S]*To: contact@luminasicarton\.ro/)
})

test('the contact honeypot: a filled-in trap looks like success but sends nothing', async ({ request, database }) => {
	const token = `spam-${Date.now()}-${Math.random().toString(36).slice(2)}`
	const form = { name: 'Bot', email: 'bot@example.com', subject: 'Offer', message: `buy now ${token}` }
	const response = await request.post('/contact', { form: { ...form, website: 'http://spam.example' }, headers: { Origin: process.env.E2E_BASE_URL! } })
	expect(response.status()).toBe(200)
	expect(
		await database.db
			.select()
			.from(emailOutbox)
			.where(like(emailOutbox.text, `%${token}%`)),
	).toHaveLength(0)
	// The same message without the trap filled in is queued, addressed to the shop.
	expect((await request.post('/contact', { form, headers: { Origin: process.env.E2E_BASE_URL! } })).status()).toBe(200)
	const queued = await database.db
		.select()
		.from(emailOutbox)
		.where(like(emailOutbox.text, `%${token}%`))
	expect(queued).toHaveLength(1)
	expect(queued[0]!.toAddress).toBe('contact@luminasicarton.ro')
	expect(queued[0]!.replyTo).toBe('bot@example.com')
})

test('/favicon.ico and the touch icon are real images, not 404 pages', async ({ request }) => {
	const ico = await request.get('/favicon.ico')
	expect(ico.status()).toBe(200)
	const bytes = await ico.body()
	// An ICO file starts with reserved 0, type 1 (icon), then the image count.
	expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0])
	expect(bytes.readUInt16LE(4)).toBeGreaterThanOrEqual(1)
	const touch = await request.get('/apple-touch-icon.png')
	expect(touch.status()).toBe(200)
	expect(touch.headers()['content-type']).toBe('image/png')
})

test('an unknown address answers 404 inside the site: header, footer and cart stay reachable', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'es')
	const response = await page.goto('/no-such-page')
	expect(response?.status()).toBe(404)
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expect(page.getByRole('banner')).toBeVisible()
	await expect(page.getByRole('contentinfo')).toBeVisible()
	await expect(page.getByRole('banner').getByRole('button', { name: /^Carrito/ })).toBeVisible()
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
})
