import { catalogHref } from '#app/lib/catalog.ts'
import { listSitemapEntries } from '#server/catalog/catalog.ts'
import { localizeContent } from '#server/catalog/content.ts'
import { getApp } from '#server/context.ts'
import type { Route } from './+types/sitemap'

const STATIC_PATHS = ['/', '/catalog', '/about', '/contact', '/faq', '/terms', '/privacy', '/returns', '/newsletter', '/customize-portrait']

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** Every public page, active category and active product (spec §2 search engines). */
export async function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	const entries = await listSitemapEntries(app.db)
	const products = await localizeContent(app, 'product', entries.products, app.locale)
	const base = app.env.PUBLIC_URL
	const url = (path: string, extra = '', lastmod?: Date) =>
		`<url><loc>${xml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${extra}</url>`
	const lines = [
		...STATIC_PATHS.map((path) => url(path)),
		...entries.categories.map((category) => url(catalogHref({ category: category.slug }), '', category.updatedAt)),
		...entries.subcategories.map((sub) => url(catalogHref({ category: sub.parentSlug, subcategory: sub.slug }), '', sub.updatedAt)),
		...products.map((product) =>
			url(
				`/product/${product.slug}`,
				product.images[0] ? `<image:image><image:loc>${xml(new URL(product.images[0], base).href)}</image:loc><image:title>${xml(product.name)}</image:title></image:image>` : '',
				product.updatedAt,
			),
		),
	]
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${lines.join('\n')}\n</urlset>\n`
	return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' } })
}
