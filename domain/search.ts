/**
 * Catalogue search text (ADR 0136): lowercase, diacritics folded, so 'lumanare' finds 'lumânare'.
 * One table of letters serves both sides: `normalizeSearchText` folds what the visitor types, and
 * the database folds the stored texts with `translate(lower(text), SEARCH_FOLD_FROM, SEARCH_FOLD_TO)`
 * in generated columns (db/schema), so both ends agree without `unaccent` (absent on PGlite).
 */

/** Each accented letter (both cases: `lower()` may only fold ASCII under the C collation) and the plain one it folds to. */
const FOLDS: Record<string, string> = {
	a: 'àáâãäåāăąÀÁÂÃÄÅĀĂĄ',
	c: 'çćčĉċÇĆČĈĊ',
	d: 'ďđĎĐ',
	e: 'èéêëēĕėęěÈÉÊËĒĔĖĘĚ',
	g: 'ğĝġģĞĜĠĢ',
	i: 'ìíîïīĭįıÌÍÎÏĪĬĮİ',
	l: 'ľĺļłĽĹĻŁ',
	n: 'ñńňņÑŃŇŅ',
	o: 'òóôõöøōŏőÒÓÔÕÖØŌŎŐ',
	r: 'ŕřŗŔŘŖ',
	s: 'śšşșŝŚŠŞȘŜ',
	t: 'ťţțŤŢȚ',
	u: 'ùúûüūŭůűųÙÚÛÜŪŬŮŰŲ',
	y: 'ýÿÝŸ',
	z: 'źżžŹŻŽ',
}

/** The `from` and `to` arguments of SQL translate(): the n-th letter of one becomes the n-th of the other. */
export const SEARCH_FOLD_FROM = Object.values(FOLDS).join('')
export const SEARCH_FOLD_TO = Object.entries(FOLDS)
	.map(([plain, accented]) => plain.repeat([...accented].length))
	.join('')

const FOLD_MAP = new Map<string, string>([...SEARCH_FOLD_FROM].map((letter, index) => [letter, SEARCH_FOLD_TO[index]!]))

/** The SQL expression that folds `column` as normalizeSearchText does (spaces aside: the LIKE pattern does not depend on them). */
export function foldedSearchSql(expression: string): string {
	return `translate(lower(${expression}), '${SEARCH_FOLD_FROM}', '${SEARCH_FOLD_TO}')`
}

/**
 * The SQL expression of an admin search column (ADR 0263): the given texts as stored, then folded,
 * in one string a trigram index covers. A row whose text matches an admin search box (any case as
 * typed, or folded word by word: server/search/admin-text-match.ts) also matches the same query on
 * this column, so the index finds it; the exact match is then checked on the row's own columns.
 * Each expression must not be null (coalesce what may be).
 */
export function adminSearchSql(expressions: string[]): string {
	const joined = expressions.map((expression) => `(${expression})`).join(` || ' ' || `)
	return `${joined} || ' ' || ${foldedSearchSql(joined)}`
}

/** Longest search the shop reads (a longer one is cut; it would match nothing anyway). */
export const SEARCH_MAX_LENGTH = 100

/**
 * Text as the search compares it: lowercase, the letters of FOLDS without their accents, spaces
 * collapsed. A query typed with separate accents ('a' + U+0302) is composed first (NFC), as browsers
 * send the stored texts.
 */
export function normalizeSearchText(text: string): string {
	let folded = ''
	for (const letter of text.normalize('NFC').toLowerCase()) folded += FOLD_MAP.get(letter) ?? letter
	return folded.replace(/\s+/g, ' ').trim()
}

/**
 * The LIKE pattern for a normalized query: its words in order, anything between them
 * ('lumanare lavanda' finds 'Lumânare cu lavandă'); LIKE's own wildcards are escaped.
 */
export function searchLikePattern(normalizedQuery: string): string {
	const words = normalizedQuery.split(' ').filter(Boolean)
	return `%${words.map(escapeLike).join('%')}%`
}

/** Text for a LIKE pattern with LIKE's own wildcards (and its escape character) escaped. */
export function escapeLike(text: string) {
	return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}
