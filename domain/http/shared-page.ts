/**
 * What a storefront route declares in its `handle` when its page is the same for every anonymous
 * visitor in one language (the page cache may keep it, ADR 0121): the query parameters its loader
 * reads. Every other parameter (fbclid, utm_*, anything unknown) changes nothing on the page, so
 * the server drops it before the render and from the cache key; the page never echoes it.
 */
export type SharedPageHandle = { sharedPage: { params: readonly string[] } }

export function sharedPageHandle(params: readonly string[] = []): SharedPageHandle {
	return { sharedPage: { params } }
}

/** The declared parameters of a route's handle, or null when the route does not declare a shared page. */
export function sharedPageParams(handle: unknown): readonly string[] | null {
	const declared = (handle as Partial<SharedPageHandle> | null | undefined)?.sharedPage?.params
	return Array.isArray(declared) ? declared : null
}

/**
 * The URL a shared page is rendered and kept under: the path, and only the declared parameters,
 * sorted by name (a name's repeated values keep their order). `/catalog?utm_source=x&page=2&category=candle`
 * becomes `/catalog?category=candle&page=2`.
 */
export function sharedPageUrl(pathAndQuery: string, params: readonly string[]): string {
	const queryStart = pathAndQuery.indexOf('?')
	if (queryStart === -1) return pathAndQuery
	const path = pathAndQuery.slice(0, queryStart)
	if (params.length === 0) return path
	const kept = [...new URLSearchParams(pathAndQuery.slice(queryStart + 1))].filter(([name]) => params.includes(name))
	if (kept.length === 0) return path
	kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
	return `${path}?${new URLSearchParams(kept).toString()}`
}
