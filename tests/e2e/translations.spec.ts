import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { products, translations } from '#db/schema/index.ts'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { startFakeLibreTranslate } from '../support/fake-libretranslate.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, waitForHydration } from './fixtures.ts'
import type { Role } from '#domain/enums.ts'

/**
 * Content translation (ADR 0050, 0085) end to end: a shop of its own with machine translation on (a fake LibreTranslate on
 * loopback answering `[en] text`), content written in Romanian in the admin, read in English and
 * Spanish on the storefront (also in the server-rendered HTML), and editor overrides from
 * /admin/translations winning over the machine text.
 */
test.describe.configure({ mode: 'default' })

test.describe('content translation with a provider configured', () => {
	let fake: Awaited<ReturnType<typeof startFakeLibreTranslate>>
	let shop: ShopProcess
	let handle: DatabaseHandle
	let dropDatabase: () => Promise<void>

	test.beforeAll(async () => {
		test.setTimeout(120_000)
		fake = await startFakeLibreTranslate()
		const database = await createTemporaryPostgresDatabase('e2e-translate')
		dropDatabase = database.drop
		shop = await startShop({ env: { DATABASE_URL: database.url, TRANSLATE_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: fake.url } })
		handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
	})

	test.afterAll(async () => {
		await shop?.stop()
		await handle?.close()
		await dropDatabase?.()
		await fake?.close()
		if (shop) await fs.rm(shop.dataDir, { recursive: true, force: true })
	})

	async function signInAs(page: Page, roles: Role[]) {
		const user = await createTestUser(handle.db, { roles })
		const cookie = await createSessionCookie(handle.db, user.id)
		await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])
		return user
	}

	/** A visitor's explicit language choice: the cookie the server renders with and, once on the shop, the stored choice that wins in the browser (ADR 0012). */
	async function setLanguage(page: Page, locale: 'en' | 'ro' | 'es') {
		await page.context().addCookies([{ name: 'lang', value: locale, url: shop.url }])
		if (page.url().startsWith(shop.url)) await page.evaluate((value) => localStorage.setItem('language', value), locale)
	}

	/** The product page as the server renders it (no JavaScript), in `locale`. */
	async function serverHtml(slug: string, locale: 'en' | 'es') {
		const response = await fetch(`${shop.url}/product/${slug}`, { headers: { Cookie: `lang=${locale}` } })
		expect(response.status).toBe(200)
		return response.text()
	}

	test('a product written in Romanian in the admin shows translated on the English and Spanish product pages, server-rendered', async ({ page }) => {
		const id = crypto.randomBytes(4).toString('hex')
		const name = `Lumânare Brad de Iarnă ${id}`
		const slug = `lumanare-brad-de-iarna-${id}`
		const description = `Ceară de soia cu note de brad ${id}.`
		await signInAs(page, ['admin'])
		await page.goto(`${shop.url}/admin/products/new`)
		await waitForHydration(page)
		await page.getByLabel('Nume').fill(name)
		await expect(page.getByLabel('Slug')).toHaveValue(slug)
		await page.getByLabel('Descriere').fill(description)
		await page.getByLabel('Categorie', { exact: true }).selectOption({ label: 'Lumânări în borcan de sticlă' })
		await page.getByLabel('Preț (EUR)').fill('29')
		await page.getByLabel('Stoc').fill('4')
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page).toHaveURL(/\/admin\/products$/)

		// The background job translates it (pages never wait for it): the server HTML has it once it is done.
		for (const locale of ['en', 'es'] as const) {
			await expect.poll(async () => (await serverHtml(slug, locale)).includes(`[${locale}] ${name}`), { timeout: 30_000 }).toBe(true)
			const html = await serverHtml(slug, locale)
			expect(html).toContain(`<html lang="${locale}"`)
			expect(html).toContain(`[${locale}] ${description}`)
		}
		// Romanian was never sent, and each text went out once per language.
		const sent = fake.requests.map((request) => request.body as { q: string; source: string; target: string }).filter((body) => body.q.includes(id))
		expect(sent.map((body) => `${body.source}>${body.target}:${body.q}`).sort()).toEqual(
			[`ro>en:${description}`, `ro>en:${name}`, `ro>es:${description}`, `ro>es:${name}`].sort(),
		)

		// And in the browser, hydrated, in both languages.
		for (const locale of ['en', 'es'] as const) {
			await setLanguage(page, locale)
			await page.goto(`${shop.url}/product/${slug}`)
			await waitForHydration(page)
			await expect(page.getByRole('heading', { level: 1, name: `[${locale}] ${name}` })).toBeVisible()
			await expect(page.getByRole('main').getByText(`[${locale}] ${description}`).first()).toBeVisible()
		}
		// Romanian readers get the source text.
		await setLanguage(page, 'ro')
		await page.goto(`${shop.url}/product/${slug}`)
		await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	})

	test('an editor overrides a translation in /admin/translations and it wins on the product page', async ({ page }) => {
		const id = crypto.randomBytes(4).toString('hex')
		const name = `Lumânare Scorțișoară ${id}`
		const [product] = await handle.db
			.insert(products)
			.values({ slug: `lumanare-scortisoara-${id}`, name, description: 'Caldă și dulce.', kind: 'candle', priceCents: 2500, stock: 5 })
			.returning()
		await signInAs(page, ['editor'])
		await setLanguage(page, 'ro')
		await page.goto(`${shop.url}/admin/translations?q=${encodeURIComponent(id)}`)
		await waitForHydration(page)
		await expect(page.getByRole('heading', { level: 1, name: 'Traduceri' })).toBeVisible()
		// Editors find the screen in their user menu.
		await expect(page.locator('header a[href="/admin/translations"]')).toHaveCount(1)
		await expect(page.getByRole('link', { name: 'Produse' })).toHaveAttribute('aria-current', 'page')
		const item = page.getByRole('article', { name })
		await expect(item).toContainText(name)

		await item.getByLabel(`Traducerea ta în engleză: Nume, ${name}`).fill('Cinnamon Candle (editor)')
		await item.getByRole('button', { name: `Salvează traducerea în engleză: Nume, ${name}` }).click()
		await expect(page.locator('[data-toast]').filter({ hasText: 'Traducerea a fost salvată' })).toBeVisible()
		await expect(item.getByText('Traducerea ta are prioritate')).toBeVisible()
		const [stored] = await handle.db.select().from(translations).where(eq(translations.overrideText, 'Cinnamon Candle (editor)'))
		expect(stored).toMatchObject({ context: 'product.name', locale: 'en', sourceText: name })

		// The override wins over the machine translation, in the server HTML and in the browser.
		const html = await serverHtml(product!.slug, 'en')
		expect(html).toContain('Cinnamon Candle (editor)')
		expect(html).not.toContain(`[en] ${name}`)
		await setLanguage(page, 'en')
		await page.goto(`${shop.url}/product/${product!.slug}`)
		await expect(page.getByRole('heading', { level: 1, name: 'Cinnamon Candle (editor)' })).toBeVisible()

		// Clearing it brings the machine translation back.
		await page.goto(`${shop.url}/admin/translations?q=${encodeURIComponent(id)}`)
		await waitForHydration(page)
		await page.getByRole('button', { name: `Folosește traducerea automată în engleză: Nume, ${name}` }).click()
		await expect(page.locator('[data-toast]').filter({ hasText: 'Traducerea ta a fost ștearsă' })).toBeVisible()
		await expect.poll(async () => (await serverHtml(product!.slug, 'en')).includes(`[en] ${name}`), { timeout: 30_000 }).toBe(true)
	})

	test('a visitor is sent to /login and a customer to / from /admin/translations', async ({ page, playwright }) => {
		const anonymous = await playwright.request.newContext({ baseURL: shop.url, maxRedirects: 0 })
		const visitor = await anonymous.get('/admin/translations')
		expect(visitor.status()).toBe(302)
		expect(visitor.headers().location).toBe('/en/login?returnUrl=%2Fadmin%2Ftranslations')
		const post = await anonymous.post('/admin/translations', {
			headers: { Origin: shop.url },
			form: { kind: 'product', id: crypto.randomUUID(), field: 'name', locale: 'en', text: 'x' },
		})
		expect(post.status()).toBe(302)
		await anonymous.dispose()

		await signInAs(page, [])
		await page.goto(`${shop.url}/admin/translations`)
		await expect(page).toHaveURL(new RegExp(`^${shop.url}/(en|ro|es)$`))
		// The header offers the screen to editors only.
		await expect(page.locator('header a[href="/admin/translations"]')).toHaveCount(0)
	})

	test('/admin/translations has no serious accessibility violations on a phone and a desktop (editor)', async ({ page }) => {
		// Four axe scans of a large screen on this test's own shop: over a minute on a busy two-core machine.
		test.slow()
		await signInAs(page, ['editor'])
		for (const viewport of SCAN_VIEWPORTS) {
			await page.setViewportSize({ width: viewport.width, height: viewport.height })
			for (const url of ['/admin/translations', '/admin/translations?tab=category']) {
				await page.goto(`${shop.url}${url}`)
				await waitForHydration(page)
				await expectNoSeriousA11yViolations(page)
			}
		}
	})
})
