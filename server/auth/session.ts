import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { loginUrl } from '#domain/auth/return-url.ts'
import type { Role } from '#domain/enums.ts'
import { localizedPath } from '#domain/i18n/paths.ts'
import { getApp, type RequestContext } from '../context.ts'
import { authHeaders, clearSessionCookies, deleteSession } from './accounts.ts'
import { SESSION_MAX_AGE_SECONDS } from './auth.ts'
import { canEdit, getRoles, roleFlags } from './roles.ts'

/** The signed-in person, as the server knows them for this request. */
export type CurrentUser = {
	id: string
	email: string
	/** The full name given at sign-up; '' when not given. */
	name: string
	sessionId: string
	roles: Role[]
	isAdmin: boolean
	isEditor: boolean
}

const currentUserContext = createContext<CurrentUser | null>(null)

/**
 * Looks the session up once per request (root middleware). Expired, revoked or too-old sessions
 * count as signed out and their cookie is cleared; a refreshed session gets its new cookie.
 */
export async function resolveSession(app: RequestContext, request: Request): Promise<{ user: CurrentUser | null; setCookies: string[] }> {
	const cookieHeader = request.headers.get('cookie') ?? ''
	if (!cookieHeader.includes('session_token=')) return { user: null, setCookies: [] }
	const { response, headers } = await app.auth.api.getSession({ headers: authHeaders(app, request), returnHeaders: true })
	const setCookies = headers.getSetCookie()
	if (!response) return { user: null, setCookies }
	const { session, user } = response
	if (new Date(session.createdAt).getTime() < Date.now() - SESSION_MAX_AGE_SECONDS * 1000) {
		await deleteSession(app, session.id)
		return { user: null, setCookies: await clearSessionCookies(app) }
	}
	let roles: Role[] = []
	try {
		roles = await getRoles(app.db, user.id)
	} catch (error) {
		// A failed role fetch is logged; the flags stay as they were (false on the server).
		app.log.error({ err: error, userId: user.id }, 'could not read roles')
	}
	return {
		user: { id: user.id, email: user.email, name: user.name ?? '', sessionId: session.id, roles, ...roleFlags(roles) },
		setCookies,
	}
}

/** Root middleware: puts the current user in the context and passes on refreshed session cookies. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const app = getApp(context)
	const { user, setCookies } = await resolveSession(app, request)
	context.set(currentUserContext, user)
	const response = await next()
	// Session pages must never be stored by shared caches.
	if (user && !response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'private, no-store')
	for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie)
	return response
}

/** Sets the current user on a context (the middleware does this; tests use it directly). */
export function withCurrentUser(context: RouterContextProvider, user: CurrentUser | null) {
	context.set(currentUserContext, user)
	return context
}

export function getCurrentUser(context: Readonly<RouterContextProvider>): CurrentUser | null {
	return context.get(currentUserContext)
}

type GuardArgs = { context: Readonly<RouterContextProvider>; url: URL }

/** A visitor with no user is sent to /login, and comes back here afterwards. */
export function requireUser({ context, url }: GuardArgs): CurrentUser {
	const user = getCurrentUser(context)
	if (!user) throw redirect(loginUrl(url.pathname + url.search, getApp(context).locale))
	return user
}

/** An editor-only route sends users who are neither editor nor admin to /. */
export function requireEditor(args: GuardArgs): CurrentUser {
	const user = requireUser(args)
	if (!canEdit(user)) throw redirect(localizedPath(getApp(args.context).locale, '/'))
	return user
}

/** An admin-only route sends non-admins to /. */
export function requireAdmin(args: GuardArgs): CurrentUser {
	const user = requireUser(args)
	if (!user.isAdmin) throw redirect(localizedPath(getApp(args.context).locale, '/'))
	return user
}
