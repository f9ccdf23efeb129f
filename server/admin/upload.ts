import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { data } from 'react-router'
import type { Logger } from '../logger.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { ADMIN_IMAGE_MAX_BYTES } from '#domain/media.ts'
import { deleteImage, storeImage, UnsupportedImageError, type StoredImage } from '../media/image-pipeline.ts'
import type { ObjectStorage } from '../storage/storage.ts'

/** Multipart framing around the file (boundaries, headers, a few fields) may add this much. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

export type UploadRefusal = 'missing' | 'invalid' | 'too-large'

/** An upload the server refuses: 400 nothing sent, 413 over 5 MB, 415 not a JPEG/PNG/WebP by its bytes. */
export class AdminUploadError extends Error {
	override name = 'AdminUploadError'
	constructor(readonly reason: UploadRefusal) {
		super(reason)
	}
	get status() {
		return this.reason === 'too-large' ? 413 : this.reason === 'invalid' ? 415 : 400
	}
}

export type ReceivedFile = { bytes: Buffer; filename: string; fields: Record<string, string> }

/**
 * Reads the one file (field `file`) of a multipart request plus its small text fields, never
 * buffering more than the 5 MB limit; the rest of an oversized body is read and thrown away.
 */
export async function readUploadedFile(request: Request, maxBytes = ADMIN_IMAGE_MAX_BYTES): Promise<ReceivedFile> {
	const contentType = request.headers.get('content-type') ?? ''
	if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) throw new AdminUploadError('missing')
	const declared = Number(request.headers.get('content-length'))
	if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw new AdminUploadError('too-large')

	return new Promise<ReceivedFile>((resolve, reject) => {
		let parser: busboy.Busboy
		try {
			parser = busboy({
				headers: { 'content-type': contentType },
				limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 256 },
			})
		} catch {
			reject(new AdminUploadError('missing'))
			return
		}
		const chunks: Buffer[] = []
		const fields: Record<string, string> = {}
		let filename = ''
		let found = false
		let tooLarge = false
		parser.on('field', (name, value) => {
			fields[name] = value
		})
		parser.on('file', (field, stream, info) => {
			// A body cut off inside a file errors its stream; unheard, that error would end the process.
			stream.on('error', () => reject(new AdminUploadError('missing')))
			if (field !== 'file' || found) {
				stream.resume()
				return
			}
			found = true
			filename = info.filename ?? ''
			stream.on('data', (chunk: Buffer) => {
				if (!tooLarge) chunks.push(chunk)
			})
			stream.on('limit', () => {
				tooLarge = true
				chunks.length = 0
			})
		})
		parser.on('error', () => reject(new AdminUploadError('missing')))
		parser.on('close', () => {
			if (tooLarge) reject(new AdminUploadError('too-large'))
			else if (!found || chunks.length === 0) reject(new AdminUploadError('missing'))
			else resolve({ bytes: Buffer.concat(chunks), filename, fields })
		})
		const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>)
		body.on('error', () => reject(new AdminUploadError('missing')))
		body.pipe(parser)
	})
}

/**
 * Checks the real bytes (JPEG, PNG or WebP by magic number; SVG and everything else refused),
 * re-encodes as WebP without metadata and stores it with the storefront's narrower copies.
 */
export async function storeAdminImage(storage: ObjectStorage, bytes: Uint8Array, prefix: string): Promise<StoredImage> {
	try {
		return await storeImage(storage, bytes, { prefix })
	} catch (error) {
		if (error instanceof UnsupportedImageError) throw new AdminUploadError('invalid')
		throw error
	}
}

/** The storage key behind a URL that `storage.publicUrl` made, or null for any other URL. */
export function keyFromPublicUrl(storage: ObjectStorage, url: string): string | null {
	const probe = 'products/probe.webp'
	const base = storage.publicUrl(probe).slice(0, -probe.length)
	if (!url.startsWith(base)) return null
	const key = url.slice(base.length)
	return /^(products|categories)\/[a-z0-9._-]+$/.test(key) ? key : null
}

/** A file name safe to show and store: no folders, control characters or markup, at most 200 characters. */
export function displayFilename(name: string) {
	const base = name.split(/[\\/]/).pop() ?? ''
	// eslint-disable-next-line no-control-regex
	const clean = base.replace(/[\u0000-\u001f\u007f<>"]/g, '').trim()
	return (clean || 'imagine').slice(0, 200)
}

/**
 * Deletes stored catalogue pictures (and their narrower copies) by their public URLs, after the row
 * that used them is gone. Never throws: the row is already deleted; a file left behind is logged.
 */
export async function deleteCatalogImages(app: { storage: ObjectStorage; log: Logger }, urls: readonly string[]) {
	for (const url of urls) {
		const key = keyFromPublicUrl(app.storage, url)
		if (key) await deleteImage(app.storage, key).catch((error: unknown) => app.log.warn({ err: error, key }, 'catalogue image not deleted'))
	}
}

/** The body of a refused admin upload: the spec's toast title and message ('Fișier invalid', 'Fișier prea mare'). */
export function uploadRefusalBody(error: AdminUploadError, filename: string, fallback: string) {
	const name = filename || 'Fișierul'
	if (error.reason === 'too-large')
		return { error: error.reason, title: adminT('messages.fileTooLarge'), message: adminT('messages.fileTooLargeText', { name }) }
	if (error.reason === 'invalid') return { error: error.reason, title: adminT('messages.invalidFile'), message: adminT('messages.invalidFileText', { name }) }
	return { error: error.reason, title: adminT('common.error'), message: fallback }
}

/**
 * The admin upload endpoints' one shape: POST only (405 otherwise), one multipart file read within
 * the limit, `store` answering 201 with its result, or 4xx with the refusal's toast texts.
 */
export async function answerUpload<Result extends Record<string, unknown>>(request: Request, fallback: string, store: (file: ReceivedFile) => Promise<Result>) {
	if (request.method !== 'POST') return data({ error: 'method' }, { status: 405, headers: { Allow: 'POST' } })
	let filename = ''
	try {
		const file = await readUploadedFile(request)
		filename = file.filename
		return data(await store(file), { status: 201, headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (!(error instanceof AdminUploadError)) throw error
		return data(uploadRefusalBody(error, filename, fallback), { status: error.status })
	}
}
