import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { EDITOR_ADMIN_HOME, editorMayOpen } from '#domain/admin/staff-access.ts'
import { getCurrentUser, requireAdmin, requireEditor, requireUser, type CurrentUser } from './session.ts'

/**
 * The one guard layer (ADR 0103): route middleware. A route or layout that needs a signed-in person
 * lists one of these in its `middleware` export, and every loader and action under it is covered; no
 * route module calls a guard itself. No user → /login?returnUrl=…, lacking the role → /. The session
 * itself was read once by the root middleware (server/auth/session.ts).
 */
type MiddlewareArgs = { request: Request; context: Readonly<RouterContextProvider> }

function guard(check: (args: { context: Readonly<RouterContextProvider>; url: URL }) => CurrentUser): MiddlewareFunction<Response> {
	return ({ request, context }: MiddlewareArgs, next) => {
		check({ context, url: pageUrl(request) })
		return next()
	}
}

/** Signed-in people only (the account pages). */
export const userOnly = guard(requireUser)
/** Editors and admins (the translations screen). */
export const editorOnly = guard(requireEditor)
/** Admins only. */
export const adminOnly = guard(requireAdmin)
/**
 * The admin layout (every admin page, action and upload endpoint): admins everywhere; editors only in
 * the areas domain/admin/staff-access.ts lists (ADR 0236), the dashboard sending them to theirs, and
 * anywhere else to / as any non-admin. Everyone else as editorOnly.
 */
export const adminArea = guard((args) => {
	const user = requireEditor(args)
	if (user.isAdmin || editorMayOpen(args.url.pathname)) return user
	if (args.url.pathname === '/admin' || args.url.pathname === '/admin/') throw redirect(EDITOR_ADMIN_HOME)
	return requireAdmin(args)
})

/**
 * The person a guard middleware let through, for loaders and actions that need their id or role.
 * It is not a guard: behind no guard middleware it is a programming error, not a redirect.
 */
export function guardedUser(context: Readonly<RouterContextProvider>): CurrentUser {
	const user = getCurrentUser(context)
	if (!user) throw new Error('guardedUser() used in a route that no guard middleware covers')
	return user
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
