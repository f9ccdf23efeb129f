import { createCookie, redirect } from 'react-router'
import { sameOriginPath } from '#domain/http/same-origin-path.ts'
import { withLocale } from '#domain/i18n/paths.ts'
import { toastSchema, type Toast } from '#domain/toast.ts'
import type { RequestContext } from './context.ts'

function toastCookie(context: Pick<RequestContext, 'secret' | 'env'>) {
	return createCookie('toast', {
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: context.env.PUBLIC_URL.startsWith('https:'),
		secrets: [context.secret],
		maxAge: 60,
	})
}

/**
 * Redirects and shows `toast` on the page the browser lands on. The target passes the shared
 * same-origin check whoever built it, so a target with request data in it cannot leave the site.
 * A storefront target without a language (`/`, `/login`) goes to the page's language (ADR 0106).
 */
export async function redirectWithToast(context: RequestContext, url: string, toast: Toast, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	headers.append('Set-Cookie', await toastCookie(context).serialize(toast))
	return redirect(withLocale(context.locale, sameOriginPath(url)), { ...init, headers })
}

/** Reads (and clears) the pending toast; the returned header must go on the response. */
export async function takeToast(context: RequestContext, request: Request) {
	const header = request.headers.get('Cookie')
	// Nearly every page view has no toast: no cookie to make and verify then.
	if (!header?.includes('toast=')) return { toast: null, headers: null }
	const cookie = toastCookie(context)
	const raw: unknown = await cookie.parse(header)
	if (raw === null || raw === undefined) return { toast: null, headers: null }
	const parsed = toastSchema.safeParse(raw)
	return {
		toast: parsed.success ? parsed.data : null,
		headers: { 'Set-Cookie': await cookie.serialize('', { maxAge: 0 }) },
	}
}
