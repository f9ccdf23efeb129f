import { LOCALES } from '#domain/enums.ts'
import { stripLocale } from '#domain/i18n/paths.ts'
import type { LanguageAlternate, PageMeta } from '#domain/seo.ts'
import type { RequestContext } from './context.ts'
import { serverI18n } from './i18n.ts'
import { absoluteUrl, localizedUrl } from './public-url.ts'

/**
 * The page in each language and x-default: the address without a language, which sends each visitor
 * to theirs (ADR 0106). `path` is the page's path without language, with the query that defines it.
 */
export function languageAlternates(publicUrl: string, path: string): LanguageAlternate[] {
	const bare = stripLocale(path)
	return [
		...LOCALES.map((locale) => ({ hrefLang: locale, href: localizedUrl(publicUrl, locale, bare) })),
		{ hrefLang: 'x-default', href: absoluteUrl(publicUrl, bare) },
	]
}

/**
 * Builds a page's meta: "{title} | {site}" (the site name alone for the home page), the canonical
 * URL on PUBLIC_URL in the page's language, its language alternates, and absolute image URLs.
 * `path` is the page without language (`/catalog?category=candle`).
 */
export function pageMeta(
	app: Pick<RequestContext, 'env' | 'locale'>,
	input: { title: string | null; description: string; path: string; image?: string | null; type?: PageMeta['type'] },
): PageMeta {
	const siteName = serverI18n(app.locale).t('meta.siteName')
	const publicUrl = app.env.PUBLIC_URL
	return {
		title: input.title ? `${input.title} | ${siteName}` : siteName,
		description: input.description.length > 160 ? `${input.description.slice(0, 157).trimEnd()}…` : input.description,
		canonical: localizedUrl(publicUrl, app.locale, input.path),
		alternates: languageAlternates(publicUrl, input.path),
		image: input.image ? absoluteUrl(publicUrl, input.image) : undefined,
		type: input.type,
		locale: app.locale,
		siteName,
	}
}
