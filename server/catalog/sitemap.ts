import { catalogHref } from '#domain/catalog.ts'
import { LOCALES, type Locale } from '#domain/enums.ts'
import { xmlText } from '#domain/xml.ts'
import { listSitemapEntries } from './catalog.ts'
import type { Database } from '#db/client.ts'
import { languageAlternates } from '../seo.ts'
import { localizedUrl } from '../public-url.ts'
import { localizeContent, type LocalizingApp } from './content.ts'

const STATIC_PATHS = ['/', '/catalog', '/about', '/contact', '/faq', '/terms', '/privacy', '/returns', '/newsletter', '/customize-portrait']

/** A page of the sitemap, without language; `image` (a product's first picture) is titled with the name in each language. */
type SitemapPage = { path: string; lastmod?: Date; image?: { url: string; title: Record<Locale, string> } }

/**
 * The sitemap document (spec §2 search engines, ADR 0106): every public page, active category and
 * active product, once per language, each `<url>` naming all its languages and x-default as
 * `xhtml:link` alternates (so each language's URL points at every other). Every text from the database
 * goes through xmlText, so a product name holding a control character cannot make the document invalid XML.
 */
export async function renderSitemap(app: LocalizingApp & { db: Database }, options: { publicUrl: string }): Promise<string> {
	const entries = await listSitemapEntries(app.db)
	const base = options.publicUrl
	const named = await Promise.all(LOCALES.map((locale) => localizeContent(app, 'product', entries.products, locale)))
	const pages: SitemapPage[] = [
		...STATIC_PATHS.map((path) => ({ path })),
		...entries.categories.map((category) => ({ path: catalogHref({ category: category.slug }), lastmod: category.updatedAt })),
		...entries.subcategories.map((sub) => ({ path: catalogHref({ category: sub.parentSlug, subcategory: sub.slug }), lastmod: sub.updatedAt })),
		...entries.products.map((product, index) => ({
			path: `/product/${product.slug}`,
			lastmod: product.updatedAt,
			image: product.images[0]
				? {
						url: new URL(product.images[0], base).href,
						title: Object.fromEntries(LOCALES.map((locale, at) => [locale, named[at]![index]!.name])) as Record<Locale, string>,
					}
				: undefined,
		})),
	]
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
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${lines.join('\n')}\n</urlset>\n`
}
