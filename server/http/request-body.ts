import { data } from 'react-router'

/**
 * Reading request bodies in actions without trusting them. `request.formData()` throws a
 * TypeError on anything that is not a well-formed form (a JSON body, no Content-Type, broken
 * multipart framing), which would surface as a 500, and `formData()` and `json()` buffer bodies
 * of any size. These read at most a limit and turn a bad body into the 4xx it deserves.
 *
 * They also refuse text holding a NUL character: PostgreSQL cannot store it in a text column
 * (the insert fails, a 500), and no field of the shop has a use for it.
 */

/** No form of the shop comes near this (the longest field is the 5000-character contact message). */
export const FORM_BODY_MAX_BYTES = 1024 * 1024
/** The checkout (50 lines) and the admin editors post far less JSON than this. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024

/** A body the server will not read: 400 unreadable, 413 over the limit. */
export class RequestBodyError extends Error {
	override name = 'RequestBodyError'
	constructor(readonly status: 400 | 413) {
		super(status === 413 ? 'request body too large' : 'request body unreadable')
	}
}

/** The body's bytes, refusing (and no longer reading) a body longer than maxBytes. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
	const declared = Number(request.headers.get('content-length'))
	if (Number.isFinite(declared) && declared > maxBytes) throw new RequestBodyError(413)
	if (!request.body) return new Uint8Array(0)
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let length = 0
	for (;;) {
		let chunk: ReadableStreamReadResult<Uint8Array>
		try {
			chunk = await reader.read()
		} catch {
			throw new RequestBodyError(400)
		}
		if (chunk.done) break
		length += chunk.value.byteLength
		// Stop reading, but do not cancel: that would destroy the socket before the 413 is sent
		// (the rest is drained after the answer instead, see unread-body.ts).
		if (length > maxBytes) throw new RequestBodyError(413)
		chunks.push(chunk.value)
	}
	const bytes = new Uint8Array(length)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return bytes
}

/**
 * The submitted form (urlencoded or multipart). A body that is not a readable form is thrown as
 * a 400 response and one over the limit as a 413, which the error boundary shows like a 404.
 */
export async function readFormData(request: Request, maxBytes = FORM_BODY_MAX_BYTES): Promise<FormData> {
	let form: FormData
	try {
		const bytes = await readBodyBytes(request, maxBytes)
		const contentType = request.headers.get('content-type') ?? ''
		form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData()
	} catch (error) {
		throw data(null, { status: error instanceof RequestBodyError ? error.status : 400 })
	}
	for (const [name, value] of form) {
		if (hasNul(name) || (typeof value === 'string' && hasNul(value))) throw data(null, { status: 400 })
	}
	return form
}

/** The parsed JSON body; a RequestBodyError when it is over the limit, not JSON, or holds a NUL. */
export async function readJson(request: Request, maxBytes = JSON_BODY_MAX_BYTES): Promise<unknown> {
	const bytes = await readBodyBytes(request, maxBytes)
	let value: unknown
	try {
		value = JSON.parse(new TextDecoder().decode(bytes)) as unknown
	} catch {
		throw new RequestBodyError(400)
	}
	if (jsonHasNul(value)) throw new RequestBodyError(400)
	return value
}

const hasNul = (text: string) => text.includes('\u0000')

/** Whether any string (or key) in a parsed JSON value holds a NUL; iterative, as JSON may nest deeply. */
function jsonHasNul(root: unknown): boolean {
	const pending: unknown[] = [root]
	while (pending.length > 0) {
		const value = pending.pop()
		if (typeof value === 'string') {
			if (hasNul(value)) return true
		} else if (Array.isArray(value)) {
			for (const item of value) pending.push(item)
		} else if (value !== null && typeof value === 'object') {
			for (const [key, inner] of Object.entries(value)) {
				if (hasNul(key)) return true
				pending.push(inner)
			}
		}
	}
	return false
}
