import { CATALOG_SORTS } from '#domain/catalog.ts'

/** What a visitor can ask of the catalogue: each listing in each order, first, third and last pages and past the end. */
export function storefrontRequests(lastPage: number): string[] {
	const listings = ['', 'category=candle', 'category=candle&subcategory=lumanari-in-borcan', 'category=bestsellers', 'filter=new', 'filter=bestsellers']
	const searches = ['q=lumanare', 'q=lavanda+salvie', 'q=nimic-de-gasit', 'q=a', 'q=portret&category=portrait_cardboard', 'q=vanilie&filter=bestsellers']
	const paths: string[] = []
	for (const listing of [...listings, ...searches])
		for (const sort of CATALOG_SORTS)
			for (const page of [1, 3, lastPage, lastPage + 50]) {
				const query = [listing, sort === 'newest' ? '' : `sort=${sort}`, page === 1 ? '' : `page=${page}`].filter(Boolean).join('&')
				paths.push(`/en/catalog${query ? `?${query}` : ''}`)
			}
	// Other languages search their own translations; a client-side navigation asks for the data alone.
	paths.push(
		'/ro/catalog?q=lumanare&sort=bestsellers&page=3',
		'/es/catalog?q=vela&sort=price-desc',
		'/en/catalog.data?sort=bestsellers&page=3',
		'/en/catalog.data?q=candle',
	)
	return paths
}

/** One request's status and time, its body read to the end. */
export async function timed(url: string) {
	const started = performance.now()
	const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
	await response.arrayBuffer()
	return { status: response.status, ms: performance.now() - started }
}
