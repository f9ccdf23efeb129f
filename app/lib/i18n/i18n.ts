import { createInstance, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, type Locale } from '../domain/enums.ts'
import type { Translation } from './resources/en.ts'

export function createI18n(locale: Locale, resources: Partial<Record<Locale, Translation>>): I18n {
	const instance = createInstance()
	void instance.use(initReactI18next).init({
		lng: locale,
		fallbackLng: resources[DEFAULT_LOCALE] ? DEFAULT_LOCALE : false,
		resources: Object.fromEntries(Object.entries(resources).map(([lng, translation]) => [lng, { translation }])),
		interpolation: { escapeValue: false },
		initAsync: false,
	})
	return instance
}
