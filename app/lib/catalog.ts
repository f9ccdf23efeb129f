/** Pure catalogue URL helpers (no zod here: the browser bundle imports this). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Spec §5: lowercase letters, digits and hyphens, at most 100 (existing seeds also use underscores). */
const KEY = /^[a-z0-9_-]{1,100}$/

export function isUuid(value: string) {
	return UUID.test(value)
}

/** A slug or an id as it may appear in a URL; anything else names nothing. */
export function isCatalogKey(value: string) {
	return KEY.test(value) || isUuid(value)
}

export const CATALOG_FILTERS = ['bestsellers', 'new'] as const
export type CatalogFilter = (typeof CATALOG_FILTERS)[number]

/** The catalog URL for a set of params, in a stable order, leaving out empty ones. */
export function catalogHref(params: { category?: string; subcategory?: string; filter?: string }) {
	const search = new URLSearchParams()
	if (params.category) search.set('category', params.category)
	if (params.subcategory) search.set('subcategory', params.subcategory)
	if (params.filter) search.set('filter', params.filter)
	const query = search.toString()
	return query ? `/catalog?${query}` : '/catalog'
}
