import { catalogHref } from '#domain/catalog.ts'
import type { Locale } from '#domain/enums.ts'
import { xmlText } from '#domain/xml.ts'
import { listSitemapEntries } from './catalog.ts'
import type { Database } from '#db/client.ts'
import { localizeContent, type LocalizingApp } from './content.ts'

const STATIC_PATHS = ['/', '/catalog', '/about', '/contact', '/faq', '/terms', '/privacy', '/returns', '/newsletter', '/customize-portrait']

/**
 * The sitemap document (spec §2 search engines): every public page, active category and active
 * product. Every text from the database goes through xmlText, so a product name holding a control
 * character cannot make the document invalid XML.
 */
export async function renderSitemap(app: LocalizingApp & { db: Database }, options: { publicUrl: string; locale: Locale }): Promise<string> {
	const entries = await listSitemapEntries(app.db)
	const products = await localizeContent(app, 'product', entries.products, options.locale)
	const base = options.publicUrl
	const url = (path: string, extra = '', lastmod?: Date) =>
		`<url><loc>${xmlText(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${extra}</url>`
	const lines = [
		...STATIC_PATHS.map((path) => url(path)),
		...entries.categories.map((category) => url(catalogHref({ category: category.slug }), '', category.updatedAt)),
		...entries.subcategories.map((sub) => url(catalogHref({ category: sub.parentSlug, subcategory: sub.slug }), '', sub.updatedAt)),
		...products.map((product) =>
			url(
				`/product/${product.slug}`,
				product.images[0]
					? `<image:image><image:loc>${xmlText(new URL(product.images[0], base).href)}</image:loc><image:title>${xmlText(product.name)}</image:title></image:image>`
					: '',
				product.updatedAt,
			),
		),
	]
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${lines.join('\n')}\n</urlset>\n`
}
