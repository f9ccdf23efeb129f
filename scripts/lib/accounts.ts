import crypto from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import type { Database } from '#db/client.ts'
import { accounts, userRoles, users } from '#db/schema/index.ts'
import type { Role } from '#domain/enums.ts'

/* Accounts for the tests and the benchmark: made in the database as better-auth makes them, and signed in over HTTP. */

/** A password no policy refuses, for test accounts. */
export const TEST_PASSWORD = 'lantern-orchard-42'

export type TestUser = { id: string; email: string; password: string; name: string }

export function uniqueEmail(label: string) {
	return `${label}-${crypto.randomBytes(5).toString('hex')}@example.test`
}

/**
 * Makes an email+password account directly in the database, the way better-auth stores one
 * (user row, credential account with its scrypt hash), with the given roles.
 */
export async function createTestUser(db: Database, options: { email?: string; password?: string; name?: string; roles?: Role[] } = {}): Promise<TestUser> {
	const id = crypto.randomBytes(16).toString('base64url')
	const email = (options.email ?? uniqueEmail('user')).toLowerCase()
	const password = options.password ?? TEST_PASSWORD
	const name = options.name ?? ''
	await db.insert(users).values({ id, email, name })
	await db
		.insert(accounts)
		.values({ id: crypto.randomBytes(16).toString('base64url'), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(password) })
	for (const role of options.roles ?? []) await db.insert(userRoles).values({ userId: id, role })
	return { id, email, password, name }
}

/** The `name=value` of the session cookie among Set-Cookie headers, or null. */
export function sessionCookieFrom(setCookies: string[]): string | null {
	const cookie = setCookies.find((value) => /^(__Secure-)?shop\.session_token=[^;]+/.test(value) && !/Max-Age=0/i.test(value))
	return cookie ? cookie.split(';')[0]! : null
}

/** Signs in through the real login form over HTTP and returns the Cookie header value to send. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
	const response = await fetch(`${baseUrl}/en/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
		body: new URLSearchParams({ intent: 'login', email, password }),
	})
	const cookie = sessionCookieFrom(response.headers.getSetCookie())
	if (response.status !== 302 || !cookie) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`)
	return cookie
}
