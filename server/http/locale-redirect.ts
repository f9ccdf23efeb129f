import type { Request, RequestHandler } from 'express'
import type { Locale } from '#domain/enums.ts'
import { isStorefrontPath, localeFromPath, localizedPath } from '#domain/i18n/paths.ts'

const DATA_SUFFIX = '.data'
/** React Router's data request for the home page (`/` + `.data`). */
const ROOT_DATA = '/_root.data'

/**
 * Old storefront URLs (no language in the path: `/`, `/catalog?category=candle`, `/account`,
 * `/reset-password?token=…` in an email already sent) go to the same page in the visitor's
 * language (ADR 0106): a permanent redirect for reads, 308 for a form posted from a page opened
 * before the change (the browser posts the same body again). The target depends on the visitor's
 * cookie and headers, so no browser or shared cache may keep it. A language URL with a trailing
 * slash (`/es/`, `/es/faq/`) goes to the one without, so each page has a single address.
 */
export function localeRedirect(visitorLocale: (req: Request) => Locale): RequestHandler {
	return (req, res, next) => {
		const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''
		const read = req.method === 'GET' || req.method === 'HEAD'
		if (localeFromPath(req.path)) {
			if (read && req.path.length > 1 && req.path.endsWith('/')) return res.redirect(301, `${req.path.replace(/\/+$/, '')}${query}`)
			return next()
		}
		const dataRequest = req.path.endsWith(DATA_SUFFIX)
		const page = req.path === ROOT_DATA ? '/' : dataRequest ? req.path.slice(0, -DATA_SUFFIX.length) : req.path
		const trimmed = page.length > 1 ? page.replace(/\/+$/, '') : page
		if (!isStorefrontPath(trimmed)) return next()
		const target = `${localizedPath(visitorLocale(req), trimmed)}${dataRequest ? DATA_SUFFIX : ''}${query}`
		res.setHeader('Cache-Control', 'private, no-store')
		res.vary('Cookie')
		res.vary('Accept-Language')
		res.redirect(read ? 301 : 308, target)
	}
}
