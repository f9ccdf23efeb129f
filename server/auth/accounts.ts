import { serialize } from 'cookie'
import { eq } from 'drizzle-orm'
import { APIError } from 'better-auth/api'
import { sessions } from '#db/schema/index.ts'
import type { RequestContext } from '../context.ts'
import { hitRateLimit } from '../security/rate-limit.ts'
import { CLIENT_IP_HEADER, withMailLocale } from './auth.ts'
import { knownDeviceId, knownDeviceSetCookie } from './known-device.ts'
import { passwordProblem } from './password-policy.ts'
import { countersClearedBySuccess, throttleCounters } from './sign-in-backoff.ts'
import { clearSignInFailures, recordSignInFailure, signInWaitSeconds } from './sign-in-throttle.ts'

type Ctx = Pick<RequestContext, 'auth' | 'db' | 'log' | 'clientIp' | 'locale'>

/** A refusal the page shows: an HTTP status and a translation key with its values. */
export type Refusal = { ok: false; status: number; message: string; values?: Record<string, string | number>; retryAfterSeconds?: number }

export const SIGN_UP_LIMIT = { limit: 10, windowSeconds: 60 * 60 }
export const RESET_LIMITS = {
	perIp: { limit: 10, windowSeconds: 60 * 60 },
	/** Over this, the answer stays the same but no more mail goes to that address. */
	perEmail: { limit: 3, windowSeconds: 60 * 60 },
}
export const CHANGE_PASSWORD_LIMIT = { limit: 5, windowSeconds: 15 * 60 }

function refuse(status: number, message: string, values?: Refusal['values']): Refusal {
	return { ok: false, status, message, values }
}

function tooMany(message: string, retryAfterSeconds: number): Refusal {
	const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
	// `count` picks the singular form for one minute (the first waits are 30 and 60 seconds).
	return { ...refuse(429, message, { minutes, count: minutes }), retryAfterSeconds }
}

/** Headers for better-auth calls: the session cookie, the user agent and the address Express trusts. */
export function authHeaders(ctx: Pick<Ctx, 'clientIp'>, request: Request): Headers {
	const headers = new Headers()
	const cookie = request.headers.get('cookie')
	if (cookie) headers.set('cookie', cookie)
	const agent = request.headers.get('user-agent')
	if (agent) headers.set('user-agent', agent.slice(0, 500))
	headers.set(CLIENT_IP_HEADER, ctx.clientIp)
	return headers
}

function setCookies(headers: Headers | undefined): string[] {
	return headers?.getSetCookie() ?? []
}

/**
 * OWASP ASVS 2.2.1 without locking the owner out (ADR 0097): failures are counted per address,
 * per account from that address and per account, or only per device for a browser this account
 * signed in on before; a counter past its free failures makes the next attempt wait, longer with
 * each failure. Waiting attempts are refused before the password is looked at and count for nothing.
 */
export async function signIn(ctx: Ctx & Pick<RequestContext, 'secret' | 'env'>, request: Request, input: { email: string; password: string }) {
	const deviceId = await knownDeviceId(ctx, request, input.email)
	const counters = throttleCounters({ email: input.email, address: ctx.clientIp, deviceId })
	const wait = await signInWaitSeconds(ctx.db, counters)
	if (wait > 0) {
		ctx.log.warn({ event: 'sign-in-throttled', knownDevice: deviceId !== null, waitSeconds: wait }, 'sign-in attempt refused: waiting after failures')
		return tooMany('auth.tooManyAttempts', wait)
	}
	try {
		const { response, headers } = await ctx.auth.api.signInEmail({
			body: { email: input.email, password: input.password, rememberMe: true },
			headers: authHeaders(ctx, request),
			returnHeaders: true,
		})
		await clearSignInFailures(ctx.db, countersClearedBySuccess(counters))
		ctx.log.info({ event: 'sign-in', userId: response.user.id, knownDevice: deviceId !== null }, 'signed in')
		return { ok: true as const, userId: response.user.id, setCookies: [...setCookies(headers), await knownDeviceSetCookie(ctx, input.email)] }
	} catch (error) {
		if (error instanceof APIError && error.statusCode < 500) {
			await recordSignInFailure(ctx.db, counters, { email: input.email, address: ctx.clientIp })
			ctx.log.info({ event: 'sign-in-failed', code: error.body?.code }, 'sign-in refused')
			return refuse(error.statusCode === 401 ? 401 : 400, 'auth.invalidCredentials')
		}
		throw error
	}
}

export async function signUp(ctx: Ctx, request: Request, input: { email: string; password: string; fullName: string }) {
	const problem = passwordProblem(input.password)
	if (problem) return refuse(400, problem)
	const limit = await hitRateLimit(ctx.db, `sign-up:ip:${ctx.clientIp}`, SIGN_UP_LIMIT)
	if (!limit.allowed) return tooMany('auth.tooManyRequests', limit.retryAfterSeconds)
	try {
		// An address that already has an account gets the same answer (no account enumeration).
		// …and its owner gets an email saying so, in this visitor's language (onExistingUserSignUp).
		await withMailLocale(ctx.locale, () =>
			ctx.auth.api.signUpEmail({
				body: { email: input.email, password: input.password, name: input.fullName },
				headers: authHeaders(ctx, request),
			}),
		)
		return { ok: true as const }
	} catch (error) {
		if (error instanceof APIError && error.statusCode < 500) {
			ctx.log.info({ event: 'sign-up-refused', code: error.body?.code }, 'sign-up refused')
			return refuse(400, 'auth.genericError')
		}
		throw error
	}
}

/** Ends the session on the server and returns the cookies that clear it in the browser. */
export async function signOut(ctx: Ctx, request: Request): Promise<string[]> {
	try {
		const { headers } = await ctx.auth.api.signOut({ headers: authHeaders(ctx, request), returnHeaders: true })
		return setCookies(headers)
	} catch (error) {
		if (error instanceof APIError && error.statusCode < 500) return clearSessionCookies(ctx)
		throw error
	}
}

/** Set-Cookie values that remove the session cookies (for when the session is already gone). */
export async function clearSessionCookies(ctx: Pick<Ctx, 'auth'>): Promise<string[]> {
	const { authCookies } = await ctx.auth.$context
	return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map((cookie) =>
		serialize(cookie.name, '', { ...cookie.attributes, maxAge: 0 } as Parameters<typeof serialize>[2]),
	)
}

export async function deleteSession(ctx: Pick<Ctx, 'db'>, sessionId: string) {
	await ctx.db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** The same answer whether or not the address has an account (ADR 0030). */
export async function requestPasswordReset(ctx: Ctx, email: string): Promise<{ ok: true } | Refusal> {
	const byIp = await hitRateLimit(ctx.db, `reset:ip:${ctx.clientIp}`, RESET_LIMITS.perIp)
	if (!byIp.allowed) return tooMany('auth.tooManyRequests', byIp.retryAfterSeconds)
	const byEmail = await hitRateLimit(ctx.db, `reset:email:${email}`, RESET_LIMITS.perEmail)
	if (!byEmail.allowed) {
		ctx.log.warn({ event: 'reset-throttled' }, 'password reset emails to one address throttled')
		return { ok: true }
	}
	await withMailLocale(ctx.locale, () => ctx.auth.api.requestPasswordReset({ body: { email } }))
	return { ok: true }
}

/** better-auth's reset tokens are 24 letters and digits; anything else (a NUL, markup, kilobytes) is not one. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{1,200}$/

/**
 * Asks better-auth itself, which stores only a hash of the token (ADR 0097): the lookup hashes
 * the token the same way, so this check and the reset can never disagree.
 */
export async function isResetTokenUsable(ctx: Pick<Ctx, 'auth'>, token: string): Promise<boolean> {
	if (!RESET_TOKEN.test(token)) return false
	const { internalAdapter } = await ctx.auth.$context
	const row = await internalAdapter.findVerificationValue(`reset-password:${token}`)
	return row !== null && new Date(row.expiresAt).getTime() > Date.now()
}

/** Sets the new password, spends the token and ends every session of that account. */
export async function resetPassword(ctx: Ctx, input: { token: string; password: string }): Promise<{ ok: true } | Refusal> {
	if (!RESET_TOKEN.test(input.token)) return refuse(400, 'auth.resetInvalid')
	const problem = passwordProblem(input.password)
	if (problem) return refuse(400, problem)
	try {
		await ctx.auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } })
		ctx.log.info({ event: 'password-reset' }, 'password reset; sessions ended')
		return { ok: true }
	} catch (error) {
		if (error instanceof APIError && error.statusCode < 500) return refuse(400, 'auth.resetInvalid')
		throw error
	}
}

/** Changes the password and ends the account's other sessions (ASVS 3.3.3); returns the new cookie. */
export async function changePassword(
	ctx: Ctx,
	request: Request,
	userId: string,
	input: { currentPassword: string; newPassword: string },
): Promise<{ ok: true; setCookies: string[] } | Refusal> {
	const problem = passwordProblem(input.newPassword)
	if (problem) return refuse(400, problem)
	const limit = await hitRateLimit(ctx.db, `change-password:${userId}`, CHANGE_PASSWORD_LIMIT)
	if (!limit.allowed) return tooMany('auth.tooManyRequests', limit.retryAfterSeconds)
	try {
		const { headers } = await ctx.auth.api.changePassword({
			body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
			headers: authHeaders(ctx, request),
			returnHeaders: true,
		})
		ctx.log.info({ event: 'password-changed', userId }, 'password changed; other sessions ended')
		return { ok: true, setCookies: setCookies(headers) }
	} catch (error) {
		if (error instanceof APIError && error.statusCode < 500) return refuse(400, 'account.wrongPassword')
		throw error
	}
}

/** Re-authentication before a destructive step (ASVS 3.7.1). */
export async function verifyPassword(ctx: Ctx, request: Request, userId: string, password: string): Promise<boolean> {
	const limit = await hitRateLimit(ctx.db, `change-password:${userId}`, CHANGE_PASSWORD_LIMIT)
	if (!limit.allowed) return false
	try {
		await ctx.auth.api.verifyPassword({ body: { password }, headers: authHeaders(ctx, request) })
		return true
	} catch (error) {
		if (error instanceof APIError && error.statusCode < 500) return false
		throw error
	}
}

/** Address verification tokens are JWTs (three base64url parts) well under this length. */
const VERIFY_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/
const VERIFY_TOKEN_MAX = 2_000
/** The account page sends a new verification link at most this often per account. */
export const VERIFY_EMAIL_RESEND_LIMIT = { limit: 3, windowSeconds: 60 * 60 }

/**
 * Marks the address of the account the link was signed for as verified (ADR 0265): from then on,
 * guest orders placed with that address show in the account. A used link may be opened again.
 */
export async function verifyEmailAddress(ctx: Ctx, token: string): Promise<{ ok: true } | Refusal> {
	if (token.length > VERIFY_TOKEN_MAX || !VERIFY_TOKEN.test(token)) return refuse(400, 'auth.verifyInvalid')
	try {
		await ctx.auth.api.verifyEmail({ query: { token } })
		ctx.log.info({ event: 'email-verified' }, 'email address verified')
		return { ok: true }
	} catch (error) {
		if (error instanceof APIError && error.statusCode < 500) return refuse(400, 'auth.verifyInvalid')
		throw error
	}
}

/** Mails the signed-in customer a new verification link, in the page's language. */
export async function resendVerificationEmail(ctx: Ctx, request: Request, user: { id: string; email: string }): Promise<{ ok: true } | Refusal> {
	const limit = await hitRateLimit(ctx.db, `verify-email:${user.id}`, VERIFY_EMAIL_RESEND_LIMIT)
	if (!limit.allowed) return tooMany('auth.tooManyRequests', limit.retryAfterSeconds)
	try {
		await withMailLocale(ctx.locale, () => ctx.auth.api.sendVerificationEmail({ body: { email: user.email }, headers: authHeaders(ctx, request) }))
		return { ok: true }
	} catch (error) {
		// Already verified (a link opened in another tab meanwhile): nothing to send, nothing wrong.
		if (error instanceof APIError && error.statusCode < 500) return { ok: true }
		throw error
	}
}
