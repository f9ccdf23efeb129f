/**
 * The sitemap's layout (ADR 0250): /sitemap.xml is an index of files under /sitemaps/, one for the
 * pages without a product (the fixed pages and the categories) and one per range of
 * SITEMAP_PRODUCTS_PER_FILE product numbers. Each product is listed once per language, so a file
 * holds at most three times that many URLs, well within the protocol's 50,000 and 50 MB.
 */
export const SITEMAP_PRODUCTS_PER_FILE = 1_000

export const SITEMAP_INDEX_PATH = '/sitemap.xml'

export type SitemapFile = { kind: 'pages' } | { kind: 'products'; number: number }

/** The site path a sitemap file is served at. */
export function sitemapFilePath(file: SitemapFile): string {
	return file.kind === 'pages' ? '/sitemaps/pages.xml' : `/sitemaps/products-${file.number}.xml`
}

/** The file a name under /sitemaps/ names, or null: `pages.xml`, `products-1.xml` (no sign, no leading zero). */
export function parseSitemapFileName(name: string | undefined): SitemapFile | null {
	if (name === 'pages.xml') return { kind: 'pages' }
	const match = /^products-([1-9]\d{0,8})\.xml$/.exec(name ?? '')
	return match ? { kind: 'products', number: Number(match[1]) } : null
}

/** The product numbers (first and last, both included) a products file lists. */
export function sitemapProductRange(fileNumber: number): { first: number; last: number } {
	return { first: (fileNumber - 1) * SITEMAP_PRODUCTS_PER_FILE + 1, last: fileNumber * SITEMAP_PRODUCTS_PER_FILE }
}
