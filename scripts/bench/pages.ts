/** The pages the benchmark looks at. */

/** Pages under load: the home page, the catalogue, one category, a product, and /healthz as the baseline. */
export function loadPaths(productPath: string) {
	return ['/healthz', '/', '/catalog', '/catalog?category=candle', productPath]
}

/** Pages whose throughput must reach 40% of /healthz (issue 9: product and catalogue pages). */
export function catalogAndProductPaths(productPath: string) {
	return ['/catalog', '/catalog?category=candle', productPath]
}

/** Pages Lighthouse audits. */
export function lighthousePaths(productPath: string) {
	return ['/', '/catalog', productPath]
}

/**
 * Storefront pages whose database queries are counted: the catalogue pages, the static pages, the
 * cart and checkout, and both kinds of 404 (an unknown URL, an unknown product).
 */
export function storefrontPaths(productPath: string) {
	return [
		'/',
		'/catalog',
		'/catalog?category=candle',
		'/catalog?category=portrait_cardboard',
		productPath,
		'/customize-portrait',
		'/cart',
		'/checkout',
		'/about',
		'/contact',
		'/faq',
		'/terms',
		'/privacy',
		'/returns',
		'/newsletter',
		'/login',
		'/no-such-page',
		'/product/no-such-product',
	]
}
