import crypto from 'node:crypto'
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import { LRUCache } from 'lru-cache'
import type { Logger } from '../logger.ts'
import { sharedPageUrl } from '#domain/http/shared-page.ts'
import { preferredEncoding } from './content-encoding.ts'
import { inlineScriptHashes, policyWithScriptHashes } from './inline-script-hashes.ts'
import { SHARED_PAGE_HEADER } from './shared-page.ts'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Quality 6 is within 10% of brotli's best size at a fiftieth of its time (a page is compressed again after every change). */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }
const GZIP_OPTIONS = { level: 9 }

/** Even without any change, a page is rendered again after this long (the footer's year, say). */
const DEFAULT_TTL_MS = 5 * 60_000

/** Headers that belong to one response (or to its transfer), never replayed from a stored page. */
const PER_RESPONSE_HEADERS = new Set([
	'connection',
	'content-encoding',
	'content-length',
	'content-security-policy',
	'date',
	'etag',
	'keep-alive',
	'server-timing',
	'transfer-encoding',
	'vary',
	'x-cache',
	'x-request-id',
])

type StoredPage = {
	headers: [string, string | number | string[]][]
	/** The response's policy with its nonce replaced by the page's inline script hashes. */
	policy: string | null
	etag: string
	identity: Buffer
	br: Buffer
	gzip: Buffer
}

type RenderedPage = { headers: OutgoingHttpHeaders; body: Buffer }

/**
 * Ready-made storefront pages for anonymous visitors, in this process's memory (ADR 0091). A page
 * is kept only while nothing it shows can have changed: every committed change to products,
 * categories or shown translations, on any instance, is announced by the database (LISTEN/NOTIFY,
 * migration 0002) and drops every page. While that announcement cannot be heard (the listening
 * connection is down) nothing is served from here or stored.
 */
export class PageCache {
	private readonly pages: LRUCache<string, StoredPage>
	/** Bumped by every change: a page rendered before a change is never stored after it. */
	private generation = 0
	private listening = false

	constructor(options: { maxBytes: number; ttlMs?: number }) {
		this.pages = new LRUCache<string, StoredPage>({
			maxSize: options.maxBytes,
			sizeCalculation: (page) => page.identity.length + page.br.length + page.gzip.length + 1024,
			ttl: options.ttlMs ?? DEFAULT_TTL_MS,
		})
	}

	/** Whether pages may be served and stored: changes are being heard. */
	get active() {
		return this.listening
	}

	get size() {
		return this.pages.size
	}

	/** Something a page may show has changed. */
	invalidate() {
		this.generation++
		this.pages.clear()
	}

	/** Changes are heard from now on; anything before may have been missed. */
	listeningStarted() {
		this.invalidate()
		this.listening = true
	}

	listeningStopped() {
		this.listening = false
		this.invalidate()
	}

	lookup(key: string): StoredPage | undefined {
		return this.listening ? this.pages.get(key) : undefined
	}

	/** The generation a render starting now belongs to; pass it to store. */
	startRender() {
		return this.generation
	}

	/** Keeps a rendered page, unless something changed since its render started. */
	async store(key: string, generation: number, rendered: RenderedPage) {
		if (!this.listening || generation !== this.generation) return
		const [br, gzipped] = await Promise.all([brotli(rendered.body, BROTLI_OPTIONS), gzip(rendered.body, GZIP_OPTIONS)])
		if (!this.listening || generation !== this.generation) return
		const { 'content-security-policy': policy, ...rest } = rendered.headers
		const headers = Object.entries(rest).filter(
			(entry): entry is [string, string | number | string[]] => entry[1] !== undefined && !PER_RESPONSE_HEADERS.has(entry[0]),
		)
		this.pages.set(key, {
			headers,
			policy: typeof policy === 'string' ? policyWithScriptHashes(policy, inlineScriptHashes(rendered.body.toString('utf8'))) : null,
			etag: `W/"${crypto.createHash('sha256').update(rendered.body).digest('base64url').slice(0, 27)}"`,
			identity: rendered.body,
			br,
			gzip: gzipped,
		})
	}
}

export type PageCacheRequestInfo = {
	/** Whether the request comes from an anonymous visitor: no session, no toast, no other cookie that could change the page. */
	anonymous(req: Request): boolean
	/** The language the page will be rendered in. */
	locale(req: Request): string
	/** The query parameters the path's route declares it reads, or null when the path is not a shared page (ADR 0121). */
	sharedPageParams(pathname: string): readonly string[] | null
	/** Gives the request its id (and the X-Request-Id header), as the request logger does for every other request. */
	requestId(req: Request, res: Response): string
	log: Logger
}

type PendingCapture = { key: string; generation: number }

/**
 * The page cache's two middlewares. `serve` comes first of all: a stored page is answered before
 * request logging, compression and helmet run, since it already holds their headers (helmet's
 * from its first answer, compression as stored encodings) and is logged here in the request
 * logger's shape. `capture` sits just before the React Router handler: it keeps a copy of a
 * shared page while it streams, and strips the shared-page marker from every response (also when
 * the cache is off).
 */
export function pageCacheMiddleware(cache: PageCache | null, info: PageCacheRequestInfo): { serve: RequestHandler; capture: RequestHandler } {
	const serve: RequestHandler = (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const params = info.sharedPageParams(req.path)
		if (params === null) return next()
		// A shared page is rendered from its path and declared parameters only (tracking and unknown
		// ones dropped, the rest sorted), so it cannot echo them and one entry serves every variant.
		const requestedUrl = req.originalUrl
		const url = sharedPageUrl(requestedUrl, params)
		if (url !== requestedUrl) {
			res.locals.requestedUrl = requestedUrl
			req.url = req.originalUrl = url
		}
		if (!cache?.active || !info.anonymous(req)) return next()
		const key = `${info.locale(req)} ${url}`
		const page = cache.lookup(key)
		if (!page) {
			if (req.method === 'GET') res.locals.pageCapture = { key, generation: cache.startRender() } satisfies PendingCapture
			return next()
		}
		const startedAt = performance.now()
		const id = info.requestId(req, res)
		sendStoredPage(req, res, page)
		info.log.info(
			{
				req: { id, method: req.method, url: requestedUrl },
				res: { statusCode: res.statusCode },
				responseTime: Math.round(performance.now() - startedAt),
				cache: 'hit',
			},
			'request completed',
		)
	}
	const capture: RequestHandler = (_req, res, next) => {
		const pending = res.locals.pageCapture as PendingCapture | undefined
		if (cache && pending) captureSharedPage(res, cache, pending)
		else stripSharedPageMarker(res)
		next()
	}
	return { serve, capture }
}

function sendStoredPage(req: Request, res: Response, page: StoredPage) {
	for (const [name, value] of page.headers) res.setHeader(name, value)
	if (page.policy) res.setHeader('Content-Security-Policy', page.policy)
	res.setHeader('ETag', page.etag)
	res.setHeader('Vary', 'Accept-Encoding')
	res.setHeader('X-Cache', 'HIT')
	if (req.fresh) {
		res.status(304).end()
		return
	}
	const encoding = preferredEncoding(req)
	const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity
	if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
	res.setHeader('Content-Length', body.length)
	res.status(200).end(req.method === 'HEAD' ? undefined : body)
}

type WriteHead = ServerResponse['writeHead']

/** Removes the marker before the head goes out; reports whether the response declared itself shared. */
function onHead(res: ServerResponse, decide: (shared: boolean, status: number, extraHeaders: boolean) => void) {
	const writeHead = res.writeHead
	res.writeHead = function (this: ServerResponse, ...args: Parameters<WriteHead>) {
		if (!this.headersSent) {
			const shared = this.hasHeader(SHARED_PAGE_HEADER)
			this.removeHeader(SHARED_PAGE_HEADER)
			decide(
				shared,
				typeof args[0] === 'number' ? args[0] : this.statusCode,
				args.some((arg) => typeof arg === 'object' && arg !== null),
			)
		}
		return writeHead.apply(this, args)
	} as WriteHead
}

function stripSharedPageMarker(res: ServerResponse) {
	onHead(res, () => {})
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | null {
	if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
	if (chunk instanceof Uint8Array) return Buffer.from(chunk)
	return null
}

/**
 * Lets the response stream to the visitor as usual and, when it turns out to be a shared page
 * (marker, 200, HTML or XML, no cookie set), keeps a copy of the bytes the app wrote (before
 * compression) and stores them once the response has finished.
 */
function captureSharedPage(res: Response, cache: PageCache, { key, generation }: PendingCapture) {
	const chunks: Buffer[] = []
	let headers: OutgoingHttpHeaders | null = null
	onHead(res, (shared, status, extraHeaders) => {
		const contentType = String(res.getHeader('content-type') ?? '')
		// A page, or a sitemap document (ADR 0250); never a route's data (.data) or JSON.
		const cacheable = contentType.startsWith('text/html') || contentType.startsWith('application/xml')
		if (shared && status === 200 && !extraHeaders && !res.hasHeader('set-cookie') && cacheable) {
			headers = res.getHeaders()
			res.setHeader('X-Cache', 'MISS')
		}
	})
	const write = res.write
	res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
		// Copied whether or not the head has been decided yet: a body written whole is held until the
		// end of its turn (whole-body compression, ADR 0146), so the head comes after these writes.
		const copy = toBuffer(chunk, rest[0])
		if (copy) chunks.push(copy)
		return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
	} as Response['write']
	const end = res.end
	res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
		const copy = typeof chunk !== 'function' ? toBuffer(chunk, rest[0]) : null
		if (copy) chunks.push(copy)
		return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest)
	} as Response['end']
	res.once('finish', () => {
		if (!headers || res.locals.keepOutOfPageCache) return
		cache.store(key, generation, { headers, body: Buffer.concat(chunks) }).catch((error: Error) => {
			res.req.log?.warn({ err: error.message }, 'could not store a page in the page cache')
		})
	})
}
