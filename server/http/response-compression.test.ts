import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_BROTLI_QUALITY, LIVE_GZIP_LEVEL, responseCompression } from './response-compression.ts'

/** A page shaped like a catalogue grid: repeated markup with names and prices that differ. */
const PAGE = `<!DOCTYPE html><html><body><main>${Array.from(
	{ length: 200 },
	(_, i) =>
		`<article class="group relative flex flex-col rounded-2xl bg-white shadow-sm"><a href="/en/product/candle-${i}">Candle no. ${i * 7919}</a><p>${(i * 37) % 100},${i % 10}9 €</p></article>`,
).join('')}</main></body></html>`
const HUGE = PAGE.repeat(40)
const SECOND_PART = '<p id="second">after the data arrived</p></body></html>'

let server: http.Server
let origin: string
/** Resolved by the test when the streamed page's first part has reached it. */
let firstPartSeen: () => void = () => {}
/** Resolved by the server when a response ended with a callback has finished. */
let endCallbackCalled: () => void = () => {}

beforeAll(async () => {
	const app = express()
	app.use(responseCompression())
	app.get('/page', (_req, res) => void res.type('html').send(PAGE))
	app.get('/pieces', (_req, res) => {
		res.type('html')
		res.write(PAGE.slice(0, 5000))
		res.write(Buffer.from(PAGE.slice(5000)))
		res.end(() => endCallbackCalled())
	})
	app.get('/streamed', (_req, res) => {
		res.type('html')
		res.write(PAGE)
		// The rest comes only once the visitor has the first part: it must not wait in the compressor.
		new Promise<void>((resolve) => (firstPartSeen = resolve)).then(() => res.end(SECOND_PART))
	})
	app.get('/huge', (_req, res) => void res.type('html').send(HUGE))
	app.get('/small', (_req, res) => void res.type('html').send('<p>hello</p>'))
	app.get('/no-transform', (_req, res) => void res.set('Cache-Control', 'no-transform').type('html').send(PAGE))
	app.get('/image', (_req, res) => void res.type('png').send(Buffer.from(PAGE)))
	app.get('/json', (_req, res) => void res.json({ page: PAGE }))
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

type Raw = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer }

function request(path: string, acceptEncoding: string | null, options: { method?: string; onData?: (raw: Buffer) => void } = {}): Promise<Raw> {
	return new Promise((resolve, reject) => {
		const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }
		http
			.request(origin + path, { method: options.method ?? 'GET', headers }, (response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => {
					chunks.push(chunk)
					options.onData?.(Buffer.concat(chunks))
				})
				response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, raw: Buffer.concat(chunks) }))
			})
			.on('error', reject)
			.end()
	})
}

const brotliAt = (body: string, quality: number) =>
	zlib.brotliCompressSync(body, {
		params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) },
	})

describe('live response compression', () => {
	it('answers brotli at its live quality to a browser that takes it, with the length of what it sends', async () => {
		const { headers, raw } = await request('/page', 'gzip, deflate, br')
		expect(headers['content-encoding']).toBe('br')
		expect(headers.vary).toBe('Accept-Encoding')
		expect(Number(headers['content-length'])).toBe(raw.length)
		expect(zlib.brotliDecompressSync(raw).toString()).toBe(PAGE)
		expect(raw.equals(brotliAt(PAGE, LIVE_BROTLI_QUALITY))).toBe(true)
		expect(brotliAt(PAGE, LIVE_BROTLI_QUALITY).equals(brotliAt(PAGE, 4))).toBe(false)
	})

	it('answers gzip at its live level to a browser without brotli', async () => {
		const { headers, raw } = await request('/page', 'gzip')
		expect(headers['content-encoding']).toBe('gzip')
		expect(zlib.gunzipSync(raw).toString()).toBe(PAGE)
		expect(raw.length).toBe(zlib.gzipSync(PAGE, { level: LIVE_GZIP_LEVEL }).length)
		expect(zlib.gzipSync(PAGE, { level: LIVE_GZIP_LEVEL }).length).not.toBe(zlib.gzipSync(PAGE).length)
	})

	it('compresses a body written in several pieces within one turn as one, and calls the end callback', async () => {
		const called = new Promise<void>((resolve) => (endCallbackCalled = resolve))
		const { headers, raw } = await request('/pieces', 'br')
		await called
		expect(headers['content-encoding']).toBe('br')
		expect(Number(headers['content-length'])).toBe(raw.length)
		expect(zlib.brotliDecompressSync(raw).toString()).toBe(PAGE)
	})

	it('streams a page still being written when the turn ends, its first part reaching the browser before the rest is written', async () => {
		const decoder = zlib.createBrotliDecompress()
		let text = ''
		decoder.on('data', (chunk: Buffer) => {
			text += chunk.toString()
			if (text.includes('</main>')) firstPartSeen()
		})
		let fed = 0
		const { headers, raw } = await request('/streamed', 'gzip, deflate, br', {
			onData: (sofar) => {
				decoder.write(sofar.subarray(fed))
				fed = sofar.length
			},
		})
		expect(headers['content-encoding']).toBe('br')
		expect(headers['content-length']).toBeUndefined()
		expect(zlib.brotliDecompressSync(raw).toString()).toBe(PAGE + SECOND_PART)
	})

	it('streams a body too large to compress in one call through the library', async () => {
		const { headers, raw } = await request('/huge', 'gzip, deflate, br')
		expect(headers['content-encoding']).toBe('br')
		expect(headers['content-length']).toBeUndefined()
		expect(zlib.brotliDecompressSync(raw).toString()).toBe(HUGE)
	})

	it('compresses JSON, and leaves alone what the library leaves alone', async () => {
		expect((await request('/json', 'br')).headers['content-encoding']).toBe('br')
		for (const [path, accept] of [
			['/page', null],
			['/page', 'identity'],
			['/small', 'br'],
			['/no-transform', 'br'],
			['/image', 'br'],
		] as const) {
			const { headers, raw } = await request(path, accept)
			expect(headers['content-encoding'], `${path} with ${accept}`).toBeUndefined()
			expect(Number(headers['content-length'])).toBe(raw.length)
		}
		const head = await request('/page', 'br', { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect(head.raw.length).toBe(0)
	})

	it('answers deflate-only clients through the library', async () => {
		const { headers, raw } = await request('/page', 'deflate')
		expect(headers['content-encoding']).toBe('deflate')
		expect(zlib.inflateSync(raw).toString()).toBe(PAGE)
	})
})
