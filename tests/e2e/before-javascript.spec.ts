import { eq, like } from 'drizzle-orm'
import { emailOutbox, newsletterSubscribers } from '#db/schema/index.ts'
import { expect, test, useLanguage } from './fixtures.ts'

/**
 * ADR 0015: a storefront page is painted before its JavaScript is fetched, so a visitor can send a
 * form before the page has hydrated. The forms must then work as plain HTML forms: the page that
 * answers keeps what was typed, shows the outcome, and the message really goes out.
 */
test.use({ javaScriptEnabled: false })

test('the newsletter form works before the page’s JavaScript: the address is kept after an error, then the sign-up waits for its confirmation', async ({
	page,
	baseURL,
	database,
}) => {
	const email = `e2e-nojs-${Date.now()}@example.com`
	await useLanguage(page, baseURL!, 'en')
	await page.goto('/en/newsletter')
	await page.getByLabel('Email address').fill(email)
	await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()
	await expect(page.getByRole('alert')).toHaveText('Please tick the box to agree to receive the newsletter.')
	await expect(page.getByLabel('Email address')).toHaveValue(email)

	await page.getByLabel('I agree to receive the newsletter').check()
	await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()
	await expect(page.getByRole('status')).toHaveText('Almost done! Check your inbox: we sent you an email with a link to confirm your subscription.')
	const [pending] = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
	expect(pending!.confirmedAt).toBeNull()
	// The confirm page's button is a plain form too.
	await page.goto(`/en/newsletter/confirm?token=${pending!.unsubscribeToken}`)
	await page.getByRole('button', { name: 'Confirm subscription' }).click()
	await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Welcome! You will hear from us about once a month.')
	const [confirmed] = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
	expect(confirmed!.confirmedAt).toBeInstanceOf(Date)
	await database.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
})

test('the contact form works before the page’s JavaScript: what was typed comes back with the errors, then the message is queued', async ({
	page,
	baseURL,
	database,
}) => {
	const token = `nojs-${Date.now()}-${Math.random().toString(36).slice(2)}`
	await useLanguage(page, baseURL!, 'ro')
	await page.goto('/ro/contact')
	await page.getByLabel('Nume', { exact: true }).fill('Ana Pop')
	await page.getByLabel('Email', { exact: true }).fill('nu-e-email')
	await page.getByLabel('Subiect', { exact: true }).fill('Portret mare')
	await page.getByLabel('Mesaj', { exact: true }).fill(`Faceți portrete 30x40? ${token}`)
	await page.getByRole('button', { name: 'Trimite mesajul' }).click()
	await expect(page.getByText('Adresa de email nu este validă')).toBeVisible()
	await expect(page.getByLabel('Nume', { exact: true })).toHaveValue('Ana Pop')
	await expect(page.getByLabel('Mesaj', { exact: true })).toHaveValue(`Faceți portrete 30x40? ${token}`)

	await page.getByLabel('Email', { exact: true }).fill('ana@example.com')
	await page.getByRole('button', { name: 'Trimite mesajul' }).click()
	await expect(page.getByRole('status')).toHaveText('Mesajul tău a fost trimis cu succes!')
	const queued = await database.db
		.select()
		.from(emailOutbox)
		.where(like(emailOutbox.text, `%${token}%`))
	expect(queued).toHaveLength(1)
	expect(queued[0]!.replyTo).toBe('ana@example.com')
})

test('the catalogue’s sort menu is sent by its button before the page’s JavaScript', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'en')
	await page.goto('/en/catalog')
	await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc')
	await page.getByTestId('sort-form').getByRole('button', { name: 'Sort' }).click()
	await expect(page).toHaveURL(/\/en\/catalog\?sort=price-asc$/)
	await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc')
})
