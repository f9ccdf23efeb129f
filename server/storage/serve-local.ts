import path from 'node:path'
import express, { type RequestHandler, type Response } from 'express'
import { contentDisposition } from './download.ts'
import { IMMUTABLE_CACHE_CONTROL, isPrivateKey, isValidKey, type ObjectStorage } from './storage.ts'

/**
 * The storage key a request under /uploads names, null when it names none or a private one
 * (ADR 0173), or 'malformed' for a path that does not decode.
 */
export function publicKeyOf(requestPath: string): string | null | 'malformed' {
	let decoded: string
	try {
		decoded = decodeURIComponent(requestPath)
	} catch {
		return 'malformed'
	}
	// Normalized as the file server would, so `products/../private/…` cannot reach a private file.
	const key = path.posix.normalize(decoded).replace(/^\/+/, '')
	return isValidKey(key) && !isPrivateKey(key) ? key : null
}

/** 400 for a path that does not decode, 404 for anything else not served. */
function refuse(res: Response, key: null | 'malformed') {
	res
		.status(key === 'malformed' ? 400 : 404)
		.set('Cache-Control', 'no-store')
		.type('text/plain')
		.send(key === 'malformed' ? 'Bad request' : 'Not found')
}

/**
 * Serves the local storage folder (mounted at /uploads), except private objects (customers'
 * photos), which only signed links reach. Stored names are random and never reused, so files are
 * immutable for a year. `?download=name.jpg` answers with `Content-Disposition: attachment` under
 * that name, for "download" links.
 */
export function serveLocalUploads(root: string): RequestHandler {
	const serve = express.static(root, {
		immutable: true,
		maxAge: '1y',
		index: false,
		dotfiles: 'deny',
		fallthrough: false,
		redirect: false,
		setHeaders(res) {
			const wanted = (res as unknown as { req: express.Request }).req.query.download
			if (typeof wanted === 'string' && wanted.trim() !== '') res.setHeader('Content-Disposition', contentDisposition(wanted))
		},
	})
	return (req, res, next) => {
		const key = publicKeyOf(req.path)
		if (key === null || key === 'malformed') refuse(res, key)
		else serve(req, res, next)
	}
}

/**
 * Serves the public objects of a bucket that browsers cannot reach (S3_PUBLIC_URL=/uploads: a private
 * bucket behind the shop, as compose.yaml sets it up), streamed from storage under /uploads.
 */
export function serveStoredUploads(storage: ObjectStorage): RequestHandler {
	return async (req, res, next) => {
		const key = publicKeyOf(req.path)
		if (key === null || key === 'malformed') return refuse(res, key)
		if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, null)
		try {
			const object = await storage.get(key)
			if (!object) return refuse(res, null)
			res.set({ 'Content-Type': object.contentType, 'Content-Length': String(object.size), 'Cache-Control': IMMUTABLE_CACHE_CONTROL })
			if (req.method === 'HEAD') {
				object.body.destroy()
				return res.end()
			}
			object.body.on('error', (error) => res.destroy(error))
			object.body.pipe(res)
		} catch (error) {
			next(error)
		}
	}
}
