import crypto from 'node:crypto'
import { CHECKOUT_VISITOR_COOKIE } from '../orders/checkout-visitor.ts'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Level } from 'pino'
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
import { serveLocalUploads, serveStoredUploads } from '../storage/serve-local.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.ts'
import { configureInlineCss } from './inline-css.ts'
import { localeRedirect } from './locale-redirect.ts'
import { pageCacheMiddleware } from './page-cache.ts'
import { requestLog } from './request-log.ts'
import { sharedPageRoutes } from './shared-page-routes.ts'
import { allowPublicOriginActions, withPublicOriginActions } from './public-origin-actions.ts'
import { responseCompression } from './response-compression.ts'
import { staticFiles } from './static-files.ts'
import { sameOriginOnly } from './same-origin.ts'
import { assignCspNonce, securityHeaders } from './security-headers.ts'
import { serverTiming } from './server-timing.ts'
import { discardUnreadBody } from './unread-body.ts'

const REQUEST_ID = /^[\w.-]{1,64}$/

/** The load balancer's probe: 200 while the database answers, else 503. */
export const HEALTH_PATH = '/healthz'

function health(database: AppServices['database']): RequestHandler {
	return (req, res, next) => {
		if (req.path !== HEALTH_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
		res.setHeader('Cache-Control', 'no-store')
		database.ping(2_000).then(
			() => res.json({ status: 'ok', db: database.engine }),
			() => res.status(503).json({ status: 'unavailable', db: database.engine }),
		)
	}
}

/** A middleware under a path prefix, as `app.use(prefix, handler)` would mount it. */
function mounted(prefix: string, handler: RequestHandler): RequestHandler {
	const router = express.Router()
	router.use(prefix, handler)
	return router
}

/** The handler with its stage's name, which Express keeps on its layer (create-app.test.ts reads the order there). */
function named(name: string, handler: RequestHandler): RequestHandler {
	const stage: RequestHandler = (req, res, next) => handler(req, res, next)
	Object.defineProperty(stage, 'name', { value: name })
	return stage
}

/** Routes that authenticate themselves (signed webhooks) instead of relying on same-origin. */
export const WEBHOOK_PREFIX = '/api/webhooks/'

export type HttpAppOptions = {
	/** Folder holding the built client (build/client); unused in development. */
	clientBuildDir: string
	/** The React Router server build; in development a loader, so each edit is picked up through Vite. */
	build: ServerBuild | (() => Promise<ServerBuild>)
	vite?: ViteDevServer
}

/** The client's or proxy's X-Request-Id when it looks like one, else a new id; sent back on the response. */
function assignRequestId(req: IncomingMessage, res: ServerResponse) {
	const incoming = req.headers['x-request-id']
	const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
	res.setHeader('X-Request-Id', id)
	return id
}

/** The language choice order, from what the server sees: the stored choice (cookie), the browser's languages, the country a proxy names. */
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
	const logLevel = (res: ServerResponse, error: Error | undefined): Level => {
		// A 503 is the shop saying "back in a moment" (database out of reach), logged once as a warning where it is decided.
		if (res.statusCode === 503) return 'warn'
		if (error || res.statusCode >= 500) return 'error'
		// A load balancer's probe every few seconds would drown the log at info.
		return res.req.url?.split('?')[0] === HEALTH_PATH ? 'debug' : 'info'
	}
	// Where browsers load stored images from, when not from the shop itself (/uploads).
	const uploadsOrigin = storage.publicUrl('a').startsWith('/') ? null : new URL(storage.publicUrl('a')).origin
	const buildFiles = options.vite ? (options.vite.middlewares as unknown as RequestHandler) : staticFiles(options.clientBuildDir)
	configureInlineCss(options.vite ? null : options.clientBuildDir)

	/*
	 * The response pipeline, outermost first (ADR 0183). Three stages rewrite the response
	 * (`res.write`/`res.end`), and their order is a contract that create-app.test.ts holds:
	 * - `page-cache-serve` answers a stored page with its precompressed bytes before anything else
	 *   runs: it carries the headers the first answer had, and writes its own log line.
	 * - the build's files (`static-files`, or Vite in development) are sent as they are on disk,
	 *   precompressed at build time, before live compression could touch them.
	 * - `response-compression` wraps everything after it, so `page-cache-capture`, which sits just
	 *   before React Router, copies the page as rendered, uncompressed, while the visitor gets it
	 *   compressed; the cache compresses its copy once, at its own levels.
	 * Request ids and logging come before any answer but a stored page's; security headers before
	 * any file or page.
	 */
	const stages: [string, RequestHandler][] = [
		...(env.SERVER_TIMING ? [['server-timing', serverTiming()] as [string, RequestHandler]] : []),
		['page-cache-serve', pageCache.serve],
		['request-log', requestLog(log, { requestId: assignRequestId, ignore: (req) => req.url?.startsWith('/assets/') ?? false, level: logLevel })],
		['discard-unread-body', discardUnreadBody],
		['csp-nonce', assignCspNonce],
		['security-headers', securityHeaders(env, { img: uploadsOrigin ? [uploadsOrigin] : [] })],
		['static-files', buildFiles],
		...(storage.kind === 'local'
			? [['local-uploads', mounted(LOCAL_UPLOADS_ROUTE, serveLocalUploads(path.join(env.DATA_DIR, 'uploads')))] as [string, RequestHandler]]
			: uploadsOrigin
				? []
				: // A bucket browsers cannot reach (S3_PUBLIC_URL=/uploads): the shop serves its public objects (ADR 0172).
					[['bucket-uploads', mounted(LOCAL_UPLOADS_ROUTE, serveStoredUploads(storage))] as [string, RequestHandler]]),
		['response-compression', responseCompression()],
		['health', health(database)],
		['same-origin', sameOriginOnly({ publicUrl: env.PUBLIC_URL, exempt: [WEBHOOK_PREFIX] })],
		['locale-redirect', localeRedirect(requestLocale)],
		['page-cache-capture', pageCache.capture],
	]
	for (const [name, handler] of stages) app.use(named(name, handler))

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
	app.use(named('react-router', handler as RequestHandler))

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
