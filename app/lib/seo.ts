import type { MetaDescriptor } from 'react-router'
import { LOCALES } from '#domain/enums.ts'
import type { LanguageAlternate, PageMeta } from '#domain/seo.ts'

const OG_LOCALES: Record<string, string> = { en: 'en_GB', ro: 'ro_RO', es: 'es_ES' }

/** `<link rel="alternate" hreflang>` for each language and x-default (ADR 0106). */
export function alternateLinks(alternates: readonly LanguageAlternate[] | undefined): MetaDescriptor[] {
	return (alternates ?? []).map(({ hrefLang, href }) => ({ tagName: 'link', rel: 'alternate', hrefLang, href }))
}

/** Title, description, canonical and language links, and Open Graph tags for a page. */
export function seoMeta(meta: PageMeta | undefined | null): MetaDescriptor[] {
	if (!meta) return []
	const tags: MetaDescriptor[] = [
		{ title: meta.title },
		{ name: 'description', content: meta.description },
		{ tagName: 'link', rel: 'canonical', href: meta.canonical },
		...alternateLinks(meta.alternates),
		{ property: 'og:title', content: meta.title },
		{ property: 'og:description', content: meta.description },
		{ property: 'og:url', content: meta.canonical },
		{ property: 'og:type', content: meta.type ?? 'website' },
		{ property: 'og:site_name', content: meta.siteName },
		{ property: 'og:locale', content: OG_LOCALES[meta.locale] ?? 'en_GB' },
		...LOCALES.filter((locale) => locale !== meta.locale).map((locale) => ({ property: 'og:locale:alternate', content: OG_LOCALES[locale] })),
	]
	if (meta.image) tags.push({ property: 'og:image', content: meta.image })
	return tags
}
