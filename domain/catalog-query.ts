import * as z from 'zod/mini'
import { CATALOG_FILTERS, CATALOG_MAX_PAGE, CATALOG_SORTS, isCatalogKey } from './catalog.ts'
import { withoutControlCharacters } from './forms/fields.ts'
import { SEARCH_MAX_LENGTH } from './search.ts'

/** A garbage value becomes "not given" — the catalog never fails on its query string. */
const key = z.catch(z.optional(z.string().check(z.trim(), z.toLowerCase())), undefined)

/** A key that cannot name anything is kept (so the page says nothing matches) but made harmless. */
const lookupKey = z.pipe(
	key,
	z.transform((value: string | undefined) => (!value ? undefined : isCatalogKey(value) ? value : '-')),
)

export const catalogQuerySchema = z.object({
	category: lookupKey,
	subcategory: lookupKey,
	filter: z.catch(z.optional(z.enum(CATALOG_FILTERS)), undefined),
	/**
	 * What the visitor typed in the search box: white space collapsed, other control characters (a
	 * NUL from a crafted URL) dropped, trimmed and cut to SEARCH_MAX_LENGTH; blank is no search.
	 */
	q: z.catch(
		z.pipe(
			z.optional(z.string()),
			z.transform(
				(value: string | undefined) =>
					(value === undefined ? '' : withoutControlCharacters(value.replace(/\s+/g, ' '))).trim().slice(0, SEARCH_MAX_LENGTH) || undefined,
			),
		),
		undefined,
	),
	sort: z.catch(z._default(z.enum(CATALOG_SORTS), 'newest'), 'newest'),
	/** 1 when absent or not a page number; past the last page the grid is simply empty. */
	// No page (most visits) is page 1 by default, not through a failed parse that builds an error on every view.
	page: z.catch(z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CATALOG_MAX_PAGE)), 1), 1),
})

export type CatalogQuery = z.infer<typeof catalogQuerySchema>

export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
	return catalogQuerySchema.parse({
		category: params.get('category') ?? undefined,
		subcategory: params.get('subcategory') ?? undefined,
		filter: params.get('filter') ?? undefined,
		q: params.get('q') ?? undefined,
		sort: params.get('sort') ?? undefined,
		page: params.get('page') ?? undefined,
	})
}
