import type { RouterContextProvider } from 'react-router'
import { requireAdmin as requireAdminUser, requireEditor as requireEditorUser, type CurrentUser } from './session.ts'

/**
 * Guards in the shape admin loaders and actions call them: the route's args in, `{ user }` out, or a
 * thrown redirect (no user → /login?returnUrl=…, lacking the role → /). The session itself was read
 * once by the root middleware (server/auth/session.ts).
 */
export type GuardArgs = { request: Request; context: Readonly<RouterContextProvider> }

export async function requireAdmin({ request, context }: GuardArgs): Promise<{ user: CurrentUser }> {
	return { user: requireAdminUser({ context, url: pageUrl(request) }) }
}

export async function requireEditor({ request, context }: GuardArgs): Promise<{ user: CurrentUser }> {
	return { user: requireEditorUser({ context, url: pageUrl(request) }) }
}

/**
 * The page's own URL. Route middleware sees client navigations as their single-fetch data request
 * (`/admin/products.data?_routes=…`); the returnUrl must be the page (`/admin/products`), not that.
 */
export function pageUrl(request: Request): URL {
	const url = new URL(request.url)
	if (url.pathname.endsWith('.data')) {
		url.pathname = url.pathname === '/_root.data' ? '/' : url.pathname.slice(0, -'.data'.length)
		url.searchParams.delete('_routes')
	}
	return url
}
