import type { i18n as I18n } from 'i18next'
import type { Locale } from '#domain/enums.ts'
import { createI18n } from '#domain/i18n/i18n.ts'
import en from '#domain/i18n/resources/en.ts'
import es from '#domain/i18n/resources/es.ts'
import ro from '#domain/i18n/resources/ro.ts'

export const allTranslations = { en, ro, es }

const instances = new Map<Locale, I18n>()

/** A read-only i18next instance per language, for rendering pages, emails and toasts on the server. */
export function serverI18n(locale: Locale): I18n {
	let instance = instances.get(locale)
	if (!instance) {
		instance = createI18n(locale, allTranslations)
		instances.set(locale, instance)
	}
	return instance
}
