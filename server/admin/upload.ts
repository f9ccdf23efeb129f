import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { data } from 'react-router'
import { errorBody } from '#domain/forms/submission.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { ADMIN_IMAGE_MAX_BYTES } from '#domain/media.ts'
import { AdminUploadError } from '../media/admin-images.ts'

/*
 * The admin upload endpoints' HTTP side: reading one multipart file within the limit and answering
 * with the refusal's toast texts. Storing the picture is server/media/admin-images.ts.
 */

/** Multipart framing around the file (boundaries, headers, a few fields) may add this much. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

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

/** The body of a refused admin upload: the spec's toast title and message ('Fișier invalid', 'Fișier prea mare'). */
export function uploadRefusalBody(error: AdminUploadError, filename: string, fallback: string) {
	const name = filename || 'Fișierul'
	if (error.reason === 'too-large') return errorBody(error.reason, adminT('messages.fileTooLargeText', { name }), { title: adminT('messages.fileTooLarge') })
	if (error.reason === 'invalid') return errorBody(error.reason, adminT('messages.invalidFileText', { name }), { title: adminT('messages.invalidFile') })
	return errorBody(error.reason, fallback, { title: adminT('common.error') })
}

/**
 * The admin upload endpoints' one shape: POST only (405 otherwise), one multipart file read within
 * the limit, `store` answering 201 with its result, or 4xx with the refusal's toast texts.
 */
export async function answerUpload<Result extends Record<string, unknown>>(request: Request, fallback: string, store: (file: ReceivedFile) => Promise<Result>) {
	if (request.method !== 'POST')
		return data(errorBody('method', adminT('common.error'), { title: adminT('common.error') }), { status: 405, headers: { Allow: 'POST' } })
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
