/** Pure catalogue URL helpers (no zod here: the browser bundle imports this). */
import { localizedPath } from './i18n/paths.ts'
import { isUuid } from './ids.ts'

/** Slugs: lowercase letters, digits and hyphens, at most 100 (existing seeds also use underscores). */
const KEY = /^[a-z0-9_-]{1,100}$/

/** A slug or an id as it may appear in a URL; anything else names nothing. */
export function isCatalogKey(value: string) {
	return KEY.test(value) || isUuid(value)
}

export const CATALOG_FILTERS = ['bestsellers', 'new'] as const
/** Products per catalog page (4 rows of the widest grid). */
export const CATALOG_PAGE_SIZE = 24
/** Pages past this name nothing (a catalogue of 240,000 products is not this shop). */
export const CATALOG_MAX_PAGE = 10_000
export type CatalogFilter = (typeof CATALOG_FILTERS)[number]
/** Orders the catalogue can be sorted in (ADR 0136); 'newest' is the default and stays out of URLs. */
export const CATALOG_SORTS = ['newest', 'price-asc', 'price-desc', 'bestsellers'] as const
export type CatalogSort = (typeof CATALOG_SORTS)[number]

/** The query parameters the catalogue page reads (its page-cache key keeps these and drops the rest, ADR 0121). */
export const CATALOG_QUERY_PARAMS = ['category', 'subcategory', 'filter', 'q', 'sort', 'page'] as const

export type CatalogHrefParams = { category?: string; subcategory?: string; filter?: string; q?: string; sort?: string; page?: number }

/** The catalog URL for a set of params, in a stable order, leaving out empty ones (and the default sort). */
export function catalogHref(params: CatalogHrefParams) {
	const search = new URLSearchParams()
	if (params.category) search.set('category', params.category)
	if (params.subcategory) search.set('subcategory', params.subcategory)
	if (params.filter) search.set('filter', params.filter)
	if (params.q) search.set('q', params.q)
	if (params.sort && params.sort !== 'newest') search.set('sort', params.sort)
	if (params.page && params.page > 1) search.set('page', String(params.page))
	const query = search.toString()
	return query ? `/catalog?${query}` : '/catalog'
}

/**
 * A product's page in the shop, for the admin's 'view in shop' links (the one place that builds
 * them). When storefront URLs get a language prefix, this becomes `/ro/product/<slug>` (the admin
 * reads Romanian) and every link follows.
 */
/**
 * The catalogue page of a category, without language: a tab is `?category=slug`; a subcategory is
 * found under its parent tab (`?category=parent&subcategory=slug`), the only way the catalogue reads it.
 */
export function catalogCategoryHref(slug: string, parentSlug: string | null): string {
	return catalogHref(parentSlug ? { category: parentSlug, subcategory: slug } : { category: slug })
}

export function shopProductHref(slug: string) {
	// The admin is in Romanian: the owner previews the Romanian page (ADR 0106).
	return localizedPath('ro', `/product/${encodeURIComponent(slug)}`)
}
