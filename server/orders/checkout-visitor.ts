import crypto from 'node:crypto'
import { createCookie } from 'react-router'
import type { RequestContext } from '../context.ts'

/** A day: long enough to outlive any hold, so a visitor's next checkout finds their last one. */
const VISITOR_COOKIE_SECONDS = 24 * 60 * 60
const VISITOR_ID = /^[A-Za-z0-9_-]{32}$/

export const CHECKOUT_VISITOR_COOKIE = 'checkout_visitor'

function visitorCookie(app: Pick<RequestContext, 'secret' | 'env'>) {
	return createCookie(CHECKOUT_VISITOR_COOKIE, {
		// Both checkout entry points need it (the form's action at /{lang}/checkout and /api/checkout), so
		// the whole site gets it; it changes no page, so the page cache ignores it (PAGE_NEUTRAL_COOKIES).
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: app.env.PUBLIC_URL.startsWith('https:'),
		secrets: [app.secret],
		maxAge: VISITOR_COOKIE_SECONDS,
	})
}

/**
 * Who is checking out, as far as a browser lets us know (ADR 0096): the random id in the signed
 * checkout_visitor cookie, or a new one. `setCookie` (always present, to renew it) goes on the answer.
 * A bot that drops cookies is a new visitor each time; the per-address limits bound it instead.
 */
export async function checkoutVisitor(app: Pick<RequestContext, 'secret' | 'env'>, request: Request): Promise<{ id: string; setCookie: string }> {
	const cookie = visitorCookie(app)
	const sent: unknown = await cookie.parse(request.headers.get('Cookie'))
	const id = typeof sent === 'string' && VISITOR_ID.test(sent) ? sent : crypto.randomBytes(24).toString('base64url')
	return { id, setCookie: await cookie.serialize(id) }
}
