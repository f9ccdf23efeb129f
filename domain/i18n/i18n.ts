import { createInstance, type i18n as I18n } from 'i18next'
import { DEFAULT_LOCALE, type Locale } from '../enums.ts'
import type { Translation } from './resources/en.ts'

/** An i18next instance for one language (the interface's texts unless others are given); React components reach it through app/lib/i18n/translation.tsx. */
export function createI18n<Resource extends object = Translation>(locale: Locale, resources: Partial<Record<Locale, Resource>>): I18n {
	const instance = createInstance()
	void instance.init({
		lng: locale,
		fallbackLng: resources[DEFAULT_LOCALE] ? DEFAULT_LOCALE : false,
		resources: Object.fromEntries(Object.entries(resources).map(([lng, translation]) => [lng, { translation }])),
		interpolation: { escapeValue: false },
		initAsync: false,
	})
	return instance
}
