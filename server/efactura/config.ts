import type { Env } from '../config/env.ts'

/** What the e-Factura upload needs from configuration (ADR 0160); null when ANAF credentials are not set. */
export type EFacturaSettings = {
	clientId: string
	clientSecret: string
	/** The refresh token the owner obtained from SPV: the first one; ANAF's later ones live in the database. */
	refreshToken: string
	environment: 'prod' | 'test'
	/** Base of the API, e.g. https://api.anaf.ro; the environment's path segment is added per request. */
	apiUrl: string
	/** The OAuth server, e.g. https://logincert.anaf.ro/anaf-oauth2/v1. */
	oauthUrl: string
	pollIntervalMs: number
	leaseSeconds: number
}

export const ANAF_API_URL = 'https://api.anaf.ro'
export const ANAF_OAUTH_URL = 'https://logincert.anaf.ro/anaf-oauth2/v1'

export function eFacturaSettings(env: Env): EFacturaSettings | null {
	if (!env.ANAF_CLIENT_ID || !env.ANAF_CLIENT_SECRET || !env.ANAF_REFRESH_TOKEN) return null
	return {
		clientId: env.ANAF_CLIENT_ID,
		clientSecret: env.ANAF_CLIENT_SECRET,
		refreshToken: env.ANAF_REFRESH_TOKEN,
		environment: env.ANAF_ENVIRONMENT,
		apiUrl: env.ANAF_API_URL ?? ANAF_API_URL,
		oauthUrl: env.ANAF_OAUTH_URL ?? ANAF_OAUTH_URL,
		pollIntervalMs: env.ANAF_POLL_INTERVAL_MS,
		leaseSeconds: env.ANAF_LEASE_SECONDS,
	}
}
