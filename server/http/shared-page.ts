/**
 * A route module exports `headers = sharedPageHeaders` when its page is the same for every
 * anonymous visitor who reads it in the same language: nothing in it depends on a session, a
 * cookie or the time of day. The page cache (./page-cache.ts) may then keep it; the marker
 * header itself never leaves the server.
 */
export const SHARED_PAGE_HEADER = 'X-Shared-Page'

/** A React Router `headers` function: the parent routes' headers, plus the marker. */
export function sharedPageHeaders({ parentHeaders }: { parentHeaders: Headers }) {
	const headers = new Headers(parentHeaders)
	headers.set(SHARED_PAGE_HEADER, '1')
	return headers
}
