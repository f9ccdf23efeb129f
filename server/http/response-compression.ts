import zlib from 'node:zlib'
import compression from 'compression'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { preferredEncoding, type ContentEncoding } from './content-encoding.ts'

/**
 * Compression for what the shop sends as it renders it (pages for signed-in visitors, the admin,
 * the first render of a shared page, JSON): the one place responses are compressed at run time.
 * Shared pages kept in the page cache carry their own copies, compressed once at higher levels
 * (server/http/page-cache.ts), and the build's files were compressed at build time
 * (server/http/static-files.ts); neither passes through here (ADR 0183).
 *
 * Every response here is compressed once, for one visitor, on the same two cores that render, so
 * the levels favour CPU: brotli quality 1 and gzip level 3 (ADR 0144; `npm run bench:compression`
 * measures the trade on any page). A body written whole in one turn is compressed in one call
 * (ADR 0146); the compression library streams the rest and decides, for both, whether to compress.
 */
export const LIVE_BROTLI_QUALITY = 1
export const LIVE_GZIP_LEVEL = 3

/** One middleware: the library outside, the whole-body layer just inside it. */
export function responseCompression(): RequestHandler {
	const library = compression({ level: LIVE_GZIP_LEVEL, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY } } })
	const wholeBody = wholeBodyCompression({ brotliQuality: LIVE_BROTLI_QUALITY, gzipLevel: LIVE_GZIP_LEVEL })
	return function responseCompression(req, res, next) {
		library(req, res, (error?: unknown) => (error ? next(error) : wholeBody(req, res, next)))
	}
}

/** The compression library's own threshold: smaller bodies go out as they are. */
const MIN_BYTES = 1024
/**
 * Above this a body is handed to the library's stream, so one response never holds the main
 * thread for long: brotli 1 takes about half a millisecond per 100 KB here, and a storefront page is under 120 KB.
 */
const MAX_WHOLE_BYTES = 512 * 1024
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/

type Chunk = string | Uint8Array
type Callback = (error?: Error | null) => void
type Levels = { brotliQuality: number; gzipLevel: number }

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
	if (typeof chunk === 'string') return Buffer.from(chunk, encoding ?? 'utf8')
	return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
}

/** Whether the library would compress this body: the same rules, so both paths answer alike. */
function compressible(req: Request, res: Response, body: Buffer) {
	if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return false
	if (body.length < MIN_BYTES || body.length > MAX_WHOLE_BYTES) return false
	if (res.hasHeader('Content-Encoding') && res.getHeader('Content-Encoding') !== 'identity') return false
	if (NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''))) return false
	return compression.filter(req, res)
}

function encode(body: Buffer, encoding: Exclude<ContentEncoding, 'identity'>, levels: Levels) {
	return encoding === 'br'
		? zlib.brotliCompressSync(body, {
				params: { [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
			})
		: zlib.gzipSync(body, { level: levels.gzipLevel })
}

/**
 * Sits just inside the compression library and catches the common response: a body written in
 * full within one turn of the event loop (a rendered page, JSON, a redirect). Such a body is
 * compressed in one call and sent with its length. The library's stream costs far more for the
 * same bytes: measured on a rendered catalogue page under load, 10-15 ms of CPU per request in the
 * collector and thread pool against about 1 ms for the one call (ADR 0146). A response still being
 * written when the turn ends (a page waiting on data, a file) is handed to the library's stream as
 * before, and an HTML one is flushed after each turn's writes so its first part reaches the browser.
 */
function wholeBodyCompression(levels: Levels) {
	return function wholeBody(req: Request, res: Response, next: NextFunction) {
		const write = res.write as (chunk: Chunk, encoding?: BufferEncoding, callback?: Callback) => boolean
		const end = res.end as (chunk?: Chunk, encoding?: BufferEncoding) => Response
		let held: Buffer[] | null = null
		let streaming = false
		let flushScheduled = false

		const flushAfterTurn = () => {
			if (flushScheduled || typeof res.flush !== 'function' || !String(res.getHeader('Content-Type') ?? '').startsWith('text/html')) return
			flushScheduled = true
			setImmediate(() => {
				flushScheduled = false
				if (!res.writableEnded) res.flush()
			})
		}
		/**
		 * From here on the response streams through the library. The wrappers below stay on the response
		 * and pass through: a middleware after this one (the page cache's capture) holds them, and
		 * putting the library's back would take its copy of the page out of the way.
		 */
		const startStreaming = () => {
			streaming = true
			const chunks = held ?? []
			held = null
			for (const chunk of chunks) write.call(res, chunk)
			flushAfterTurn()
		}

		res.write = function (chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) {
			if (streaming || res.headersSent || typeof encoding === 'function' || callback) {
				if (!streaming) startStreaming()
				else flushAfterTurn()
				return (write as (...args: unknown[]) => boolean).call(res, chunk, encoding, callback)
			}
			if (held === null) {
				held = []
				setImmediate(() => {
					if (!streaming && !res.writableEnded) startStreaming()
				})
			}
			held.push(toBuffer(chunk, encoding))
			return true
		} as Response['write']

		res.end = function (chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback) {
			if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined]
			if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined]
			// The library's end takes no callback: Node calls it once the response has finished.
			if (callback) res.once('finish', () => callback())
			if (res.headersSent && !streaming) startStreaming()
			if (streaming) return end.call(res, chunk, encoding)
			streaming = true
			const pieces = held ?? []
			held = null
			if (chunk !== undefined) pieces.push(toBuffer(chunk, encoding))
			if (pieces.length === 0) return end.call(res)
			const body = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces)
			const encodingToSend = compressible(req, res, body) ? preferredEncoding(req) : 'identity'
			if (encodingToSend === 'identity') return end.call(res, body)
			const encoded = encode(body, encodingToSend, levels)
			res.setHeader('Content-Encoding', encodingToSend)
			res.setHeader('Content-Length', encoded.length)
			return end.call(res, encoded)
		} as Response['end']

		next()
	}
}
