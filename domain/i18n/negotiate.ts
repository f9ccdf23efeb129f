import { DEFAULT_LOCALE, LOCALES, type Locale } from '../enums.ts'

export const LOCALE_COOKIE = 'lang'

export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The first supported language in an Accept-Language header, by quality. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
	if (!header) return null
	const ranked = header
		.split(',')
		.map((part, index) => {
			const [tag = '', ...params] = part.trim().split(';')
			const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
			const quality = q ? Number(q.slice(2)) : 1
			return { base: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index }
		})
		.filter((entry) => entry.quality > 0)
		.sort((a, b) => b.quality - a.quality || a.index - b.index)
	return ranked.map((entry) => entry.base).find(isLocale) ?? null
}

/** The country's language: RO gives Romanian, ES gives Spanish, anything else English. */
export function localeFromCountry(country: string | null | undefined): Locale {
	const code = country?.trim().toUpperCase()
	return code === 'RO' ? 'ro' : code === 'ES' ? 'es' : 'en'
}

/**
 * The language choice order: a stored choice, then the browser language, then the visitor's country.
 * The server sees the stored choice as a cookie and the country as a proxy header.
 */
export function negotiateLocale(input: { stored?: string | null; acceptLanguage?: string | null; country?: string | null }): Locale {
	if (isLocale(input.stored)) return input.stored
	const fromBrowser = localeFromAcceptLanguage(input.acceptLanguage)
	if (fromBrowser) return fromBrowser
	if (input.country) return localeFromCountry(input.country)
	return DEFAULT_LOCALE
}
