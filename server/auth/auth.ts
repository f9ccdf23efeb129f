import { eq } from 'drizzle-orm'
import { AsyncLocalStorage } from 'node:async_hooks'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import type { Database } from '#db/client.ts'
import { accounts, sessions, users, verifications } from '#db/schema/index.ts'
import { DEFAULT_LOCALE, type Locale } from '#domain/enums.ts'
import { PASSWORD_MAX, PASSWORD_MIN } from '#domain/forms/auth.ts'
import type { Env } from '../config/env.ts'
import { enqueueEmail } from '../email/outbox.ts'
import { renderMessageEmail } from '../email/templates/message.tsx'
import { serverI18n } from '../i18n.ts'
import type { Logger } from '../logger.ts'
import { localizedUrl } from '../public-url.ts'
import { hitRateLimit } from '../security/rate-limit.ts'

/** Idle timeout: a session unused this long ends (OWASP ASVS 3.3.2, level 2). */
export const SESSION_IDLE_SECONDS = 30 * 60
/** A used session is extended at most this often, so most requests do not write. */
export const SESSION_REFRESH_SECONDS = 5 * 60
/** Absolute timeout: a session ends this long after sign-in however much it is used. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60
/** Password reset links work once, for one hour. */
export const RESET_TOKEN_SECONDS = 60 * 60
/** An address verification link works for a day; the account page sends a new one on request. */
export const VERIFY_EMAIL_TOKEN_SECONDS = 24 * 60 * 60

/** Internal header carrying the client address into better-auth (see authHeaders). */
export const CLIENT_IP_HEADER = 'x-shop-client-ip'

/** The language the reset email is written in: set by the caller for the duration of the request. */
const mailLocale = new AsyncLocalStorage<Locale>()

export function withMailLocale<T>(locale: Locale, work: () => Promise<T>): Promise<T> {
	return mailLocale.run(locale, work)
}

/** A sign-up with an address that has an account mails its owner at most this often (no mail bombing). */
export const EXISTING_ACCOUNT_MAIL_LIMIT = { limit: 3, windowSeconds: 60 * 60 }

/** The page that verifies an address, in the language the email is written in (ADR 0106). */
export function verifyEmailUrl(publicUrl: string, locale: Locale, token: string) {
	return localizedUrl(publicUrl, locale, `/verify-email?token=${encodeURIComponent(token)}`)
}

/** The reset page in the language the email is written in (ADR 0106). */
export function resetPasswordUrl(publicUrl: string, locale: Locale, token: string) {
	return localizedUrl(publicUrl, locale, `/reset-password?token=${encodeURIComponent(token)}`)
}

/**
 * better-auth used as a server-side library: route actions call `auth.api.*` with the request's
 * headers; its HTTP handler is not mounted, so every way in goes through our routes (with their
 * validation, rate limits and same-origin check).
 */
export function createAuth(options: { db: Database; env: Pick<Env, 'PUBLIC_URL'>; secret: string; log: Logger }) {
	const { db, env, secret, log } = options
	return betterAuth({
		appName: 'Lumină & Carton',
		baseURL: env.PUBLIC_URL,
		secret,
		database: drizzleAdapter(db, { provider: 'pg', schema: { user: users, session: sessions, account: accounts, verification: verifications } }),
		emailAndPassword: {
			enabled: true,
			minPasswordLength: PASSWORD_MIN,
			maxPasswordLength: PASSWORD_MAX,
			// After sign-up the visitor is told to sign in ('Te poți autentifica acum'). This also keeps sign-up from
			// revealing whether an address already has an account.
			autoSignIn: false,
			resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
			revokeSessionsOnPasswordReset: true,
			/**
			 * A reset is completed from a link mailed to the address: its owner is proven, so the address
			 * counts as verified (a guest's earlier orders to it then show in the account, ADR 0135).
			 */
			async onPasswordReset({ user }) {
				await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
			},
			async sendResetPassword({ user, token }) {
				const locale = mailLocale.getStore() ?? DEFAULT_LOCALE
				const t = serverI18n(locale).t
				const url = resetPasswordUrl(env.PUBLIC_URL, locale, token)
				await enqueueEmail(db, {
					to: user.email,
					...renderMessageEmail({ locale, subject: t('auth.resetEmailSubject'), body: t('auth.resetEmailText', { url }) }),
				})
			},
			/**
			 * Sign-up answers the same for a taken address (no account enumeration), so the person who
			 * owns it is told by email how to get in instead of being left waiting for nothing.
			 */
			async onExistingUserSignUp({ user }) {
				const allowed = await hitRateLimit(db, `sign-up-existing:email:${user.email.toLowerCase()}`, EXISTING_ACCOUNT_MAIL_LIMIT)
				if (!allowed.allowed) return
				const locale = mailLocale.getStore() ?? DEFAULT_LOCALE
				const t = serverI18n(locale).t
				await enqueueEmail(db, {
					to: user.email,
					...renderMessageEmail({
						locale,
						subject: t('auth.existingAccountEmailSubject'),
						body: t('auth.existingAccountEmailText', {
							loginUrl: localizedUrl(env.PUBLIC_URL, locale, '/login'),
							forgotUrl: localizedUrl(env.PUBLIC_URL, locale, '/forgot-password'),
						}),
					}),
				})
			},
		},
		/**
		 * Sign-up mails a link that proves the address is the customer's: only then do guest orders placed
		 * with it show in the account (ADR 0265). The link is a token signed for this account, so an
		 * account someone else opened with the address never gets verified without its mailbox.
		 */
		emailVerification: {
			sendOnSignUp: true,
			expiresIn: VERIFY_EMAIL_TOKEN_SECONDS,
			async sendVerificationEmail({ user, token }) {
				const locale = mailLocale.getStore() ?? DEFAULT_LOCALE
				const t = serverI18n(locale).t
				await enqueueEmail(db, {
					to: user.email,
					...renderMessageEmail({
						locale,
						subject: t('auth.verifyEmailSubject'),
						body: t('auth.verifyEmailText', { url: verifyEmailUrl(env.PUBLIC_URL, locale, token) }),
					}),
				})
			},
		},
		// Reset tokens are kept as SHA-256 hashes: whoever reads the database cannot use them (ADR 0097).
		verification: { storeIdentifier: 'hashed' },
		session: {
			expiresIn: SESSION_IDLE_SECONDS,
			updateAge: SESSION_REFRESH_SECONDS,
		},
		advanced: {
			cookiePrefix: 'shop',
			// __Secure- prefix and the Secure attribute exactly when customers use https.
			useSecureCookies: env.PUBLIC_URL.startsWith('https:'),
			defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
			// The address Express worked out (TRUST_PROXY aware), never a header the visitor wrote.
			ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
		},
		// Our routes count sign-in attempts in rate_limit_buckets (server/security/rate-limit.ts).
		rateLimit: { enabled: false },
		telemetry: { enabled: false },
		logger: {
			level: 'warn',
			log: (level, message, ...args) => log[level === 'debug' ? 'debug' : level]({ component: 'auth', details: args.length ? args : undefined }, message),
		},
	})
}

export type ShopAuth = ReturnType<typeof createAuth>
