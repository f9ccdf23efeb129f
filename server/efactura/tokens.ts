import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { queryRows, type Database } from '#db/client.ts'
import { anafCredentials } from '#db/schema/index.ts'
import type { Logger } from '../logger.ts'
import { AnafGrantRefusedError, type AnafApi } from './anaf-client.ts'
import type { EFacturaSettings } from './config.ts'

/** An access token this close to its end is refreshed first (ANAF's last 90 days; a refresh also rotates the refresh token). */
const REFRESH_AHEAD_MS = 7 * 86_400_000
/** One instance refreshes at a time; a refresh that dies releases its turn after this. */
const REFRESH_LEASE_MS = 60_000
/** After ANAF refused the refresh token, ask again only this often (the owner must authorise again). */
const REFUSED_RETRY_MS = 3_600_000

type Row = typeof anafCredentials.$inferSelect

/**
 * Tokens at rest: AES-256-GCM with a key derived from the client secret, which lives only in the
 * environment. A backup of the database then holds no token anyone can use.
 */
export function tokenCipher(clientSecret: string) {
	const key = crypto.createHash('sha256').update(`atelier-shop anaf tokens\0${clientSecret}`).digest()
	return {
		seal(value: string): string {
			const iv = crypto.randomBytes(12)
			const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
			const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
			return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`
		},
		open(value: string): string {
			const bytes = Buffer.from(value.replace(/^v1:/, ''), 'base64')
			const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
			decipher.setAuthTag(bytes.subarray(12, 28))
			return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
		},
	}
}

/** Names the credentials the row started from, without storing them. */
function seedHash(settings: Pick<EFacturaSettings, 'clientId' | 'clientSecret' | 'refreshToken'>) {
	return crypto.createHash('sha256').update(`${settings.clientId}\0${settings.clientSecret}\0${settings.refreshToken}`).digest('hex')
}

export type AnafTokens = {
	/** A valid access token, refreshed first when needed; null when another instance is refreshing or ANAF refuses (try later). */
	accessToken(now: Date): Promise<string | null>
	/** ANAF refused this access token: the next call refreshes. */
	invalidate(accessToken: string): Promise<void>
	/** What the admin shows: whether the owner must authorise the application again. */
	status(): Promise<{ refusedSince: Date | null; error: string | null; refreshedAt: Date | null }>
}

/**
 * ANAF's OAuth tokens shared by every instance (one row, ADR 0160). The configured refresh token
 * seeds the row once; ANAF rotates it at each refresh, and the new one is stored at once. A new
 * configured token (after the owner authorised again) replaces the row.
 */
export function createAnafTokens(options: { db: Database; api: AnafApi; settings: EFacturaSettings; log: Logger }): AnafTokens {
	const { db, api, settings, log } = options
	const cipher = tokenCipher(settings.clientSecret)
	const hash = seedHash(settings)
	let seeded = false

	async function seed() {
		if (seeded) return
		await db
			.insert(anafCredentials)
			.values({ id: 1, seedHash: hash, refreshToken: cipher.seal(settings.refreshToken) })
			.onConflictDoUpdate({
				target: anafCredentials.id,
				set: {
					seedHash: hash,
					refreshToken: cipher.seal(settings.refreshToken),
					accessToken: null,
					accessExpiresAt: null,
					refreshingUntil: null,
					lastError: null,
				},
				setWhere: sql`${anafCredentials.seedHash} <> ${hash}`,
			})
		seeded = true
	}

	async function current(): Promise<Row | undefined> {
		const [row] = await db.select().from(anafCredentials).where(eq(anafCredentials.id, 1))
		return row
	}

	async function refresh(now: Date): Promise<string | null> {
		const [row] = await queryRows<Row>(
			db,
			sql`update ${anafCredentials} set refreshing_until = ${new Date(now.getTime() + REFRESH_LEASE_MS)}
				where id = 1 and seed_hash = ${hash} and (refreshing_until is null or refreshing_until < ${now})
				and (access_expires_at is null or access_expires_at < ${new Date(now.getTime() + REFRESH_AHEAD_MS)})
				returning refresh_token as "refreshToken"`,
		)
		// Another instance is refreshing, or has just done it: take its token.
		if (!row) {
			const fresh = await current()
			return fresh?.accessToken && fresh.accessExpiresAt && fresh.accessExpiresAt > now ? cipher.open(fresh.accessToken) : null
		}
		try {
			const grant = await api.refreshAccessToken(cipher.open(row.refreshToken))
			await db
				.update(anafCredentials)
				.set({
					accessToken: cipher.seal(grant.accessToken),
					accessExpiresAt: new Date(now.getTime() + grant.expiresInSeconds * 1000),
					// ANAF rotates the refresh token: keep the one it just gave, the old one may be spent.
					...(grant.refreshToken ? { refreshToken: cipher.seal(grant.refreshToken) } : {}),
					refreshingUntil: null,
					refreshedAt: now,
					lastError: null,
				})
				.where(eq(anafCredentials.id, 1))
			log.info({ expiresInDays: Math.round(grant.expiresInSeconds / 86_400), rotated: grant.refreshToken !== null }, 'ANAF access token refreshed')
			return grant.accessToken
		} catch (error) {
			const refused = error instanceof AnafGrantRefusedError
			await db
				.update(anafCredentials)
				.set({
					refreshingUntil: refused ? new Date(now.getTime() + REFUSED_RETRY_MS) : null,
					lastError: `${refused ? 'refused' : 'unavailable'}: ${(error as Error).message}`.slice(0, 500),
				})
				.where(eq(anafCredentials.id, 1))
			log.error(
				{ err: (error as Error).message, refused },
				refused ? 'ANAF refused the refresh token: authorise the application again in SPV and set ANAF_REFRESH_TOKEN' : 'ANAF token refresh failed',
			)
			return null
		}
	}

	return {
		async accessToken(now) {
			await seed()
			const row = await current()
			if (row?.accessToken && row.accessExpiresAt && row.accessExpiresAt.getTime() - now.getTime() > REFRESH_AHEAD_MS) return cipher.open(row.accessToken)
			return refresh(now)
		},
		async invalidate(accessToken) {
			const row = await current()
			if (row?.accessToken && cipher.open(row.accessToken) === accessToken) {
				await db.update(anafCredentials).set({ accessToken: null, accessExpiresAt: null }).where(eq(anafCredentials.id, 1))
			}
		},
		async status() {
			const row = await current()
			const refused = row?.lastError?.startsWith('refused') ?? false
			return { refusedSince: refused ? (row?.updatedAt ?? null) : null, error: row?.lastError ?? null, refreshedAt: row?.refreshedAt ?? null }
		},
	}
}
