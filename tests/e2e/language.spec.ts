import type { Browser } from '@playwright/test'
import en from '#domain/i18n/resources/en.ts'
import es from '#domain/i18n/resources/es.ts'
import ro from '#domain/i18n/resources/ro.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { DEMO_PRODUCT } from './public-routes.ts'

/** ADR 0106: every storefront page has a URL per language; the URL without language negotiates at the door. */
const LOCALES = ['en', 'ro', 'es'] as const
type Locale = (typeof LOCALES)[number]
const RESOURCES = { en, ro, es }

/** The storefront's pages, as paths without language, and the heading each shows (null: from the catalogue). */
const PAGES: { path: string; heading: (locale: Locale) => string | null }[] = [
	{ path: '', heading: (locale) => RESOURCES[locale].home.heroTitle },
	{ path: '/catalog', heading: (locale) => RESOURCES[locale].catalog.title },
	{ path: '/catalog?category=candle', heading: () => null },
	{ path: `/product/${DEMO_PRODUCT.slug}`, heading: (locale) => DEMO_PRODUCT.name[locale] },
	{ path: '/faq', heading: (locale) => RESOURCES[locale].faq.title },
	{ path: '/customize-portrait', heading: (locale) => RESOURCES[locale].portrait.title },
]

/** A browser that sends what a crawler sends: no cookie and no Accept-Language. */
async function crawlerContext(browser: Browser, baseURL: string) {
	const context = await browser.newContext({ baseURL })
	await context.route('**/*', async (route) => {
		const headers = { ...route.request().headers() }
		delete headers['accept-language']
		delete headers.cookie
		await route.continue({ headers })
	})
	return context
}

function escapeRegExp(text: string) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

test('each language’s URL is served in that language to a visitor with no cookie and no Accept-Language, with hreflang alternates and a canonical to itself', async ({
	browser,
	baseURL,
}) => {
	// Eighteen pages, each checked in full.
	test.slow()
	const context = await crawlerContext(browser, baseURL!)
	const page = await context.newPage()
	// The shared shop runs without PUBLIC_URL, which then defaults to http://localhost:{PORT}: absolute URLs are on it.
	const origin = `http://localhost:${new URL(baseURL!).port}`
	for (const { path, heading } of PAGES) {
		const seen: Record<string, string[]> = {}
		const categoryHeadings = new Set<string>()
		for (const locale of LOCALES) {
			const url = `/${locale}${path}`
			const response = await page.goto(url)
			expect(response?.status(), url).toBe(200)
			expect(response?.request().redirectedFrom(), `${url} is served, not redirected`).toBeNull()
			await expect(page.locator('html')).toHaveAttribute('lang', locale)
			const expected = heading(locale)
			if (expected) await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected)
			else categoryHeadings.add((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')
			// The interface around the page speaks the language too.
			await expect(page.getByRole('link', { name: RESOURCES[locale].footer.privacy })).toBeVisible()
			await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^${escapeRegExp(`${origin}${url}`)}$`))
			await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${origin}${url}`)
			const alternates = await page
				.locator('link[rel="alternate"][hreflang]')
				.evaluateAll((links) => links.map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`))
			expect(alternates.sort(), url).toEqual([...LOCALES.map((other) => `${other} ${origin}/${other}${path}`), `x-default ${origin}${path || '/'}`].sort())
			seen[locale] = alternates
		}
		// The alternates point at each other: every language's page lists the same set.
		expect(seen.ro, path).toEqual(seen.en)
		expect(seen.es, path).toEqual(seen.en)
		if (!heading('en')) expect(categoryHeadings.size, `${path}: a heading per language`).toBe(3)
	}
	await context.close()
})

test('a page’s language comes from its URL, whatever the stored choice or the browser says', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL, locale: 'es-ES' })
	await context.addCookies([{ name: 'lang', value: 'ro', url: baseURL! }])
	const page = await context.newPage()
	await page.goto('/en/faq')
	await waitForHydration(page)
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.faq.title)
	await expect(page).toHaveURL(/\/en\/faq$/)
	// The links on the page stay in the page's language.
	await expect(page.getByRole('link', { name: en.footer.privacy })).toHaveAttribute('href', '/en/privacy')
	await context.close()
})

test.describe('an address without language goes to the visitor’s (stored choice, browser language, country, at the door)', () => {
	async function redirectOf(baseURL: string, path: string, headers: Record<string, string>, method = 'GET') {
		const response = await fetch(`${baseURL}${path}`, { method, redirect: 'manual', headers: { Origin: baseURL, ...headers } })
		return {
			status: response.status,
			location: response.headers.get('location'),
			cache: response.headers.get('cache-control'),
			vary: response.headers.get('vary'),
		}
	}

	test('stored choice, then browser language, then country, then English; query kept; never cached', async ({ baseURL }) => {
		expect(await redirectOf(baseURL!, '/catalog?category=candle', { Cookie: 'lang=es', 'Accept-Language': 'ro-RO', 'CF-IPCountry': 'RO' })).toMatchObject({
			status: 301,
			location: '/es/catalog?category=candle',
		})
		expect((await redirectOf(baseURL!, '/faq', { 'Accept-Language': 'de-DE,ro;q=0.8', 'CF-IPCountry': 'ES' })).location).toBe('/ro/faq')
		expect((await redirectOf(baseURL!, '/faq', { 'Accept-Language': 'de-DE', 'CF-IPCountry': 'ES' })).location).toBe('/es/faq')
		expect((await redirectOf(baseURL!, '/faq', { 'Accept-Language': 'de-DE', 'CF-IPCountry': 'FR' })).location).toBe('/en/faq')
		const home = await redirectOf(baseURL!, '/', {})
		expect(home).toMatchObject({ status: 301, location: '/en', cache: 'private, no-store' })
		expect(home.vary).toMatch(/Cookie/)
		expect(home.vary).toMatch(/Accept-Language/)
		// Links in emails already sent keep working, token and all.
		expect((await redirectOf(baseURL!, '/reset-password?token=abc', { Cookie: 'lang=ro' })).location).toBe('/ro/reset-password?token=abc')
		expect((await redirectOf(baseURL!, '/newsletter/unsubscribe?token=abc', { 'Accept-Language': 'es' })).location).toBe('/es/newsletter/unsubscribe?token=abc')
		expect((await redirectOf(baseURL!, '/payment-success?session_id=x', { Cookie: 'lang=es' })).location).toBe('/es/payment-success?session_id=x')
		expect((await redirectOf(baseURL!, '/account', { Cookie: 'lang=es' })).location).toBe('/es/account')
		// A form opened before the change posts again, body and all, to the new address.
		expect(await redirectOf(baseURL!, '/login', { Cookie: 'lang=ro' }, 'POST')).toMatchObject({ status: 308, location: '/ro/login' })
		// Endpoints and the admin keep their addresses.
		expect((await redirectOf(baseURL!, '/sitemap.xml', {})).status).toBe(200)
		expect((await redirectOf(baseURL!, '/sitemaps/pages.xml', {})).status).toBe(200)
		expect((await redirectOf(baseURL!, '/admin', {})).location).toMatch(/^\/en\/login\?returnUrl=%2Fadmin$/)
		// One address per page, and no page in a language the shop does not have.
		expect(await redirectOf(baseURL!, '/es/', {})).toMatchObject({ status: 301, location: '/es' })
		expect((await redirectOf(baseURL!, '/de/catalog', {})).status).toBe(404)
	})

	test('in a browser: the browser language and the country decide when nothing is stored', async ({ browser, baseURL }) => {
		const spanish = await browser.newContext({ baseURL, locale: 'es-ES' })
		const page = await spanish.newPage()
		await page.goto('/')
		await expect(page).toHaveURL(/\/es$/)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.home.heroTitle)
		await spanish.close()
		const romania = await browser.newContext({ baseURL, locale: 'de-DE', extraHTTPHeaders: { 'CF-IPCountry': 'RO' } })
		const other = await romania.newPage()
		await other.goto('/about')
		await expect(other).toHaveURL(/\/ro\/about$/)
		await expect(other.locator('html')).toHaveAttribute('lang', 'ro')
		await romania.close()
	})

	test('a choice kept only in localStorage is restored into the cookie and the visitor taken to its URL', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ baseURL, locale: 'en-GB' })
		await context.addInitScript(() => {
			if (!localStorage.getItem('language')) localStorage.setItem('language', 'es')
		})
		const page = await context.newPage()
		await page.goto('/contact')
		await expect(page).toHaveURL(/\/es\/contact$/)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.contact.title)
		expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('es')
		await context.close()
	})
})

test('the language switcher goes to the same page in the other language, stores the choice and keeps it for addresses without language', async ({
	browser,
	baseURL,
}) => {
	const context = await browser.newContext({ baseURL, locale: 'en-GB', viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	await page.goto('/en/catalog?category=candle')
	await waitForHydration(page)
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await page.getByRole('button', { name: 'RO Română' }).click()
	await expect(page).toHaveURL(/\/ro\/catalog\?category=candle$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'ro')
	await expect(page.getByRole('button', { name: 'RO Română' })).toHaveAttribute('aria-pressed', 'true')
	expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ro')
	expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('ro')

	// An old address now leads to the stored choice, although the browser speaks English.
	await page.goto('/about')
	await expect(page).toHaveURL(/\/ro\/about$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(ro.about.title)
	await waitForHydration(page)
	await page.getByRole('button', { name: 'ES Español' }).click()
	await expect(page).toHaveURL(/\/es\/about$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.about.title)
	await context.close()
})

test('the language switcher works without JavaScript too', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL, locale: 'en-GB', javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	// The query the page reads goes along (a tracking parameter would not: shared pages never echo those, ADR 0121).
	await page.goto('/en/catalog?category=candle')
	await page.getByRole('button', { name: 'ES Español' }).click()
	await expect(page).toHaveURL(/\/es\/catalog\?category=candle$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'es')
	expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('es')
	await context.close()
})
