import type { Locale } from '#domain/enums.ts'
import { localizedPath } from '#domain/i18n/paths.ts'

/** An absolute URL on PUBLIC_URL for a site path (absolute URLs pass through). */
export function absoluteUrl(publicUrl: string, url: string) {
	return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`
}

/**
 * A storefront page's absolute URL in `locale` (ADR 0106): links in emails (the recipient's
 * language), payment return pages (the order's), canonical and alternate links, the sitemap.
 */
export function localizedUrl(publicUrl: string, locale: Locale, path: string) {
	return absoluteUrl(publicUrl, localizedPath(locale, path))
}
