import crypto from 'node:crypto'
import type { RequestHandler } from 'express'
import helmet from 'helmet'
import type { Env } from '../config/env.ts'

export type CspSources = {
	/** Extra origins for images (e.g. an S3 public URL). */
	img?: string[]
	/** Extra origins forms may post or redirect to (e.g. a hosted payment page). */
	formAction?: string[]
	connect?: string[]
}

/** A fresh nonce per response; React Router marks its inline scripts with it. */
export const assignCspNonce: RequestHandler = (_req, res, next) => {
	res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
	next()
}

/**
 * CSP (scripts only with this response's nonce), nosniff, frame-ancestors 'none',
 * Referrer-Policy and the rest of helmet's defaults. HSTS and upgrade-insecure-requests only
 * make sense when the shop is served over https.
 */
export function securityHeaders(env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV'>, extra: CspSources = {}): RequestHandler {
	const https = env.PUBLIC_URL.startsWith('https:')
	const development = env.NODE_ENV === 'development'
	return helmet({
		contentSecurityPolicy: development
			? false
			: {
					useDefaults: false,
					directives: {
						defaultSrc: ["'self'"],
						scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
						styleSrc: ["'self'", "'unsafe-inline'"],
						imgSrc: ["'self'", 'data:', 'blob:', ...(extra.img ?? [])],
						fontSrc: ["'self'"],
						connectSrc: ["'self'", ...(extra.connect ?? [])],
						formAction: ["'self'", ...(extra.formAction ?? [])],
						frameAncestors: ["'none'"],
						baseUri: ["'self'"],
						objectSrc: ["'none'"],
						...(https ? { upgradeInsecureRequests: [] } : {}),
					},
				},
		strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
		referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
		crossOriginEmbedderPolicy: false,
		xFrameOptions: { action: 'deny' },
	})
}
