import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { DEFAULT_LOCALE } from '#domain/enums.ts'
import { isLocale } from '#domain/i18n/negotiate.ts'
import { localizedPath } from '#domain/i18n/paths.ts'

/**
 * `to` for links on a page: a storefront path in the page's language (`/catalog` → `/es/catalog`,
 * ADR 0106). The page's language is the one i18next renders it in, which the server took from the URL.
 */
export function useLocalizedPath(): (path: string) => string {
	const { i18n } = useTranslation()
	const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE
	return (path) => localizedPath(locale, path)
}
