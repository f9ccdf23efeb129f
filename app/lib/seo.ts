import type { MetaDescriptor } from 'react-router'
import type { PageMeta } from '#domain/seo.ts'

const OG_LOCALES: Record<string, string> = { en: 'en_GB', ro: 'ro_RO', es: 'es_ES' }

/** Title, description, canonical link and Open Graph tags for a page. */
export function seoMeta(meta: PageMeta | undefined | null): MetaDescriptor[] {
	if (!meta) return []
	const tags: MetaDescriptor[] = [
		{ title: meta.title },
		{ name: 'description', content: meta.description },
		{ tagName: 'link', rel: 'canonical', href: meta.canonical },
		{ property: 'og:title', content: meta.title },
		{ property: 'og:description', content: meta.description },
		{ property: 'og:url', content: meta.canonical },
		{ property: 'og:type', content: meta.type ?? 'website' },
		{ property: 'og:site_name', content: meta.siteName },
		{ property: 'og:locale', content: OG_LOCALES[meta.locale] ?? 'en_GB' },
	]
	if (meta.image) tags.push({ property: 'og:image', content: meta.image })
	return tags
}
