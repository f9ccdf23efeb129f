import { ilike, or, sql, type Column, type SQL } from 'drizzle-orm'
import { escapeLike, normalizeSearchText, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchLikePattern } from '#domain/search.ts'

/**
 * An admin search box's match (orders, customers, products, translations): `expression` holds the
 * query as typed, any case, or its words in order with diacritics aside, folded as the catalogue
 * search folds them (ADR 0136); `storedFolded`, when given, is a column holding `expression` folded. The owner types 'stefan' or 'brasov' on a phone keyboard and finds
 * 'Ștefan' and 'Brașov'; 'ana popescu' finds 'Ana Maria Popescu'.
 */
export function adminTextMatch(expression: SQL | Column, query: string, storedFolded?: Column): SQL | undefined {
	const typed = query.trim()
	if (!typed) return undefined
	const folded = normalizeSearchText(typed)
	return or(
		ilike(expression, `%${escapeLike(typed)}%`),
		sql`${storedFolded ?? sql`translate(lower(${expression}), ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})`} like ${searchLikePattern(folded)}`,
	)
}

/**
 * The trigram index's side of an admin search (ADR 0263): `searchColumn` is a column (or an
 * indexed expression) made by adminSearchSql from the texts the search looks in. Every row that adminTextMatch finds in one of
 * those texts (or that holds one of `alsoContaining` as typed) matches this too, so the index
 * narrows the table to a few rows and the exact match, written beside it, decides on those.
 */
export function adminSearchNarrowing(searchColumn: SQL | Column, query: string, alsoContaining: string[] = []): SQL | undefined {
	const typed = query.trim()
	if (!typed) return undefined
	const asTyped = `%${escapeLike(typed)}%`
	const folded = searchLikePattern(normalizeSearchText(typed))
	return or(
		ilike(searchColumn, asTyped),
		// A query already folded (one plain word, as most are) is the same pattern, which ILIKE covers: one index scan, not two.
		folded === asTyped ? undefined : sql`${searchColumn} like ${folded}`,
		...alsoContaining.map((text) => sql`${searchColumn} like ${`%${escapeLike(text)}%`}`),
	)
}
