import { catalogHref } from '#domain/catalog.ts'
import { LOCALES, type Locale } from '#domain/enums.ts'
import { SITEMAP_PRODUCTS_PER_FILE, sitemapFilePath, sitemapProductRange, type SitemapFile } from '#domain/sitemap.ts'
import { xmlText } from '#domain/xml.ts'
import { lastSitemapCategoryChange, listSitemapCategories, listSitemapProductFiles, listSitemapProducts } from './catalog.ts'
import type { Database } from '#db/client.ts'
import { languageAlternates } from '../seo.ts'
import { localizedUrl } from '../public-url.ts'
import { localizeContent, type LocalizingApp } from './content.ts'
import { SHARED_PAGE_HEADER } from '../http/shared-page.ts'

const STATIC_PATHS = ['/', '/catalog', '/about', '/contact', '/faq', '/terms', '/privacy', '/returns', '/newsletter', '/customize-portrait']

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'

/** A page of the sitemap, without language; `image` (a product's first picture) is titled with the name in each language. */
type SitemapPage = { path: string; lastmod?: Date; image?: { url: string; title: Record<Locale, string> } }

type SitemapApp = LocalizingApp & { db: Database }

/**
 * The sitemap index (ADR 0250): the pages file, then one file per range of product numbers that
 * holds an active product, each with the newest change among what it lists. A range whose
 * products are all gone or hidden is left out (a sitemap file must list at least one URL).
 */
export async function renderSitemapIndex(app: { db: Database }, options: { publicUrl: string }): Promise<string> {
	const [categoriesChanged, productFiles] = await Promise.all([lastSitemapCategoryChange(app.db), listSitemapProductFiles(app.db, SITEMAP_PRODUCTS_PER_FILE)])
	const files: { file: SitemapFile; lastmod: Date | null }[] = [
		{ file: { kind: 'pages' }, lastmod: categoriesChanged },
		...productFiles.map(({ number, lastmod }) => ({ file: { kind: 'products', number } as const, lastmod })),
	]
	const lines = files.map(({ file, lastmod }) => {
		const loc = xmlText(new URL(sitemapFilePath(file), options.publicUrl).href)
		return `<sitemap><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</sitemap>`
	})
	return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</sitemapindex>\n`
}

/**
 * One file of the sitemap (ADR 0106, 0250), or null when there is no such file (a range without
 * any active product). The pages file lists the fixed public pages and the active categories; a
 * products file the active products of its range of numbers.
 */
export async function renderSitemapFile(app: SitemapApp, file: SitemapFile, options: { publicUrl: string }): Promise<string | null> {
	const pages = file.kind === 'pages' ? await listedPages(app) : await listedProducts(app, file.number, options.publicUrl)
	return pages.length === 0 ? null : renderUrlset(pages, options.publicUrl)
}

async function listedPages(app: SitemapApp): Promise<SitemapPage[]> {
	const entries = await listSitemapCategories(app.db)
	return [
		...STATIC_PATHS.map((path) => ({ path })),
		...entries.categories.map((category) => ({ path: catalogHref({ category: category.slug }), lastmod: category.updatedAt })),
		...entries.subcategories.map((sub) => ({ path: catalogHref({ category: sub.parentSlug, subcategory: sub.slug }), lastmod: sub.updatedAt })),
	]
}

async function listedProducts(app: SitemapApp, fileNumber: number, base: string): Promise<SitemapPage[]> {
	const products = await listSitemapProducts(app.db, sitemapProductRange(fileNumber))
	const named = await Promise.all(LOCALES.map((locale) => localizeContent(app, 'product', products, locale)))
	return products.map((product, index) => ({
		path: `/product/${product.slug}`,
		lastmod: product.updatedAt,
		image: product.images[0]
			? {
					url: new URL(product.images[0], base).href,
					title: Object.fromEntries(LOCALES.map((locale, at) => [locale, named[at]![index]!.name])) as Record<Locale, string>,
				}
			: undefined,
	}))
}

/**
 * A `urlset` listing each page once per language, each `<url>` naming all its languages and
 * x-default as `xhtml:link` alternates (so each language's URL points at every other, and all of
 * them are in the same file). Every text from the database goes through xmlText, so a product
 * name holding a control character cannot make the document invalid XML.
 */
function renderUrlset(pages: SitemapPage[], base: string): string {
	const lines = pages.flatMap((page) => {
		const links = languageAlternates(base, page.path)
			.map((link) => `<xhtml:link rel="alternate" hreflang="${link.hrefLang}" href="${xmlText(link.href)}"/>`)
			.join('')
		return LOCALES.map((locale) => {
			const lastmod = page.lastmod ? `<lastmod>${page.lastmod.toISOString()}</lastmod>` : ''
			const image = page.image
				? `<image:image><image:loc>${xmlText(page.image.url)}</image:loc><image:title>${xmlText(page.image.title[locale])}</image:title></image:image>`
				: ''
			return `<url><loc>${xmlText(localizedUrl(base, locale, page.path))}</loc>${lastmod}${links}${image}</url>`
		})
	})
	return `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${lines.join('\n')}\n</urlset>\n`
}

/**
 * A sitemap document as the routes answer it: marked as the same for every visitor, so the page
 * cache keeps it and drops it on the next catalogue change like a page (ADR 0091, 0250).
 */
export function sitemapResponse(body: string | null): Response {
	if (body === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
	return new Response(body, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600', [SHARED_PAGE_HEADER]: '1' },
	})
}
