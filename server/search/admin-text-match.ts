import { ilike, or, sql, type Column, type SQL } from 'drizzle-orm'
import { escapeLike, normalizeSearchText, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchLikePattern } from '#domain/search.ts'

/**
 * An admin search box's match (orders, customers, products, translations): `expression` holds the
 * query as typed, any case, or its words in order with diacritics aside, folded as the catalogue
 * search folds them (ADR 0136). The owner types 'stefan' or 'brasov' on a phone keyboard and finds
 * 'Ștefan' and 'Brașov'; 'ana popescu' finds 'Ana Maria Popescu'.
 */
export function adminTextMatch(expression: SQL | Column, query: string): SQL | undefined {
	const typed = query.trim()
	if (!typed) return undefined
	const folded = normalizeSearchText(typed)
	return or(
		ilike(expression, `%${escapeLike(typed)}%`),
		sql`translate(lower(${expression}), ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO}) like ${searchLikePattern(folded)}`,
	)
}
