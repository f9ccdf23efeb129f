import crypto from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import { parse as parseCookies } from 'cookie'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import { pinoHttp } from 'pino-http'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { LOCALE_COOKIE, negotiateLocale } from '#app/lib/i18n/negotiate.ts'
import { appContext, type RequestContext } from '../context.ts'
import type { AppServices } from '../services.ts'
import { LOCAL_UPLOADS_ROUTE } from '../storage/local-storage.ts'
import { serveLocalUploads } from '../storage/serve-local.ts'
import { configureInlineCss } from './inline-css.ts'
import { sameOriginOnly } from './same-origin.ts'
import { assignCspNonce, securityHeaders } from './security-headers.ts'
import { discardUnreadBody } from './unread-body.ts'

const REQUEST_ID = /^[\w.-]{1,64}$/

/** Routes that authenticate themselves (signed webhooks) instead of relying on same-origin. */
export const WEBHOOK_PREFIX = '/api/webhooks/'

export type HttpAppOptions = {
	/** Folder holding the built client (build/client); unused in development. */
	clientBuildDir: string
	/** Loads the React Router server build; in development through Vite. */
	loadBuild: () => Promise<ServerBuild>
	vite?: ViteDevServer
}

export function createHttpApp(services: AppServices, options: HttpAppOptions) {
	const { env, log, database, storage } = services
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', env.TRUST_PROXY)

	app.use(
		pinoHttp({
			logger: log,
			genReqId(req, res) {
				const incoming = req.headers['x-request-id']
				const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
				res.setHeader('X-Request-Id', id)
				return id
			},
			serializers: {
				req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
				res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
			},
			autoLogging: { ignore: (req) => req.url?.startsWith('/assets/') ?? false },
			customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
		}),
	)
	app.use(discardUnreadBody)
	app.use(compression())
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
		app.use(express.static(options.clientBuildDir, { maxAge: '1h', index: false }))
	}
	if (storage.kind === 'local') {
		app.use(LOCAL_UPLOADS_ROUTE, serveLocalUploads(path.join(env.DATA_DIR, 'uploads')))
	}

	const handler = createRequestHandler({
		build: options.loadBuild,
		mode: env.NODE_ENV === 'development' ? 'development' : 'production',
		getLoadContext(req, res) {
			const cookies = parseCookies(req.headers.cookie ?? '')
			const context: RequestContext = {
				...services,
				requestId: String(req.id),
				log: req.log,
				cspNonce: String(res.locals.cspNonce),
				clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
				locale: negotiateLocale({
					stored: cookies[LOCALE_COOKIE],
					acceptLanguage: req.get('accept-language'),
					country: req.get('cf-ipcountry') ?? req.get('x-country-code') ?? req.get('cloudfront-viewer-country'),
				}),
			}
			return new RouterContextProvider(new Map([[appContext, context]]))
		},
	})
	app.all('/{*path}', handler as RequestHandler)

	const onError: ErrorRequestHandler = (error: Error & { status?: number; statusCode?: number }, req, res, _next) => {
		const status = error.status ?? error.statusCode ?? 500
		if (status >= 500) req.log.error({ err: error }, 'unhandled request error')
		if (res.headersSent) return res.end()
		res.status(status >= 400 && status < 600 ? status : 500).type('text/plain').send(status === 404 ? 'Not found' : status < 500 ? 'Bad request' : 'Internal error')
	}
	app.use(onError)
	return app
}
