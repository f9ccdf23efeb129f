import type { PageMeta } from '#domain/seo.ts'
import type { RequestContext } from './context.ts'
import { serverI18n } from './i18n.ts'

/**
 * Builds a page's meta: "{title} | {site}" (the site name alone for the home page), the canonical
 * URL on PUBLIC_URL, and absolute image URLs.
 */
export function pageMeta(
	app: Pick<RequestContext, 'env' | 'locale'>,
	input: { title: string | null; description: string; path: string; image?: string | null; type?: PageMeta['type'] },
): PageMeta {
	const siteName = serverI18n(app.locale).t('meta.siteName')
	const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${app.env.PUBLIC_URL}${url.startsWith('/') ? '' : '/'}${url}`)
	return {
		title: input.title ? `${input.title} | ${siteName}` : siteName,
		description: input.description.length > 160 ? `${input.description.slice(0, 157).trimEnd()}…` : input.description,
		canonical: absolute(input.path),
		image: input.image ? absolute(input.image) : undefined,
		type: input.type,
		locale: app.locale,
		siteName,
	}
}
