import { describe, expect, it } from 'vitest'
import { readFormData, readJson, RequestBodyError } from './request-body.ts'

const post = (body: BodyInit | null, headers: Record<string, string> = {}) => new Request('http://shop.test/contact', { method: 'POST', body, headers })

/** The status of the response readFormData throws, or 'read' when it returned the form. */
async function formOutcome(request: Request) {
	try {
		await readFormData(request, 1024)
		return 'read'
	} catch (error) {
		// React Router's data() makes a DataWithResponseInit: thrown, its status is what the visitor gets.
		const thrown = error as { init?: ResponseInit; type?: string }
		if (thrown?.type === 'DataWithResponseInit') return thrown.init?.status
		throw error
	}
}

async function jsonOutcome(request: Request) {
	try {
		return { value: await readJson(request, 1024) }
	} catch (error) {
		if (error instanceof RequestBodyError) return { status: error.status }
		throw error
	}
}

/** A body streamed in pieces, without a Content-Length. */
function streamed(size: number) {
	const piece = new TextEncoder().encode('a'.repeat(256))
	let sent = 0
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			if (sent >= size) return controller.close()
			sent += piece.length
			controller.enqueue(piece)
		},
	})
}

describe('readFormData', () => {
	it('reads urlencoded and multipart forms', async () => {
		const form = await readFormData(post(new URLSearchParams({ name: 'Ana', message: 'Bună' })))
		expect(Object.fromEntries(form)).toEqual({ name: 'Ana', message: 'Bună' })
		const multipart = new FormData()
		multipart.append('name', 'Ana')
		expect(Object.fromEntries(await readFormData(post(multipart)))).toEqual({ name: 'Ana' })
	})

	it('answers 400 for a body that is not a form, instead of the TypeError formData() throws', async () => {
		expect(await formOutcome(post('{"name":"Ana"}', { 'Content-Type': 'application/json' }))).toBe(400)
		expect(await formOutcome(post(null))).toBe(400)
		expect(await formOutcome(post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', { 'Content-Type': 'multipart/form-data; boundary=x' }))).toBe(400)
	})

	it('answers 400 for a field holding a NUL, which PostgreSQL cannot store', async () => {
		expect(await formOutcome(post(new URLSearchParams({ name: 'A\u0000B' })))).toBe(400)
		expect(await formOutcome(post(new URLSearchParams({ 'na\u0000me': 'Ana' })))).toBe(400)
	})

	it('answers 413 past the limit, declared or streamed', async () => {
		expect(await formOutcome(post(`a=${'x'.repeat(2000)}`, { 'Content-Type': 'application/x-www-form-urlencoded' }))).toBe(413)
		const request = new Request('http://shop.test/contact', {
			method: 'POST',
			body: streamed(4096),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			duplex: 'half',
		} as RequestInit)
		expect(await formOutcome(request)).toBe(413)
	})
})

describe('readJson', () => {
	it('parses JSON, however deeply nested', async () => {
		expect(await jsonOutcome(post('{"items":[{"id":"a","quantity":1}]}'))).toEqual({ value: { items: [{ id: 'a', quantity: 1 }] } })
		const deep = '['.repeat(500) + ']'.repeat(500)
		expect((await jsonOutcome(post(deep))).value).toBeInstanceOf(Array)
	})

	it('refuses what is not JSON (400), holds a NUL anywhere (400) or is too large (413)', async () => {
		expect(await jsonOutcome(post('{"items":'))).toEqual({ status: 400 })
		expect(await jsonOutcome(post('{"a":[{"b":"x\\u0000"}]}'))).toEqual({ status: 400 })
		expect(await jsonOutcome(post('{"a\\u0000":1}'))).toEqual({ status: 400 })
		expect(await jsonOutcome(post(JSON.stringify({ text: 'x'.repeat(2000) })))).toEqual({ status: 413 })
	})
})
