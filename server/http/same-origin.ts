import type { RequestHandler } from 'express'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests a browser sends from another site (CSRF). Browsers send
 * Origin on every POST, and Sec-Fetch-Site on modern ones; a request without either comes from
 * a non-browser client, which cannot carry a victim's cookies. Paths in `exempt` (payment
 * webhooks) authenticate themselves instead.
 */
export function sameOriginOnly(options: { publicUrl: string; exempt: string[] }): RequestHandler {
	const publicOrigin = new URL(options.publicUrl).origin
	return (req, res, next) => {
		if (SAFE_METHODS.has(req.method) || options.exempt.some((prefix) => req.path.startsWith(prefix))) return next()
		const origin = req.get('origin')
		const fetchSite = req.get('sec-fetch-site')
		const ownOrigin = `${req.protocol}://${req.get('host')}`
		const originAllowed = !origin || origin === publicOrigin || origin === ownOrigin
		const siteAllowed = !fetchSite || fetchSite === 'same-origin' || fetchSite === 'none'
		if (originAllowed && siteAllowed) return next()
		res.status(403).type('text/plain').send('Cross-site request refused.')
	}
}
