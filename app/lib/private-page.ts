import type { MetaDescriptor } from 'react-router'

/**
 * A page opened by a signed link from an email (the order page, ADR 0135; the review page, ADR 0268):
 * never kept by a cache, never indexed, and its signed address never sent on as a referrer.
 */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' }

/** The route's `headers`: the private headers over its parents', whatever the loader or action answered. */
export function privatePageHeaders({ loaderHeaders, parentHeaders }: { loaderHeaders: Headers; parentHeaders: Headers }) {
	const merged = new Headers(parentHeaders)
	for (const [name, value] of Object.entries(PRIVATE_HEADERS)) merged.set(name, loaderHeaders.get(name) ?? value)
	return merged
}

/** The route's `meta`: its title, and the same rules for robots and referrers in the page itself. */
export function privatePageMeta(title: string | undefined): MetaDescriptor[] {
	return [{ title }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'no-referrer' }]
}
