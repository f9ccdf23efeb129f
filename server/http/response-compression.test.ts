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

let server: http.Server
let url: string

beforeAll(async () => {
	const app = express()
	app.use(responseCompression())
	app.get('/page', (_req, res) => void res.type('html').send(PAGE))
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

function getRaw(acceptEncoding: string): Promise<{ encoding: string | undefined; raw: Buffer }> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => resolve({ encoding: response.headers['content-encoding'], raw: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
}

describe('live response compression', () => {
	it('answers brotli at its live quality to a browser that takes it, the bytes the page would give at that quality', async () => {
		const { encoding, raw } = await getRaw('gzip, deflate, br')
		expect(encoding).toBe('br')
		expect(zlib.brotliDecompressSync(raw).toString()).toBe(PAGE)
		const atQuality = (quality: number) => zlib.brotliCompressSync(PAGE, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length
		expect(raw.length).toBe(atQuality(LIVE_BROTLI_QUALITY))
		expect(atQuality(LIVE_BROTLI_QUALITY)).not.toBe(atQuality(4))
	})

	it('answers gzip at its live level to a browser without brotli', async () => {
		const { encoding, raw } = await getRaw('gzip')
		expect(encoding).toBe('gzip')
		expect(zlib.gunzipSync(raw).toString()).toBe(PAGE)
		expect(raw.length).toBe(zlib.gzipSync(PAGE, { level: LIVE_GZIP_LEVEL }).length)
		expect(zlib.gzipSync(PAGE, { level: LIVE_GZIP_LEVEL }).length).not.toBe(zlib.gzipSync(PAGE).length)
	})
})
