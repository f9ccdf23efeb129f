import en from '#domain/i18n/resources/en.ts'
import es from '#domain/i18n/resources/es.ts'
import ro from '#domain/i18n/resources/ro.ts'
import { localizedPath } from '#domain/i18n/paths.ts'
import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'
import { DEMO_PRODUCT, PUBLIC_ROUTES, type HeadingKey } from './public-routes.ts'
import { readSitemap } from './sitemap.ts'

const RESOURCES = { en, ro, es }

function text(locale: keyof typeof RESOURCES, key: HeadingKey) {
	const [section, name] = key.split('.') as [keyof typeof en, string]
	return (RESOURCES[locale][section] as Record<string, string>)[name]!
}

for (const locale of ['en', 'ro', 'es'] as const) {
	test(`every public route answers in ${locale}, server-rendered, with its own title, description, canonical and OG tags`, async ({ page }) => {
		const titles = new Set<string>()
		for (const route of [...PUBLIC_ROUTES, { path: `/product/${DEMO_PRODUCT.slug}`, heading: null }]) {
			// Each page at its language's URL (ADR 0106), with no stored choice.
			const url = localizedPath(locale, route.path)
			const response = await page.goto(url)
			expect(response?.status(), route.path).toBe(200)
			await expect(page.locator('html')).toHaveAttribute('lang', locale)
			if (route.heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, route.heading))
			else await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO_PRODUCT.name[locale])
			const title = await page.title()
			expect(titles.has(title), `${route.path} repeats the title "${title}"`).toBe(false)
			titles.add(title)
			await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^.{20,}$/)
			await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https?://[^/]+${url.replace(/[?]/g, '\\?')}$`))
			await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
			await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /^https?:\/\//)
			// The page in every language, and x-default (the address without language).
			for (const other of ['en', 'ro', 'es'])
				await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
					'href',
					new RegExp(`^https?://[^/]+${localizedPath(other as 'en', route.path).replace(/[?]/g, '\\?')}$`),
				)
			await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
				'href',
				new RegExp(`^https?://[^/]+${route.path.replace(/[?]/g, '\\?')}$`),
			)
			// The footer and header are on every page, in the same language.
			await expect(page.getByRole('link', { name: text(locale, 'footer.privacy') })).toBeVisible()
		}
		await waitForHydration(page)
	})
}

test('the header menus open on hover and click, list the spec items, and close on Escape', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'en')
	await page.setViewportSize({ width: 1280, height: 900 })
	await page.goto('/en')
	await waitForHydration(page)
	const shop = page.getByRole('button', { name: 'Shop' })
	await shop.hover()
	await expect(shop).toHaveAttribute('aria-expanded', 'true')
	const shopMenu = page.locator('#menu-shop')
	for (const name of ['Bestsellers', 'New Arrivals', 'Bundles / Gift Sets', 'Personalised cardboard portraits', 'Scented candles']) {
		await expect(shopMenu.getByRole('link', { name })).toBeVisible()
	}
	await expect(shopMenu.getByRole('link', { name: 'New Arrivals' })).toHaveAttribute('href', '/en/catalog?filter=new')
	await page.getByRole('button', { name: 'Subscribe' }).hover()
	const subscribeMenu = page.locator('#menu-subscribe')
	await expect(subscribeMenu.getByRole('link', { name: 'Newsletter' })).toBeVisible()
	await expect(subscribeMenu.getByText('Candle Subscription')).toContainText('coming soon')
	await expect(subscribeMenu.getByRole('link', { name: 'Discovery Set' })).toHaveAttribute('href', '/en/catalog?category=discovery')
	await expect(shopMenu).toBeHidden()
	await page.keyboard.press('Escape')
	await expect(subscribeMenu).toBeHidden()
	await page.getByRole('button', { name: 'Shop' }).click()
	await shopMenu.getByRole('link', { name: 'Scented candles' }).click()
	await expect(page).toHaveURL(/\/en\/catalog\?category=candle$/)
	await expect(shopMenu).toBeHidden()
})

test('the mobile menu opens, navigates and closes', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'es')
	await page.setViewportSize({ width: 375, height: 812 })
	await page.goto('/es')
	await waitForHydration(page)
	const toggle = page.getByRole('button', { name: 'Menú' })
	await toggle.click()
	const panel = page.locator('#mobile-menu')
	await expect(panel).toBeVisible()
	// The whole catalogue has a name of its own, not the Shop group's title again.
	await expect(panel.getByRole('link', { name: 'Todos los productos' })).toHaveAttribute('href', '/es/catalog')
	await expect(panel.getByText('Tienda', { exact: true })).toHaveCount(1)
	await panel.getByRole('link', { name: 'Sobre nosotros' }).click()
	await expect(page).toHaveURL(/\/es\/about$/)
	await expect(panel).toBeHidden()
})

test('robots.txt keeps crawlers out of private areas and points at the sitemap, which lists active products and categories', async ({ request }) => {
	const robots = await (await request.get('/robots.txt')).text()
	for (const path of ['/admin', '/account']) expect(robots).toContain(`Disallow: ${path}`)
	// The private pages in every language (ADR 0106).
	for (const locale of ['en', 'ro', 'es'])
		for (const path of ['/account', '/cart', '/checkout', '/login']) expect(robots).toContain(`Disallow: /${locale}${path}`)
	expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m)
	const response = await request.get('/sitemap.xml')
	expect(response.headers()['content-type']).toContain('application/xml')
	const { index, files: sitemap } = await readSitemap(request)
	expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
	expect(index).toMatch(/<loc>https?:\/\/[^<]+\/sitemaps\/pages\.xml<\/loc>/)
	expect(index).toMatch(/<loc>https?:\/\/[^<]+\/sitemaps\/products-1\.xml<\/loc><lastmod>/)
	for (const path of ['/sitemaps/products-999999.xml', '/sitemaps/products-0.xml', '/sitemaps/nope.xml'])
		expect((await request.get(path)).status(), path).toBe(404)
	for (const locale of ['en', 'ro', 'es']) expect(sitemap).toContain(`/${locale}/product/${DEMO_PRODUCT.slug}</loc>`)
	expect(sitemap).toContain('/es/catalog?category=candle</loc>')
	expect(sitemap).toContain('/ro/catalog?category=candle&amp;subcategory=lumanari-in-borcan</loc>')
	expect(sitemap).toContain('hreflang="x-default"')
	expect(sitemap).toContain('<loc>http')
	// Private areas are never listed.
	expect(sitemap).not.toMatch(/\/(?:en|ro|es)\/(?:account|cart|checkout|login)\b|\/admin\b/)
})
