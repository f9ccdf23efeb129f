import { Readable } from 'node:stream'
import { IMMUTABLE_CACHE_CONTROL, type StoredObject } from './storage.ts'

/** Characters a file name may keep in the plain `filename=` fallback (quoted-string safe, ASCII). */
function asciiFallback(name: string) {
	const plain = name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^\x20-\x7e]/g, '_')
		.replace(/["\\/]/g, '_')
		.trim()
	return plain || 'download'
}

/** Removes what must never reach a header or a file system: control characters and path separators. */
export function safeFileName(name: string, maxLength = 150) {
	const cleaned = name
		// eslint-disable-next-line no-control-regex -- removing control characters is the point
		.replace(/[\u0000-\u001f\u007f]/g, '')
		.replace(/[/\\]/g, '_')
		.trim()
		.slice(0, maxLength)
	return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'download' : cleaned
}

/**
 * A Content-Disposition value (RFC 6266) with an ASCII `filename` for old clients and the exact
 * UTF-8 name in `filename*` (RFC 5987), e.g. `attachment; filename="comanda-1a2b3c4d.jpg"`.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment') {
	const name = safeFileName(fileName)
	const fallback = asciiFallback(name)
	const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
	return fallback === name ? `${type}; filename="${name}"` : `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/**
 * Answers with a stored object, whichever storage holds it: for downloads (a portrait photo named
 * after its order) pass `downloadName`. Private objects should pass `cacheControl: 'private, no-store'`.
 */
export function objectResponse(object: StoredObject, options: { downloadName?: string; cacheControl?: string } = {}) {
	const headers = new Headers({
		'Content-Type': object.contentType,
		'Content-Length': String(object.size),
		'Cache-Control': options.cacheControl ?? IMMUTABLE_CACHE_CONTROL,
		// X-Content-Type-Options: nosniff comes with every answer's security headers (server/http/security-headers.ts).
	})
	if (options.downloadName) headers.set('Content-Disposition', contentDisposition(options.downloadName))
	return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { headers })
}
