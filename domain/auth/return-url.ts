import type { Locale } from '../enums.ts'
import { sameOriginPath } from '../http/same-origin-path.ts'
import { localeFromPath, localizedPath, stripLocale, withLocale } from '../i18n/paths.ts'

/**
 * Where to send someone after signing in: only a path on this site (the shared same-origin check),
 * so the login page can never be used as an open redirect (OWASP ASVS 5.1.5).
 */
export function safeReturnPath(raw: string | null | undefined, fallback = '/'): string {
	const path = sameOriginPath(raw, fallback)
	if (path === fallback) return fallback
	// Sending a signed-in person back to the login page would loop (in any language).
	const pathname = stripLocale(new URL(path, 'http://return.invalid').pathname)
	if (pathname === '/login' || pathname === '/logout') return fallback
	return path
}

/**
 * The return target as the login page keeps it: a path in a language keeps its language; an old
 * path without one, and the fallback (home), get the login page's `locale` (ADR 0106).
 */
export function returnPath(raw: string | null | undefined, locale: Locale): string {
	const home = localizedPath(locale, '/')
	return withLocale(locale, safeReturnPath(raw, home))
}

/** The login page URL that brings the visitor back to `path` afterwards, in `path`'s language (or `locale`'s). */
export function loginUrl(path: string, locale: Locale): string {
	const language = localeFromPath(path) ?? locale
	const target = returnPath(path, language)
	const login = localizedPath(language, '/login')
	return target === localizedPath(language, '/') ? login : `${login}?returnUrl=${encodeURIComponent(target)}`
}
