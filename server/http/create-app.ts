import crypto from 'node:crypto'
import { CHECKOUT_VISITOR_COOKIE } from '../orders/checkout-visitor.ts'
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import { parse as parseCookies } from 'cookie'
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { LOCALE_COOKIE, negotiateLocale } from '#domain/i18n/negotiate.ts'
import { localeFromPath } from '#domain/i18n/paths.ts'
import { KNOWN_DEVICE_COOKIE } from '../auth/known-device.ts'
import { appContext, type RequestContext } from '../context.ts'
import type { AppServices } from '../services.ts'
import { LOCAL_UPLOADS_ROUTE } from '../storage/local-storage.ts'
import { serveLocalUploads } from '../storage/serve-local.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.ts'
import { configureInlineCss } from './inline-css.ts'
import { localeRedirect } from './locale-redirect.ts'
import { pageCacheMiddleware } from './page-cache.ts'
import { requestLog } from './request-log.ts'
import { sharedPageRoutes } from './shared-page-routes.ts'
import { allowPublicOriginActions, withPublicOriginActions } from './public-origin-actions.ts'
import { responseCompression } from './response-compression.ts'
import { sameOriginOnly } from './same-origin.ts'
import { assignCspNonce, securityHeaders } from './security-headers.ts'
import { serverTiming } from './server-timing.ts'
import { discardUnreadBody } from './unread-body.ts'

const REQUEST_ID = /^[\w.-]{1,64}$/

/** Routes that authenticate themselves (signed webhooks) instead of relying on same-origin. */
export const WEBHOOK_PREFIX = '/api/webhooks/'

export type HttpAppOptions = {
	/** Folder holding the built client (build/client); unused in development. */
	clientBuildDir: string
	/** The React Router server build; in development a loader, so each edit is picked up through Vite. */
	build: ServerBuild | (() => Promise<ServerBuild>)
	vite?: ViteDevServer
}

/**
 * Serves the build's public files (favicon.svg, …) and lets every other request through without
 * touching the disk: express.static alone would look each page URL up on disk first (a stat per
 * page view). The names are read once at start; the build does not change while it runs.
 */
function publicFilesOnly(clientBuildDir: string): RequestHandler {
	const serve = express.static(clientBuildDir, { maxAge: '1h', index: false })
	const topLevel = new Set(fs.readdirSync(clientBuildDir).filter((name) => name !== 'assets'))
	return (req, res, next) => (topLevel.has(req.path.split('/')[1] ?? '') ? serve(req, res, next) : next())
}

/** The client's or proxy's X-Request-Id when it looks like one, else a new id; sent back on the response. */
function assignRequestId(req: IncomingMessage, res: ServerResponse) {
	const incoming = req.headers['x-request-id']
	const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
	res.setHeader('X-Request-Id', id)
	return id
}

/** Spec §1 order, from what the server sees: the stored choice (cookie), the browser's languages, the country a proxy names. */
function requestLocale(req: Request) {
	return negotiateLocale({
		stored: parseCookies(req.headers.cookie ?? '')[LOCALE_COOKIE],
		acceptLanguage: req.get('accept-language'),
		country: req.get('cf-ipcountry') ?? req.get('x-country-code') ?? req.get('cloudfront-viewer-country'),
	})
}

/** The language a page is rendered in: the one its URL names (ADR 0106), else the visitor's (admin, 404s, the language form). */
function pageLocale(req: Request) {
	return localeFromPath(req.path) ?? requestLocale(req)
}

/**
 * Cookies that leave a page the same for everyone: the language choice (a page's language comes from its URL,
 * ADR 0106; for the few pages without one it is part of the cache key) and the known-device mark (read only by
 * the sign-in action).
 */
const PAGE_NEUTRAL_COOKIES = new Set([LOCALE_COOKIE, KNOWN_DEVICE_COOKIE, CHECKOUT_VISITOR_COOKIE])

/** No cookie but page-neutral ones: no session, no pending toast, nothing else that could change a page. */
function isAnonymous(req: Request) {
	const header = req.headers.cookie
	if (!header) return true
	return Object.keys(parseCookies(header)).every((name) => PAGE_NEUTRAL_COOKIES.has(name))
}

export function createHttpApp(services: AppServices, options: HttpAppOptions) {
	const { env, log, database, storage } = services
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', env.TRUST_PROXY)

	// In development (a build loaded per request) pages keep their whole URL; there is no page cache there either.
	const sharedPageParams = typeof options.build === 'function' ? () => null : sharedPageRoutes(options.build)
	const pageCache = pageCacheMiddleware(services.pageCache, {
		anonymous: isAnonymous,
		locale: pageLocale,
		sharedPageParams,
		requestId: assignRequestId,
		log,
	})
	if (env.SERVER_TIMING) app.use(serverTiming())
	app.use(pageCache.serve)
	app.use(
		requestLog(log, {
			requestId: assignRequestId,
			ignore: (req) => req.url?.startsWith('/assets/') ?? false,
			// A 503 is the shop saying "back in a moment" (database out of reach), logged once as a warning where it is decided.
			level: (res, error) => (res.statusCode === 503 ? 'warn' : error || res.statusCode >= 500 ? 'error' : 'info'),
		}),
	)
	app.use(discardUnreadBody)
	app.use(responseCompression())
	app.use(assignCspNonce)
	app.use(securityHeaders(env, { img: storage.kind === 's3' ? [new URL(storage.publicUrl('a')).origin] : [] }))

	app.get('/healthz', async (_req, res) => {
		res.setHeader('Cache-Control', 'no-store')
		try {
			await database.ping(2_000)
			res.json({ status: 'ok', db: database.engine })
		} catch {
			res.status(503).json({ status: 'unavailable', db: database.engine })
		}
	})

	app.use(sameOriginOnly({ publicUrl: env.PUBLIC_URL, exempt: [WEBHOOK_PREFIX] }))

	configureInlineCss(options.vite ? null : options.clientBuildDir)
	if (options.vite) {
		app.use(options.vite.middlewares)
	} else {
		// Vite puts a content hash in every file name under /assets, so they never change.
		app.use('/assets', express.static(path.join(options.clientBuildDir, 'assets'), { immutable: true, maxAge: '1y', index: false }))
		app.use(publicFilesOnly(options.clientBuildDir))
	}
	if (storage.kind === 'local') {
		app.use(LOCAL_UPLOADS_ROUTE, serveLocalUploads(path.join(env.DATA_DIR, 'uploads')))
	}

	app.use(localeRedirect(requestLocale))
	app.use(pageCache.capture)

	const handler = createRequestHandler({
		build:
			typeof options.build === 'function' ? allowPublicOriginActions(options.build, env.PUBLIC_URL) : withPublicOriginActions(options.build, env.PUBLIC_URL),
		mode: env.NODE_ENV === 'development' ? 'development' : 'production',
		getLoadContext(req, res) {
			const context: RequestContext = {
				...services,
				requestId: String(req.id),
				get log() {
					return req.log
				},
				cspNonce: String(res.locals.cspNonce),
				clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
				locale: pageLocale(req),
				keepPageOutOfCache: () => {
					res.locals.keepOutOfPageCache = true
				},
			}
			return new RouterContextProvider(new Map([[appContext, context]]))
		},
	})
	app.all('/{*path}', handler as RequestHandler)

	const onError: ErrorRequestHandler = (error: Error & { status?: number; statusCode?: number }, req, res, _next) => {
		if (isDatabaseUnavailable(error)) {
			req.log.warn({ err: error.message }, 'database unavailable: answering 503')
			if (res.headersSent) return res.end()
			return res
				.status(503)
				.set({ 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
				.type('text/plain')
				.send('Service temporarily unavailable')
		}
		const status = error.status ?? error.statusCode ?? 500
		if (status >= 500) req.log.error({ err: error }, 'unhandled request error')
		if (res.headersSent) return res.end()
		res
			.status(status >= 400 && status < 600 ? status : 500)
			.type('text/plain')
			.send(status === 404 ? 'Not found' : status < 500 ? 'Bad request' : 'Internal error')
	}
	app.use(onError)
	return app
}
