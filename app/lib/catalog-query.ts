import { z } from 'zod'
import { CATALOG_FILTERS, isCatalogKey } from './catalog.ts'

/** A garbage value becomes "not given" — the catalog never fails on its query string. */
const key = z
	.string()
	.trim()
	.toLowerCase()
	.optional()
	.catch(undefined)
	.transform((value) => (value ? value : undefined))

/** A key that cannot name anything is kept (so the page says nothing matches) but made harmless. */
const lookupKey = key.transform((value) => (value === undefined ? undefined : isCatalogKey(value) ? value : '-'))

export const catalogQuerySchema = z.object({
	category: lookupKey,
	subcategory: lookupKey,
	filter: z.enum(CATALOG_FILTERS).optional().catch(undefined),
})

export type CatalogQuery = z.infer<typeof catalogQuerySchema>

export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
	return catalogQuerySchema.parse({
		category: params.get('category') ?? undefined,
		subcategory: params.get('subcategory') ?? undefined,
		filter: params.get('filter') ?? undefined,
	})
}

