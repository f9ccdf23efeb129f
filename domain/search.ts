import type { Locale } from './enums.ts'

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

/**
 * Plural and article endings, longest first, that a search word loses so its stem finds the
 * singular and the plural alike (ADR 0267). The texts are matched by LIKE '%stem%', so only the
 * query is stemmed: a stem that starts every form of a word finds them all, and the stored texts
 * and their trigram indexes stay as they are. A word is cut by its first ending that leaves at
 * least `minStem` letters; `keep` lists endings that are no plural (English 'glass', 'virus').
 * An ending written 'x|es' is matched whole and loses only what follows the bar.
 */
const STEM_RULES: Record<Locale, { endings: readonly string[]; keep?: readonly string[]; minStem: number }> = {
	// berries/berry → berr, boxes → box, candles → candle.
	en: { endings: ['ies', 'ss|es', 'x|es', 'ch|es', 'sh|es', 'z|es', 'y', 's'], keep: ['ss', 'us', 'is'], minStem: 3 },
	// velas → vela, flores → flor, jabones → jabon.
	es: { endings: ['es', 's'], minStem: 3 },
	// lumânare/lumânări/lumânările → lumanar, portrete → portret, cutie/cutii → cuti.
	ro: { endings: ['urilor', 'urile', 'elor', 'ilor', 'uri', 'ile', 'ele', 'ii', 'ul', 'le', 'ea', 'e', 'i', 'a'], minStem: 4 },
}

/** The stem of one normalized search word in `locale` (the word itself when no ending applies). */
export function searchStem(word: string, locale: Locale): string {
	const rules = STEM_RULES[locale]
	if (!/^[a-z]+$/.test(word) || rules.keep?.some((ending) => word.endsWith(ending))) return word
	for (const rule of rules.endings) {
		const ending = rule.replace('|', '')
		if (!word.endsWith(ending)) continue
		// What follows the bar, or the whole ending without one (indexOf is then -1).
		const stem = word.slice(0, word.length - (rule.length - rule.indexOf('|') - 1))
		// 'es' is a Spanish plural after a consonant (flores); after a vowel only the 's' is (clases → clase).
		if (locale === 'es' && ending === 'es' && /[aeiou]$/.test(stem)) continue
		// English 'y' goes only after a consonant (berry → berr, not day → da).
		if (locale === 'en' && ending === 'y' && /[aeiou]$/.test(stem)) continue
		if (stem.length >= rules.minStem) return stem
	}
	return word
}

/** A normalized query with each word stemmed for `locale`, for searchLikePattern. */
export function stemSearchQuery(normalizedQuery: string, locale: Locale): string {
	return normalizedQuery
		.split(' ')
		.map((word) => searchStem(word, locale))
		.join(' ')
}
