/**
 * React Router answers a form post (no JavaScript) with the page's headers, and keeps the action's
 * own headers only when the route's `headers` asks for them (cookies excepted). A throttled post
 * should still say when to come back (RFC 9110 §10.2.3), and a checkout answer must not be stored.
 */
const ACTION_HEADERS_KEPT = ['Retry-After', 'Cache-Control'] as const

/** `headers` plus the action's Retry-After and Cache-Control, when it set them. */
export function withActionHeaders(headers: Headers, actionHeaders: Headers) {
	for (const name of ACTION_HEADERS_KEPT) {
		const value = actionHeaders.get(name)
		if (value) headers.set(name, value)
	}
	return headers
}

/** A React Router `headers` function: the parent routes' headers plus the action's (above). */
export function pageHeadersWithActionHeaders({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }) {
	return withActionHeaders(new Headers(parentHeaders), actionHeaders)
}
