import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { createCookie } from 'react-router'
import { accounts, users } from '#db/schema/index.ts'
import type { RequestContext } from '../context.ts'

/** How long a browser stays known after its last successful sign-in. */
export const KNOWN_DEVICE_DAYS = 180

type Ctx = Pick<RequestContext, 'secret' | 'env' | 'db'>

/** Sent with every request (path /, so the JS form post to /login.data carries it too); it changes no page. */
export const KNOWN_DEVICE_COOKIE = 'shop.known_device'

/**
 * The "known device" cookie (ADR 0097, after OWASP's device-cookie defence): set after each
 * successful sign-in, signed with the app secret, and bound to the account and its password by a
 * hash (the cookie carries neither). Not bound to the network address (ADR 0168): phones change
 * it all day, and it only ever relaxes sign-in throttling, never signs anyone in. It names a device id whose failures are
 * counted apart from everyone else's, so the owner's browser gets in while an attacker is throttled.
 */
function knownDeviceCookie(ctx: Ctx) {
	return createCookie(KNOWN_DEVICE_COOKIE, {
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: ctx.env.PUBLIC_URL.startsWith('https:'),
		secrets: [ctx.secret],
		maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
	})
}

/**
 * The account a cookie is for: its email and its current password (a hash of the stored hash), so
 * a password change or reset ends every known device at once, a stolen cookie with it (ADR 0168).
 * An address with no account gets a tag no cookie carries.
 */
async function accountTag(ctx: Ctx, email: string) {
	const [credential] = await ctx.db
		.select({ password: accounts.password })
		.from(accounts)
		.innerJoin(users, eq(users.id, accounts.userId))
		.where(and(eq(users.email, email.toLowerCase()), eq(accounts.providerId, 'credential')))
		.limit(1)
	return crypto
		.createHash('sha256')
		.update(`${email.toLowerCase()}\n${credential?.password ?? ''}`)
		.digest('base64url')
		.slice(0, 22)
}

/** The device id when this browser carries a valid cookie for `email`, else null. */
export async function knownDeviceId(ctx: Ctx, request: Request, email: string): Promise<string | null> {
	const value: unknown = await knownDeviceCookie(ctx).parse(request.headers.get('Cookie'))
	if (!value || typeof value !== 'object') return null
	const { d, a } = value as { d?: unknown; a?: unknown }
	return typeof d === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(d) && a === (await accountTag(ctx, email)) ? d : null
}

/** A fresh cookie for the account just signed in to (a new device id each time). */
export async function knownDeviceSetCookie(ctx: Ctx, email: string): Promise<string> {
	return knownDeviceCookie(ctx).serialize({ d: crypto.randomBytes(18).toString('base64url'), a: await accountTag(ctx, email) })
}
