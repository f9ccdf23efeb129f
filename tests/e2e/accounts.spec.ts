import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { orders, users } from '#db/schema/index.ts'
import { insertTestOrder, TEST_PASSWORD, uniqueEmail } from '../support/accounts.ts'
import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, useLanguage, waitForHydration } from './fixtures.ts'
import { mailsTo } from './mail.ts'

test('sign-up, then sign-in back to the returnUrl, then sign-out to the home page', async ({ page, baseURL, database }) => {
	const email = uniqueEmail('signup')
	await useLanguage(page, baseURL!, 'ro')
	await page.goto('/ro/account')
	// The login page and its returnUrl keep the page's language (ADR 0106).
	await expect(page).toHaveURL(/\/ro\/login\?returnUrl=%2Fro%2Faccount$/)
	await waitForHydration(page)

	await page.getByRole('link', { name: 'Creează cont' }).click()
	await page.getByLabel('Nume complet (opțional)').fill('Maria Ionescu')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Parolă').fill('lantern-orchard-42')
	await page.getByRole('button', { name: 'Creează cont' }).click()
	await expect(page.getByText('Cont creat cu succes!').first()).toBeVisible()
	await expect(page.getByText('Te poți autentifica acum.').first()).toBeVisible()
	// After sign-up the password field clears; the sign-in form is ready with the email.
	await expect(page.getByLabel('Parolă')).toHaveValue('')
	await expect(page.getByLabel('Email')).toHaveValue(email)
	const [created] = await database.db.select().from(users).where(eq(users.email, email))
	expect(created?.name).toBe('Maria Ionescu')

	await page.getByLabel('Parolă').fill('not-the-password')
	await page.getByRole('button', { name: 'Autentificare' }).click()
	await expect(page.getByRole('alert')).toHaveText('Email sau parolă greșită.')
	await expect(page.getByText('Eroare autentificare').first()).toBeVisible()

	await page.getByLabel('Parolă').fill('lantern-orchard-42')
	await page.getByRole('button', { name: 'Autentificare' }).click()
	await expect(page).toHaveURL(/\/ro\/account$/)
	await expect(page.getByText('Autentificare reușită!').first()).toBeVisible()
	// The success replaces the refused attempt's message: the two never show side by side. Counted at
	// once, never waited for: left alone, the error's toast would still show for most of its 8 seconds.
	expect(await page.getByText('Eroare autentificare').count()).toBe(0)
	await expect(page.getByText('Bine ai revenit!').first()).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Contul meu' })).toBeVisible()
	await expect(page.getByRole('main').getByText(email)).toBeVisible()

	// A signed-in visitor who opens /login is sent on to returnUrl.
	await page.goto('/ro/login?returnUrl=%2Fro%2Fnewsletter')
	await expect(page).toHaveURL(/\/ro\/newsletter$/)

	await page.locator('header summary').click()
	await page.getByRole('button', { name: 'Deconectare' }).click()
	await expect(page).toHaveURL(/\/ro$/)
	await expect(page.getByText('Deconectat', { exact: true })).toBeVisible()
	await expect(page.getByText('La revedere!')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Autentificare' })).toBeVisible()
	await page.goto('/ro/account')
	await expect(page).toHaveURL(/\/ro\/login\?returnUrl=%2Fro%2Faccount$/)
	await database.db.delete(users).where(eq(users.email, email))
})

test('an admin sees the admin link; a customer does not and is sent home from /admin', async ({ page, baseURL, createUser, signIn }) => {
	await useLanguage(page, baseURL!, 'en')
	const customer = await createUser()
	await signIn(page, customer)
	await page.goto('/admin')
	await expect(page).toHaveURL(/\/en$/)
	await waitForHydration(page)
	await page.locator('header summary').click()
	await expect(page.getByRole('link', { name: 'My account' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0)

	await page.context().clearCookies()
	await useLanguage(page, baseURL!, 'en')
	const admin = await createUser({ roles: ['admin'] })
	await signIn(page, admin)
	await page.goto('/en')
	await waitForHydration(page)
	await page.locator('header summary').click()
	await page.getByRole('link', { name: 'Admin' }).click()
	await expect(page).toHaveURL(/\/admin$/)
	await expect(page.getByRole('heading', { name: 'Panou de administrare' })).toBeVisible()
})

/**
 * The reset link mailed to `email`, from the shop's outgoing mail folder. Through mailsTo, which reads
 * only finished .eml files: the outbox writes a .tmp first and renames it, so a listing may name a
 * file that is gone by the time it is read.
 */
async function resetLinkFromMail(email: string): Promise<string> {
	const link = async () => {
		for (const text of await mailsTo(email)) {
			const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w-]+/.exec(text)
			if (match) return match[0]
		}
		return ''
	}
	await expect.poll(link, { timeout: 15_000 }).not.toBe('')
	return link()
}

test('forgot password: the emailed link sets a new password that works, once', async ({ page, baseURL, createUser }) => {
	const user = await createUser()
	await useLanguage(page, baseURL!, 'en')
	await page.goto('/en/login')
	await waitForHydration(page)
	await page.getByRole('link', { name: 'Forgot your password?' }).click()
	await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
	await page.getByLabel('Email').fill(user.email)
	await page.getByRole('button', { name: 'Send the reset link' }).click()
	await expect(page.getByRole('status')).toContainText('If an account exists for this address')

	const link = new URL(await resetLinkFromMail(user.email))
	// The link opens the page in the language the email was written in (ADR 0106).
	expect(link.pathname).toBe('/en/reset-password')
	await page.goto(link.pathname + link.search)
	await waitForHydration(page)
	await page.getByLabel('New password', { exact: true }).fill('fresh-candle-wick-8')
	await page.getByLabel('Repeat the new password').fill('fresh-candle-wick-8')
	await page.getByRole('button', { name: 'Save the new password' }).click()
	await expect(page).toHaveURL(/\/en\/login$/)
	await expect(page.getByText('Password changed').first()).toBeVisible()

	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill('fresh-candle-wick-8')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(/\/en$/)
	await expect(page.getByText('Signed in!').first()).toBeVisible()

	// The link was spent.
	const again = await page.goto(link.pathname + link.search)
	expect(again?.status()).toBe(400)
	await expect(page.getByRole('alert')).toHaveText('This reset link is not valid or has expired. Please ask for a new one.')
})

test('/account lists only my own orders, newest first, with their details', async ({ page, baseURL, createUser, signIn, database }) => {
	const me = await createUser({ name: 'Ana Client' })
	const someoneElse = await createUser()
	const older = await insertTestOrder(database.db, {
		userId: me.id,
		email: me.email,
		status: 'delivered',
		paymentStatus: 'paid',
		trackingNumber: 'AWB123456',
		createdAt: new Date('2026-03-02T10:00:00Z'),
	})
	const newer = await insertTestOrder(database.db, {
		userId: me.id,
		email: me.email,
		status: 'new',
		paymentStatus: 'pending',
		createdAt: new Date('2026-05-20T10:00:00Z'),
		items: [{ name: 'Portret din carton 13x18', quantity: 1, unitPriceCents: 2990 }],
	})
	// Part of it was refunded: the card says how much came back.
	await database.db.update(orders).set({ refundedCents: 1000 }).where(eq(orders.id, older.id))
	// Paid by a bank transfer still settling: an order placed, shown as awaiting payment.
	await database.db
		.update(orders)
		.set({ paymentProcessingAt: new Date('2026-05-20T10:05:00Z') })
		.where(eq(orders.id, newer.id))
	// A checkout left unpaid is not an order of theirs to follow: not listed.
	const abandoned = await insertTestOrder(database.db, {
		userId: me.id,
		email: me.email,
		paymentStatus: 'pending',
		createdAt: new Date('2026-06-01T10:00:00Z'),
	})
	const theirs = await insertTestOrder(database.db, { userId: someoneElse.id, email: someoneElse.email })
	try {
		await useLanguage(page, baseURL!, 'ro')
		await signIn(page, me)
		await page.goto('/ro/account')
		await expect(page.getByRole('main').getByText(me.email)).toBeVisible()
		await expect(page.getByText('Ana Client')).toBeVisible()
		const cards = page.getByTestId('account-order')
		await expect(cards).toHaveCount(2)
		await expect(cards.nth(0)).toContainText(`Comanda #${newer.id.slice(0, 8)}`)
		await expect(cards.nth(0)).toContainText('Nouă')
		await expect(cards.nth(0)).toContainText('În așteptare')
		await expect(cards.nth(0)).toContainText('Portret din carton 13x18')
		await expect(cards.nth(0)).toContainText('29,90 €')
		await expect(cards.nth(0)).toContainText('20 mai 2026')
		await expect(cards.nth(1)).toContainText(`Comanda #${older.id.slice(0, 8)}`)
		await expect(cards.nth(1)).toContainText('Livrată')
		await expect(cards.nth(1)).toContainText('Plătită')
		await expect(cards.nth(1).getByTestId('account-partly-refunded')).toHaveText('(10,00 € rambursați)')
		await expect(cards.nth(1)).toContainText('AWB123456')
		await expect(cards.nth(1)).toContainText('39,80 €')
		await expect(page.getByText(theirs.id.slice(0, 8))).toHaveCount(0)
		await expect(page.getByText(abandoned.id.slice(0, 8))).toHaveCount(0)
	} finally {
		await database.db.delete(orders).where(eq(orders.id, abandoned.id))
		await database.db.delete(orders).where(eq(orders.id, theirs.id))
		await database.db.delete(orders).where(eq(orders.id, older.id))
		await database.db.delete(orders).where(eq(orders.id, newer.id))
	}
})

test('GDPR: download my data as JSON, then delete my account (orders kept, anonymised; one still to ship keeps its details)', async ({
	page,
	baseURL,
	createUser,
	signIn,
	database,
}) => {
	const me = await createUser({ name: 'Elena Export' })
	const order = await insertTestOrder(database.db, { userId: me.id, email: me.email, status: 'delivered', createdAt: new Date(Date.now() - 60_000) })
	const open = await insertTestOrder(database.db, { userId: me.id, email: me.email, status: 'processing', paymentStatus: 'paid' })
	try {
		await useLanguage(page, baseURL!, 'en')
		await signIn(page, me)
		await page.goto('/en/account')
		await waitForHydration(page)
		const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()])
		const exported = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as {
			account: { email: string; fullName: string }
			orders: { id: string }[]
		}
		expect(exported.account).toMatchObject({ email: me.email, fullName: 'Elena Export' })
		expect(exported.orders.map((o) => o.id)).toEqual([open.id, order.id])
		await expect(page.getByTestId('delete-open-orders')).toHaveText(/You have orders still to be delivered \(1\)/)

		await page.getByLabel('Your password, to confirm').fill('wrong-password-1')
		await page.getByLabel('I understand that this cannot be undone.').check()
		await page.getByRole('button', { name: 'Delete my account' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'The password is not correct.' })).toBeVisible()

		await page.getByLabel('Your password, to confirm').fill(TEST_PASSWORD)
		await page.getByLabel('I understand that this cannot be undone.').check()
		await page.getByRole('button', { name: 'Delete my account' }).click()
		await expect(page).toHaveURL(/\/en$/)
		await expect(page.getByText('Account deleted').first()).toBeVisible()
		await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
		expect(await database.db.select().from(users).where(eq(users.id, me.id))).toEqual([])
		const [kept] = await database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(kept).toMatchObject({ userId: null, email: 'deleted@invalid' })
		expect(kept!.shippingAddress.fullName).toBe('')
		const [toShip] = await database.db.select().from(orders).where(eq(orders.id, open.id))
		expect(toShip).toMatchObject({ userId: null, email: me.email })
		expect(toShip!.shippingAddress.fullName).toBe('Ana Popescu')
	} finally {
		await database.db.delete(orders).where(eq(orders.id, order.id))
		await database.db.delete(orders).where(eq(orders.id, open.id))
	}
})

for (const viewport of SCAN_VIEWPORTS) {
	test(`/login and /account have no serious accessibility problems (${viewport.name})`, async ({ page, baseURL, createUser, signIn, database }) => {
		await page.setViewportSize({ width: viewport.width, height: viewport.height })
		await useLanguage(page, baseURL!, 'ro')
		await page.goto('/ro/login')
		await waitForHydration(page)
		await expectNoSeriousA11yViolations(page)
		await page.goto('/ro/login?tab=signup')
		await expectNoSeriousA11yViolations(page)
		await page.goto('/ro/forgot-password')
		await expectNoSeriousA11yViolations(page)

		const me = await createUser()
		const order = await insertTestOrder(database.db, { userId: me.id, email: me.email, trackingNumber: 'AWB-1' })
		try {
			await signIn(page, me)
			await page.goto('/ro/account')
			await waitForHydration(page)
			await expectNoSeriousA11yViolations(page)
			await page.locator('header summary').click()
			await expectNoSeriousA11yViolations(page)
		} finally {
			await database.db.delete(orders).where(eq(orders.id, order.id))
		}
	})
}
