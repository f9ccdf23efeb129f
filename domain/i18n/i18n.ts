import { createInstance, type i18n as I18n, type Module } from 'i18next'
import { DEFAULT_LOCALE, type Locale } from '../enums.ts'
import type { Translation } from './resources/en.ts'

/**
 * An i18next instance for one language. `modules` are i18next plugins registered before it starts:
 * the browser and the server render pass react-i18next's `initReactI18next` (this folder knows no React).
 */
export function createI18n(locale: Locale, resources: Partial<Record<Locale, Translation>>, modules: Module[] = []): I18n {
	const instance = createInstance()
	for (const module of modules) instance.use(module)
	void instance.init({
		lng: locale,
		fallbackLng: resources[DEFAULT_LOCALE] ? DEFAULT_LOCALE : false,
		resources: Object.fromEntries(Object.entries(resources).map(([lng, translation]) => [lng, { translation }])),
		interpolation: { escapeValue: false },
		initAsync: false,
	})
	return instance
}
