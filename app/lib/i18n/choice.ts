import type { Locale } from '#domain/enums.ts'
import { isLocale, LOCALE_COOKIE } from '#domain/i18n/negotiate.ts'
import { localizedPath } from '#domain/i18n/paths.ts'

/** localStorage key of the visitor's explicit language choice (local storage `language`). */
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
 * Runs once in the browser. A page whose URL names its language shows that language whatever was
 * chosen (ADR 0106); the choice only decides where a URL without language leads. The server only
 * sees the cookie, so when the cookie was lost (expired or cleared) it is restored from localStorage;
 * the visitor was then sent by the browser's language, so they are taken to this page in their
 * choice. A choice made without JavaScript (cookie only) is copied into localStorage.
 */
export function syncLanguageChoice(rendered: string) {
	const stored = readStored()
	const cookie = readCookie(LOCALE_COOKIE)
	if (isLocale(stored)) {
		if (stored !== cookie) {
			storeLanguageChoice(stored)
			if (stored !== rendered && readCookie(LOCALE_COOKIE) === stored && !cookie) {
				const here = window.location.pathname + window.location.search
				const target = localizedPath(stored, here)
				if (target === here) window.location.reload()
				else window.location.replace(target)
			}
		}
	} else if (isLocale(cookie)) {
		storeLanguageChoice(cookie)
	}
}
