import adminStylesHref from '#app/admin.css?url'

/**
 * Admin pages' `links`: the admin's stylesheet, after the storefront's inlined one (ADR 0148). React
 * Router adds it on a client-side navigation into the admin and drops it on the way out.
 */
export function adminStylesheetLinks() {
	return [{ rel: 'stylesheet', href: adminStylesHref }]
}
