import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { homeContent, media, newsletterSubscribers } from '#db/schema/index.ts'
import ro from '#domain/i18n/resources/ro.ts'
import { DEMO_HOME_HERO, demoCategories } from '#server/seed/demo-catalog.ts'
import { startShop } from '../support/shop-process.ts'
import { expect, test, useLanguage } from './fixtures.ts'

const topLevelNames = demoCategories.map((category) => category.name)

test.describe('a fresh install on the embedded database', () => {
	test('serves the demo categories in the first HTML, before any JavaScript runs', async ({ browser }) => {
		// A fresh embedded database is migrated and seeded first: up to a minute on a busy machine.
		test.slow()
		const shop = await startShop()
		try {
			const raw = await (await fetch(`${shop.url}/`, { headers: { 'Accept-Language': 'ro' } })).text()
			for (const name of topLevelNames) expect(raw).toContain(`>${name}</span>`)
			expect(raw).toContain('<html lang="ro"')
			expect(JSON.parse(await (await fetch(`${shop.url}/healthz`)).text())).toEqual({ status: 'ok', db: 'pglite' })

			const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ro-RO' })
			const page = await context.newPage()
			await page.goto(`${shop.url}/`)
			for (const name of topLevelNames) await expect(page.getByRole('link', { name })).toBeVisible()
			await context.close()
		} finally {
			await shop.stop()
			await fs.rm(shop.dataDir, { recursive: true, force: true })
		}
	})
})

test('the home page hydrates without errors and links each category to the catalog', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'ro')
	await page.goto('/ro')
	await expect(page.locator('html')).toHaveAttribute('lang', 'ro')
	const link = page.getByRole('link', { name: 'Lumânări parfumate' })
	await expect(link).toHaveAttribute('href', '/ro/catalog?category=candle')
	await expect(page.getByRole('link', { name: 'Portrete din carton' })).toHaveAttribute('href', '/ro/catalog?category=portrait_cardboard')
})

test('the demo home page opens with its rendered hero picture: the largest paint, a WebP srcset a phone loads narrow, first', async ({
	page,
	baseURL,
	database,
}) => {
	// The seed stores the picture in the library's hero folder and chooses it for the home page (ADR 0273).
	const [home] = await database.db.select({ hero: homeContent.heroImageUrl, title: homeContent.heroTitle }).from(homeContent)
	expect(home).toEqual({ hero: expect.stringMatching(/^\/uploads\/hero\/.+\.webp$/), title: null })
	const [library] = await database.db.select({ filename: media.filename, folder: media.folder }).from(media).where(eq(media.url, home!.hero!))
	expect(library).toEqual({ filename: `${DEMO_HOME_HERO}.webp`, folder: 'hero' })

	await useLanguage(page, baseURL!, 'ro')
	await page.setViewportSize({ width: 375, height: 812 })
	await page.goto('/ro')
	// Its texts are unset: the page's own words.
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(ro.home.heroTitle)
	const hero = page.locator(`img[src="${home!.hero}"]`)
	await expect(hero).toBeVisible()
	await expect(hero).toHaveAttribute('fetchpriority', 'high')
	await expect(hero).toHaveAttribute('loading', 'eager')
	await expect(hero).toHaveAttribute('sizes', /calc\(100vw - 2rem\)/)
	await expect(hero).toHaveAttribute('width', '1600')
	await expect(hero).toHaveAttribute('height', '1200')
	const srcset = (await hero.getAttribute('srcset'))!
	const candidates = srcset.split(', ').map((entry) => entry.split(' ')[0]!)
	expect(candidates).toEqual([320, 640, 960].map((width) => home!.hero!.replace(/\.webp$/, `.w${width}.webp`)))
	for (const candidate of candidates) {
		const response = await page.request.get(candidate)
		expect(response.headers()['content-type']).toBe('image/webp')
	}
	// A phone loads a narrow copy, decoded, not the 1600 px picture.
	await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
	expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.w(320|640|960)\.webp$/)
})

for (const [locale, candles, portraits] of [
	['en', 'Scented candles', 'Cardboard portraits'],
	['es', 'Velas aromáticas', 'Retratos en cartón'],
] as const) {
	test(`the demo categories have their own names in ${locale}, with no translation provider`, async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, locale)
		await page.goto(`/${locale}`)
		await expect(page.getByRole('link', { name: candles })).toHaveAttribute('href', `/${locale}/catalog?category=candle`)
		await expect(page.getByRole('link', { name: portraits })).toHaveAttribute('href', `/${locale}/catalog?category=portrait_cardboard`)
	})
}

test('an unknown path answers 404 with a way home', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'ro')
	const response = await page.goto('/no/such/page')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Pagina nu a fost găsită' })).toBeVisible()
	// A page with no language in its URL is in the visitor's; its way home too (ADR 0106).
	await page.getByRole('link', { name: 'Înapoi la pagina principală' }).click()
	await expect(page).toHaveURL(/\/ro$/)
})

test('pages carry security headers; hashed assets are cached for good', async ({ request }) => {
	const response = await request.get('/')
	const headers = response.headers()
	// A rendered page allows its nonce; one the page cache serves again, the hashes of its inline scripts.
	expect(headers['content-security-policy']).toMatch(/script-src 'self' ('nonce-[A-Za-z0-9+/=]+'|('sha256-[A-Za-z0-9+/=]+' ?)+);/)
	expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
	expect(headers['x-content-type-options']).toBe('nosniff')
	expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
	expect(headers['x-request-id']).toMatch(/^[\w-]+$/)

	// The page lists its modules for the bootstrap script (ADR 15), not as preload links.
	const script = /"(\/assets\/[^"]+\.js)"/.exec(await response.text())?.[1]
	expect(script).toBeTruthy()
	const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } })
	expect(asset.status()).toBe(200)
	expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(asset.headers()['content-encoding']).toBe('gzip')
})

test('a visitor signs up to the newsletter, is asked to confirm (again while pending); once confirmed a duplicate is answered politely', async ({
	page,
	baseURL,
	database,
}) => {
	const email = `e2e-${Date.now()}@example.com`
	await useLanguage(page, baseURL!, 'en')
	await page.goto('/en/newsletter')
	await page.getByLabel('Email address').fill(email)
	await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()
	await expect(page.getByRole('alert')).toHaveText('Please tick the box to agree to receive the newsletter.')
	await page.getByLabel('I agree to receive the newsletter').check()
	await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()
	const checkInbox = 'Almost done! Check your inbox: we sent you an email with a link to confirm your subscription.'
	await expect(page.getByRole('status')).toHaveText(checkInbox)

	const signUpAgain = async () => {
		await page.goto('/en/newsletter')
		await page.getByLabel('Email address').fill(email.toUpperCase())
		await page.getByLabel('I agree to receive the newsletter').check()
		await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()
	}
	await signUpAgain()
	await expect(page.getByRole('status')).toHaveText(checkInbox)

	const [pending] = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
	expect(pending!.confirmedAt).toBeNull()
	await page.goto(`/en/newsletter/confirm?token=${pending!.unsubscribeToken}`)
	await page.getByRole('button', { name: 'Confirm subscription' }).click()
	await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Welcome! You will hear from us about once a month.')

	await signUpAgain()
	await expect(page.getByRole('status')).toHaveText('This address is already subscribed. Thank you!')

	const rows = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
	expect(rows).toHaveLength(1)
	expect(rows[0]!.consentedAt).toBeInstanceOf(Date)
	expect(rows[0]!.confirmedAt).toBeInstanceOf(Date)
	await database.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
})
