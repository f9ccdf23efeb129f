import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.ts'
import { accounts, emailOutbox, signInBlocks, signInFailures, verifications } from '#db/schema/index.ts'
import { isResetTokenUsable, requestPasswordReset, resetPassword, signIn } from '#server/auth/accounts.ts'
import { createAuth } from '#server/auth/auth.ts'
import { SIGN_IN_BACKOFF } from '#server/auth/sign-in-backoff.ts'
import type { Env } from '#server/config/env.ts'
import { createLogger } from '#server/logger.ts'
import { hashPassword } from 'better-auth/crypto'
import { createTestUser, uniqueEmail } from '../support/accounts.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * ADR 0097 at the service level, on both engines: an attacker's guesses
 * slow the attacker down and never lock the owner out, and reset tokens are stored only hashed.
 */
const SECRET = 'sign-in-throttle-test-secret-0123456789abcdef'
const ATTACKER = '203.0.113.66'
const OWNER_HOME = '198.51.100.7'
const OWNER_ELSEWHERE = '198.51.100.20'

describe.each(ENGINES)('sign-in throttling on %s', (engine) => {
	let database: TestDatabase
	let auth: ReturnType<typeof createAuth>
	const log = createLogger({ LOG_LEVEL: 'silent' })
	const env = { PUBLIC_URL: 'http://shop.test' } as Env

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'signin' })
		auth = createAuth({ db: database.handle.db, env, secret: SECRET, log })
	})
	afterAll(() => database.cleanup())
	beforeEach(async () => {
		await database.handle.db.delete(signInFailures)
		await database.handle.db.delete(signInBlocks)
	})

	const db = () => database.handle.db
	const ctx = (address: string) => ({ auth, db: db(), log, clientIp: address, locale: 'en' as const, secret: SECRET, env })
	const request = (cookie?: string) => new Request('http://shop.test/login', { method: 'POST', headers: cookie ? { cookie } : {} })
	const attempt = (address: string, email: string, password: string, cookie?: string) => signIn(ctx(address), request(cookie), { email, password })
	/** The HTTP status the page answers with (a success redirects). */
	const status = async (result: ReturnType<typeof attempt>) => {
		const settled = await result
		return settled.ok ? 302 : settled.status
	}

	/** Signs in and returns the known-device cookie the browser would keep (`name=value`). */
	async function knownDeviceCookie(address: string, email: string, password: string) {
		const result = await attempt(address, email, password)
		if (!result.ok) throw new Error(`sign-in failed: ${result.message}`)
		const cookie = result.setCookies.find((value) => value.startsWith('shop.known_device='))
		expect(cookie).toBeDefined()
		return cookie!.split(';')[0]!
	}

	async function failuresRow(key: string) {
		const [row] = await db().select().from(signInFailures).where(eq(signInFailures.key, key))
		return row
	}

	it('five wrong guesses from an attacker do not keep the owner out: the right password from another address gets in', async () => {
		const owner = await createTestUser(db())
		for (let i = 0; i < 5; i++) expect(await status(attempt(ATTACKER, owner.email, 'wrong-guess-1'))).toBe(401)
		// The attacker's address now waits, even with the right password …
		expect(await attempt(ATTACKER, owner.email, owner.password)).toMatchObject({ ok: false, status: 429, message: 'auth.tooManyAttempts' })
		// … the owner does not, from another address with a browser never seen before.
		expect(await status(attempt(OWNER_ELSEWHERE, owner.email, owner.password))).toBe(302)
	})

	it('a known device gets the owner in even from the attacker’s own address, and only for its own account', async () => {
		const owner = await createTestUser(db())
		const device = await knownDeviceCookie(OWNER_HOME, owner.email, owner.password)
		for (let i = 0; i < 5; i++) expect(await status(attempt(ATTACKER, owner.email, 'wrong-guess-1'))).toBe(401)
		expect(await status(attempt(ATTACKER, owner.email, owner.password))).toBe(429)
		// One café, one NAT: the owner's browser still gets in.
		expect(await status(attempt(ATTACKER, owner.email, owner.password, device))).toBe(302)
		// The cookie belongs to its account: it does not let anyone past another account's wait.
		const other = await createTestUser(db())
		for (let i = 0; i < 5; i++) await attempt(ATTACKER, other.email, 'wrong-guess-1')
		expect(await status(attempt(ATTACKER, other.email, other.password, device))).toBe(429)
		// Wrong passwords from the known device wait on the device's own counter.
		for (let i = 0; i < 5; i++) expect(await status(attempt(ATTACKER, owner.email, 'wrong-guess-2', device))).toBe(401)
		expect(await status(attempt(ATTACKER, owner.email, owner.password, device))).toBe(429)
	})

	it('a new password ends every known device: a stolen cookie stops counting once the owner changes it (ADR 0168)', async () => {
		const owner = await createTestUser(db())
		const stolen = await knownDeviceCookie(OWNER_HOME, owner.email, owner.password)
		const newPassword = 'a-brand-new-passphrase-7'
		await db()
			.update(accounts)
			.set({ password: await hashPassword(newPassword) })
			.where(and(eq(accounts.userId, owner.id), eq(accounts.providerId, 'credential')))
		for (let i = 0; i < 5; i++) expect(await status(attempt(ATTACKER, owner.email, 'wrong-guess-3'))).toBe(401)
		// The old cookie is a stranger's now: the attacker's address waits, cookie or not.
		expect(await status(attempt(ATTACKER, owner.email, newPassword, stolen))).toBe(429)
		// The owner signs in with the new password elsewhere and gets a cookie that works again.
		const fresh = await knownDeviceCookie(OWNER_ELSEWHERE, owner.email, newPassword)
		expect(await status(attempt(ATTACKER, owner.email, newPassword, fresh))).toBe(302)
	})

	it('a waiting attacker is refused without counting, and each later failure doubles the wait', async () => {
		const owner = await createTestUser(db())
		const key = `account-address:${owner.email}|${ATTACKER}`
		for (let i = 0; i < 5; i++) await attempt(ATTACKER, owner.email, 'wrong-guess-1')
		const first = await failuresRow(key)
		expect(first).toMatchObject({ failures: 5 })
		expect(first!.blockedUntil).not.toBeNull()

		for (let i = 0; i < 10; i++) {
			const refused = await attempt(ATTACKER, owner.email, 'wrong-guess-2')
			expect(refused).toMatchObject({ status: 429 })
			if (refused.ok || !refused.retryAfterSeconds) throw new Error('expected a wait')
			expect(refused.retryAfterSeconds).toBeGreaterThan(0)
			expect(refused.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_BACKOFF.baseDelaySeconds)
		}
		// Throttled attempts neither counted nor extended the wait.
		const during = await failuresRow(key)
		expect(during!.failures).toBe(5)
		expect(during!.blockedUntil!.getTime()).toBe(first!.blockedUntil!.getTime())

		// The wait ends (moved into the past rather than slept through); one more failure waits twice as long.
		await db().execute(sql`update ${signInFailures} set blocked_until = now() - interval '1 second' where key = ${key}`)
		expect(await status(attempt(ATTACKER, owner.email, 'wrong-guess-3'))).toBe(401)
		const longer = await attempt(ATTACKER, owner.email, 'wrong-guess-4')
		if (longer.ok || !longer.retryAfterSeconds) throw new Error('expected a wait')
		expect(longer.status).toBe(429)
		expect(longer.retryAfterSeconds).toBeGreaterThan(SIGN_IN_BACKOFF.baseDelaySeconds)
		expect(longer.retryAfterSeconds).toBeLessThanOrEqual(2 * SIGN_IN_BACKOFF.baseDelaySeconds)

		// The admin log has one row per block earned, not one per refused attempt.
		const blocks = await db().select().from(signInBlocks).where(eq(signInBlocks.email, owner.email)).orderBy(signInBlocks.at)
		expect(blocks.map((b) => [b.reason, b.address, b.failures])).toEqual([
			['account-address', ATTACKER, 5],
			['account-address', ATTACKER, 6],
		])
	})

	it('a throttled address writes nothing more, whatever accounts it tries', async () => {
		for (let i = 0; i < SIGN_IN_BACKOFF.addressFreeFailures; i++) expect(await status(attempt(ATTACKER, uniqueEmail('spray'), 'spray-password-1'))).toBe(401)
		const count = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ${signInFailures}`))[0]!.n
		const before = await count()
		for (let i = 0; i < 15; i++) expect(await status(attempt(ATTACKER, uniqueEmail('spray'), 'spray-password-1'))).toBe(429)
		expect(await count()).toBe(before)
		// Someone else's address is not affected.
		const user = await createTestUser(db())
		expect((await attempt(OWNER_ELSEWHERE, user.email, user.password)).ok).toBe(true)
	})

	it('the right password clears the account’s counters but not the address one', async () => {
		const owner = await createTestUser(db())
		for (let i = 0; i < 4; i++) await attempt(ATTACKER, owner.email, 'wrong-guess-1')
		expect((await attempt(ATTACKER, owner.email, owner.password)).ok).toBe(true)
		expect(await failuresRow(`account-address:${owner.email}|${ATTACKER}`)).toBeUndefined()
		expect(await failuresRow(`account:${owner.email}`)).toBeUndefined()
		expect(await failuresRow(`address:${ATTACKER}`)).toMatchObject({ failures: 4 })
		expect(await db().select().from(signInFailures).where(like(signInFailures.key, 'device:%'))).toEqual([])
	})
})

describe.each(ENGINES)('password reset tokens on %s', (engine) => {
	let database: TestDatabase
	let auth: ReturnType<typeof createAuth>
	const log = createLogger({ LOG_LEVEL: 'silent' })
	const env = { PUBLIC_URL: 'http://shop.test' } as Env

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'resettoken' })
		auth = createAuth({ db: database.handle.db, env, secret: SECRET, log })
	})
	afterAll(() => database.cleanup())

	it('the database keeps no copy of the emailed token, and the emailed link resets the password once', async () => {
		const db = database.handle.db
		const ctx = { auth, db, log, clientIp: '192.0.2.1', locale: 'en' as const, secret: SECRET, env }
		const user = await createTestUser(db)
		expect(await requestPasswordReset(ctx, user.email)).toEqual({ ok: true })
		const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email))
		const token = new URL(/(http:\/\/\S+\/reset-password\?token=\S+)/.exec(mail!.text)![1]!).searchParams.get('token')!
		expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/)

		const stored = await db.select().from(verifications)
		expect(stored.length).toBeGreaterThan(0)
		for (const row of stored) expect(JSON.stringify(row)).not.toContain(token)

		expect(await isResetTokenUsable(ctx, token)).toBe(true)
		expect(await resetPassword(ctx, { token, password: 'fresh-candle-wick-8' })).toEqual({ ok: true })
		expect(await isResetTokenUsable(ctx, token)).toBe(false)
		expect(await resetPassword(ctx, { token, password: 'another-candle-9' })).toMatchObject({ ok: false, status: 400, message: 'auth.resetInvalid' })
		const signedIn = await signIn(ctx, new Request('http://shop.test/login', { method: 'POST' }), { email: user.email, password: 'fresh-candle-wick-8' })
		expect(signedIn.ok).toBe(true)
	})
})
