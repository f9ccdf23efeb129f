import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Level, Logger } from 'pino'

declare module 'node:http' {
	interface IncomingMessage {
		/** This request's id (X-Request-Id), also in every line its logger writes. */
		id: string
		/** The shop's logger bound to this request (`req: { id, method, url }`), made when first used. */
		log: Logger
	}
}

export type RequestLogOptions = {
	/** The request's id; called once, before anything else sees the request. */
	requestId: (req: IncomingMessage, res: ServerResponse) => string
	/** Requests whose completion is not logged (static assets). */
	ignore: (req: IncomingMessage) => boolean
	/** The level of the line written when a response ends. */
	level: (res: ServerResponse, error: Error | undefined) => Level
}

type WithRequestedUrl = ServerResponse & { locals?: { requestedUrl?: string } }

/**
 * One line per response, `request completed` (or `request errored` for an error or a 5xx) with the
 * request, the status and the time taken, as pino-http writes it; and `req.log`, the logger bound to
 * the request. Unlike pino-http, the bound logger is made only when something logs: making it
 * serialises the request, and at a level that leaves out the completion lines (`LOG_LEVEL=warn`)
 * that was a few per cent of a rendered page's CPU for a logger nothing used (ADR 0145).
 */
export function requestLog(log: Logger, options: RequestLogOptions) {
	return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
		const startedAt = Date.now()
		req.id = options.requestId(req, res)
		// As asked: the URL with tracking parameters the page cache took off (ADR 0121), before routers rewrite req.url.
		const url = (res as WithRequestedUrl).locals?.requestedUrl ?? req.url
		let bound: Logger | undefined
		Object.defineProperty(req, 'log', {
			configurable: true,
			enumerable: false,
			get: () => (bound ??= log.child({ req: { id: req.id, method: req.method, url } })),
			set: (logger: Logger) => (bound = logger),
		})
		if (!options.ignore(req)) {
			const done = (error?: Error) => {
				res.off('finish', done)
				res.off('close', done)
				res.off('error', done)
				const level = options.level(res, error)
				if (!log.isLevelEnabled(level)) return
				const line = { res: { statusCode: res.statusCode }, responseTime: Date.now() - startedAt }
				if (error || res.statusCode >= 500) req.log[level]({ ...line, err: error ?? new Error(`failed with status code ${res.statusCode}`) }, 'request errored')
				else req.log[level](line, 'request completed')
			}
			res.on('finish', done)
			res.on('close', done)
			res.on('error', done)
		}
		next()
	}
}
