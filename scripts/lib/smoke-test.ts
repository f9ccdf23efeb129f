/**
 * A quick look at a running shop, as a visitor's browser first sees it: the health probe, the home
 * page and the catalogue in two languages, and a product page reached from the catalogue, each
 * server-rendered with the router's inline manifest that hydration needs. Returns what failed.
 */
export async function smokeTest(baseUrl: string): Promise<string[]> {
	const failures: string[] = []
	const get = async (path: string) => {
		const response = await fetch(baseUrl + path, { redirect: 'manual' })
		return { status: response.status, text: await response.text() }
	}
	const health = await get('/healthz')
	if (health.status !== 200) failures.push(`/healthz answered ${health.status}`)
	let productPath: string | undefined
	for (const [path, lang] of [
		['/en', 'en'],
		['/ro/catalog', 'ro'],
		['/en/catalog', 'en'],
	] as const) {
		const page = await get(path)
		if (page.status !== 200) failures.push(`${path} answered ${page.status}`)
		else if (!page.text.includes(`<html lang="${lang}"`)) failures.push(`${path} is not a rendered ${lang} page`)
		else if (!page.text.includes('window.__reactRouterManifest')) failures.push(`${path} has no route manifest for hydration`)
		productPath ??= /href="(\/en\/product\/[^"?#]+)"/.exec(page.text)?.[1]
	}
	if (!productPath) failures.push('the English catalogue links to no product')
	else {
		const product = await get(productPath)
		if (product.status !== 200 || !product.text.includes('application/ld+json'))
			failures.push(`${productPath} answered ${product.status} without the product's data`)
	}
	return failures
}
