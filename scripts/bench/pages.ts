/** The pages the benchmark looks at: storefront pages in English, their URL naming the language (ADR 0106). */

/** Pages under load: the home page, the catalogue, one category, a product, and /healthz as the baseline. */
export function loadPaths(productPath: string) {
	return ['/healthz', '/en', '/en/catalog', '/en/catalog?category=candle', productPath]
}

/** Pages whose throughput must reach 40% of /healthz: the product and catalogue pages. */
export function catalogAndProductPaths(productPath: string) {
	return ['/en/catalog', '/en/catalog?category=candle', productPath]
}

/** Pages Lighthouse audits. */
export function lighthousePaths(productPath: string) {
	return ['/en', '/en/catalog', productPath]
}

/**
 * Storefront pages whose database queries are counted: the catalogue pages, the static pages, the
 * cart and checkout, and both kinds of 404 (an unknown URL, an unknown product).
 */
export function storefrontPaths(productPath: string) {
	return [
		'/en',
		'/en/catalog',
		'/en/catalog?category=candle',
		'/en/catalog?category=portrait_cardboard',
		'/en/catalog?q=lumanare',
		'/en/catalog?q=lumanare&sort=bestsellers',
		productPath,
		'/en/customize-portrait',
		'/en/cart',
		'/en/checkout',
		'/en/about',
		'/en/contact',
		'/en/faq',
		'/en/terms',
		'/en/privacy',
		'/en/returns',
		'/en/newsletter',
		'/en/login',
		'/no-such-page',
		'/en/product/no-such-product',
	]
}
