import type { Locale } from '#domain/enums.ts'
import { isLocale, LOCALE_COOKIE } from '#domain/i18n/negotiate.ts'

/** localStorage key of the visitor's explicit language choice (spec §3: local storage `language`). */
export const LANGUAGE_STORAGE_KEY = 'language'
const ONE_YEAR = 60 * 60 * 24 * 365

function readCookie(name: string) {
	return document.cookie
		.split('; ')
		.find((part) => part.startsWith(`${name}=`))
		?.slice(name.length + 1)
}

function readStored(): string | null {
	try {
		return localStorage.getItem(LANGUAGE_STORAGE_KEY)
	} catch {
		return null
	}
}

/** Stores an explicit choice in localStorage and mirrors it in the cookie the server renders with. */
export function storeLanguageChoice(locale: Locale) {
	try {
		localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
	} catch {
		// Storage may be unavailable (private mode); the cookie still carries the choice.
	}
	document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR}; samesite=lax`
}

/**
 * Runs once in the browser. The stored choice wins (spec §1); the server only sees the cookie, so
 * when the two disagree (cookie expired or cleared) the cookie is restored and the page reloaded in
 * the stored language. A choice made without JavaScript (cookie only) is copied into localStorage.
 */
export function syncLanguageChoice(rendered: string) {
	const stored = readStored()
	const cookie = readCookie(LOCALE_COOKIE)
	if (isLocale(stored)) {
		if (stored !== cookie) {
			storeLanguageChoice(stored)
			if (stored !== rendered && readCookie(LOCALE_COOKIE) === stored) window.location.reload()
		}
	} else if (isLocale(cookie)) {
		storeLanguageChoice(cookie)
	}
}
