import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { eq } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { newsletterSubscribers } from '#db/schema/index.ts'
import { startFakeLibreTranslate } from '../support/fake-libretranslate.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { freePort, startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from './fixtures.ts'
import { mailsTo, rawMailsTo } from './mail.ts'

/**
 * Newsletter campaigns end to end (ADR 0270), on a shop of its own with machine translation on (a
 * fake LibreTranslate on loopback answering "[es] text"): the owner writes a campaign in Romanian,
 * it is translated, tested and sent; a Spanish subscriber, who confirmed from the link of the
 * double opt-in email, gets it in Spanish with the one-click headers (one who never confirmed gets
 * nothing), follows its unsubscribe link, and the next campaign reaches only those still subscribed.
 */
test.describe.configure({ mode: 'default' })

const OWNER_EMAIL = 'proprietar@example.test'

test.describe('newsletter campaigns', () => {
	let fake: Awaited<ReturnType<typeof startFakeLibreTranslate>>
	let shop: ShopProcess
	let handle: DatabaseHandle
	let dropDatabase: () => Promise<void>
	let mailFolder: string

	test.beforeAll(async () => {
		test.setTimeout(120_000)
		fake = await startFakeLibreTranslate()
		const database = await createTemporaryPostgresDatabase('e2e-campaigns')
		dropDatabase = database.drop
		const port = await freePort()
		shop = await startShop({
			port,
			env: {
				DATABASE_URL: database.url,
				PUBLIC_URL: `http://127.0.0.1:${port}`,
				TRANSLATE_PROVIDER: 'libretranslate',
				LIBRETRANSLATE_URL: fake.url,
				OWNER_EMAIL,
			},
		})
		mailFolder = path.join(shop.dataDir, 'mail')
		handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
	})

	test.afterAll(async () => {
		await shop?.stop()
		await handle?.close()
		await dropDatabase?.()
		await fake?.close()
		if (shop) await fs.rm(shop.dataDir, { recursive: true, force: true })
	})

	/** Signs up on the Spanish page; the subscription waits for the link of the confirmation email. */
	async function signUpInSpanish(page: Page, email: string) {
		await page.goto(`${shop.url}/es/newsletter`)
		await waitForHydration(page)
		await page.getByLabel('Correo electrónico').fill(email)
		await page.getByLabel('Acepto recibir el boletín y puedo darme de baja en cualquier momento.').check()
		await page.getByRole('button', { name: 'Suscribirme' }).click()
		await expect(page.getByRole('status')).toHaveText('¡Casi listo! Revisa tu bandeja de entrada: te hemos enviado un enlace para confirmar tu suscripción.')
	}

	/** Signs up, then confirms from the email's link: opening it confirms nothing, its page's button does. */
	async function subscribeInSpanish(page: Page, email: string) {
		await signUpInSpanish(page, email)
		const confirmLink = /href="(http:\/\/127\.0\.0\.1:\d+\/es\/newsletter\/confirm\?token=[\w-]+)"/
		await expect.poll(async () => (await mailsTo(email, mailFolder)).some((mail) => confirmLink.test(mail)), { timeout: 20_000 }).toBe(true)
		const link = (await mailsTo(email, mailFolder)).map((mail) => confirmLink.exec(mail)?.[1]).find(Boolean)
		await page.goto(link!)
		await waitForHydration(page)
		const [pending] = await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
		expect(pending!.confirmedAt).toBeNull()
		await page.getByRole('button', { name: 'Confirmar suscripción' }).click()
		await expect(page.getByRole('status')).toHaveText('Tu suscripción está confirmada. ¡Bienvenido! Tendrás noticias nuestras más o menos una vez al mes.')
		// The welcome email, with the unsubscribe link, follows the confirmation.
		await expect
			.poll(async () => (await mailsTo(email, mailFolder)).some((mail) => mail.includes('/es/newsletter/unsubscribe?token=')), { timeout: 20_000 })
			.toBe(true)
	}

	/** Writes a campaign in the admin, waits for its Spanish translation and starts sending it; returns its page's address. */
	async function writeAndSend(page: Page, subject: string, body: string, options: { testInSpanish?: boolean } = {}) {
		await page.goto(`${shop.url}/admin/newsletter/campaigns`)
		await waitForHydration(page)
		await page.getByRole('link', { name: 'Campanie nouă' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Campanie nouă' })).toBeVisible()
		await waitForHydration(page)
		await page.getByLabel('Subiect').fill(subject)
		await page.getByLabel('Conținut').fill(body)
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page).toHaveURL(/\/admin\/newsletter\/campaigns\/[0-9a-f-]{36}$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Campanie' })).toBeVisible()

		// The translation job works in the background; the page shows each language once it is done.
		await expect(async () => {
			await page.reload()
			await expect(page.getByTestId('campaign-translation-es')).toContainText(`[es] ${subject}`, { timeout: 1000 })
			await expect(page.getByTestId('campaign-translation-en')).toContainText(`[en] ${subject}`, { timeout: 1000 })
		}).toPass({ timeout: 30_000 })
		await waitForHydration(page)

		if (options.testInSpanish) {
			await page.getByLabel('Limba').selectOption({ label: 'spaniolă' })
			await page.getByRole('button', { name: 'Trimite testul' }).click()
			await expect(page.locator('[data-toast]').filter({ hasText: `Testul a fost trimis la ${OWNER_EMAIL}` })).toBeVisible()
			// The subject header is encoded; the title of the HTML part is the Spanish subject.
			await expect
				.poll(async () => (await mailsTo(OWNER_EMAIL, mailFolder)).some((mail) => mail.includes(`<title>[es] ${subject}</title>`)), { timeout: 20_000 })
				.toBe(true)
		}

		await page.getByRole('button', { name: 'Trimite campania' }).click()
		await page.getByRole('dialog').getByRole('button', { name: 'Trimite campania' }).click()
		await expect(page.locator('[data-toast]').filter({ hasText: 'Campania se trimite' })).toBeVisible()
		await expect(async () => {
			await page.reload()
			await expect(page.getByText('Stare: Trimisă')).toBeVisible({ timeout: 1000 })
		}).toPass({ timeout: 30_000 })
	}

	test('a Spanish subscriber gets the campaign in Spanish, unsubscribes through its link, and the next campaign does not reach them', async ({
		page,
		browser,
	}) => {
		test.setTimeout(120_000)
		const id = crypto.randomBytes(4).toString('hex')
		const leaving = `carmen-${id}@example.es`
		const staying = `lucia-${id}@example.es`
		const unconfirmed = `nadie-${id}@example.es`
		const visitor = await browser.newPage()
		await subscribeInSpanish(visitor, leaving)
		await subscribeInSpanish(visitor, staying)
		await signUpInSpanish(visitor, unconfirmed)

		const admin = await createTestUser(handle.db, { roles: ['admin'] })
		const cookie = await createSessionCookie(handle.db, admin.id)
		await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])

		const first = `Colecția de iarnă ${id}`
		await writeAndSend(page, first, `Bună!\n\nLumânările de iarnă au sosit: [vezi colecția](${shop.url}/catalog).`, { testInSpanish: true })

		// The Spanish subscriber's copy: in Spanish, with the one-click unsubscribe headers and link.
		await expect.poll(async () => (await mailsTo(leaving, mailFolder)).filter((mail) => mail.includes(`[es] ${first}`)).length, { timeout: 20_000 }).toBe(1)
		await expect.poll(async () => (await mailsTo(staying, mailFolder)).some((mail) => mail.includes(`[es] ${first}`)), { timeout: 20_000 }).toBe(true)
		// The campaign is marked sent only once every confirmed subscriber has theirs: the pending sign-up was never among them.
		expect((await mailsTo(unconfirmed, mailFolder)).filter((mail) => mail.includes(`[es] ${first}`))).toEqual([])
		const [raw] = (await rawMailsTo(leaving, mailFolder)).filter((mail) => mail.includes('List-Unsubscribe-Post'))
		expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
		expect(raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/es\/newsletter\/unsubscribe\?token=[\w-]+>$/m)
		const [mail] = (await mailsTo(leaving, mailFolder)).filter((text) => text.includes(`[es] ${first}`))
		expect(mail).toContain('[es] Bună!')
		const link = /href="(http:\/\/127\.0\.0\.1:\d+\/es\/newsletter\/unsubscribe\?token=[\w-]+)"/.exec(mail!)?.[1]
		expect(link).toBeDefined()

		// The link works without an account: one click on its page.
		await visitor.context().clearCookies()
		await visitor.goto(link!)
		await waitForHydration(visitor)
		await visitor.getByRole('button', { name: 'Darme de baja' }).click()
		await expect(visitor.getByRole('status')).toHaveText('Te has dado de baja. Sentimos que te vayas.')

		const second = `Reduceri de sărbători ${id}`
		await writeAndSend(page, second, 'Bună din nou!')
		await expect.poll(async () => (await mailsTo(staying, mailFolder)).some((text) => text.includes(`[es] ${second}`)), { timeout: 20_000 }).toBe(true)
		expect((await mailsTo(leaving, mailFolder)).filter((text) => text.includes(`[es] ${second}`))).toEqual([])
		await expectNoSeriousA11yViolations(page)
		await visitor.close()
	})

	test('the owner unsubscribes someone from the list, which shows the consent they gave and its confirmation', async ({ page }) => {
		const email = `ines-${crypto.randomBytes(4).toString('hex')}@example.es`
		await subscribeInSpanish(page, email)
		const admin = await createTestUser(handle.db, { roles: ['admin'] })
		const cookie = await createSessionCookie(handle.db, admin.id)
		await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])
		await page.goto(`${shop.url}/admin/newsletter?q=${encodeURIComponent(email)}`)
		await waitForHydration(page)
		const row = page.getByRole('row').filter({ hasText: email })
		await expect(row).toContainText('Acepto recibir el boletín y puedo darme de baja en cualquier momento.')
		await expect(row).toContainText('Confirmat')
		await row.getByRole('button', { name: `Dezabonează ${email}` }).click()
		await page.getByRole('dialog').getByRole('button', { name: 'Dezabonează' }).click()
		await expect(page.locator('[data-toast]').filter({ hasText: 'Adresa a fost dezabonată' })).toBeVisible()
		await page.goto(`${shop.url}/admin/newsletter?status=unsubscribed&q=${encodeURIComponent(email)}`)
		await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Dezabonat')
		await expectNoSeriousA11yViolations(page)
	})
})
