import fs from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'
import { preferredEncoding, type ContentEncoding } from './content-encoding.ts'

/** Vite puts a content hash in every file name under /assets: they never change. */
const IMMUTABLE = { maxAge: 365 * 24 * 3600_000, immutable: true }
/** Top-level public files (favicon.svg, …) keep their names across builds. */
const PUBLIC = { maxAge: 3600_000, immutable: false }

type Encoding = Exclude<ContentEncoding, 'identity'>
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

type StaticFile = { file: string; encodings: Encoding[]; cache: typeof IMMUTABLE }

/** Every file of the client build by URL path, with the compressed copies the build wrote beside it. */
function clientFiles(clientBuildDir: string): Map<string, StaticFile> {
	const all = new Set(
		fs
			.readdirSync(clientBuildDir, { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile())
			.map((entry) => path.join(entry.parentPath, entry.name)),
	)
	const byUrl = new Map<string, StaticFile>()
	for (const file of all) {
		if (/\.(br|gz)$/.test(file) && all.has(file.slice(0, -3))) continue
		const url = '/' + path.relative(clientBuildDir, file).split(path.sep).join('/')
		// The build's own bookkeeping (.vite/manifest.json) is no public file.
		if (url.startsWith('/.')) continue
		const encodings = (Object.keys(SUFFIX) as Encoding[]).filter((encoding) => all.has(file + SUFFIX[encoding]))
		byUrl.set(url, { file, encodings, cache: url.startsWith('/assets/') ? IMMUTABLE : PUBLIC })
	}
	return byUrl
}

/**
 * The client build's files (`/assets/…` and the public files beside it), sent as they are on disk:
 * the brotli or gzip copy the build made (scripts/precompress.mjs, ADR 0183) to a browser that takes
 * it, with `Content-Encoding`, `Vary: Accept-Encoding` and the file's own type, else the file itself.
 * Nothing is compressed per request. The names are read once at start (the build does not change
 * while it runs), so a page URL costs a map lookup, not a stat. Anything else goes on.
 */
export function staticFiles(clientBuildDir: string): RequestHandler {
	const files = clientFiles(clientBuildDir)
	return function staticFiles(req, res, next) {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const found = files.get(req.path)
		if (!found) return next()
		let sent = found.file
		if (found.encodings.length > 0) {
			res.vary('Accept-Encoding')
			const encoding = preferredEncoding(req, [...found.encodings, 'identity'])
			if (encoding !== 'identity') {
				sent = found.file + SUFFIX[encoding]
				res.setHeader('Content-Encoding', encoding)
				res.type(path.extname(found.file))
			}
		}
		res.sendFile(sent, { ...found.cache, dotfiles: 'allow' }, (error) => {
			if (error && !res.headersSent) next(error)
		})
	}
}
