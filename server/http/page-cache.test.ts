import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import express, { type RequestHandler } from 'express'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { PageCache, pageCacheMiddleware } from './page-cache.ts'
import { responseCompression } from './response-compression.ts'
import { SHARED_PAGE_HEADER } from './shared-page.ts'

const INLINE_SCRIPT = 'window.__context = {"page":1};'
const pageHtml = (text: string, nonce: string) =>
	`<!DOCTYPE html><html><body><p>${text}</p><script nonce="${nonce}">${INLINE_SCRIPT}</script><script type="module" src="/assets/entry.js"></script></body></html>`

type Render = { status?: number; shared?: boolean; setCookie?: boolean; text?: string; chunked?: boolean; turns?: boolean; fail?: boolean; type?: string }

/** An app shaped like the shop's: stored pages first, then compression and a per-response nonce, then the capture and the "renderer". */
async function startApp(cache: PageCache | null, render: (url: string) => Render = () => ({})) {
	let renders = 0
	const logged: { req: { id: string; url: string }; cache: string }[] = []
	const app = express()
	const pages = pageCacheMiddleware(cache, {
		anonymous: (req) => !req.headers.cookie || req.headers.cookie === 'lang=ro',
		locale: (req) => (req.headers.cookie === 'lang=ro' ? 'ro' : 'en'),
		// The catalogue reads two parameters; /search is no shared page (its route declares none); every other page reads none.
		sharedPageParams: (pathname) => (pathname === '/catalog' ? ['category', 'page'] : pathname === '/search' ? null : []),
		requestId: (_req, res) => {
			res.setHeader('X-Request-Id', 'req-1')
			return 'req-1'
		},
		log: pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) }),
	})
	app.use(pages.serve)
	app.use(responseCompression())
	app.use((_req, res, next) => {
		res.locals.nonce = crypto.randomBytes(16).toString('base64')
		res.setHeader('Content-Security-Policy', `default-src 'self';script-src 'self' 'nonce-${res.locals.nonce}'`)
		res.setHeader('X-Content-Type-Options', 'nosniff')
		next()
	})
	app.use(pages.capture)
	const renderer: RequestHandler = (req, res) => {
		renders++
		const {
			status = 200,
			shared = true,
			setCookie = false,
			text = `page ${renders}`,
			chunked = true,
			turns = false,
			fail = false,
			type = 'html',
		} = render(req.originalUrl)
		res.status(status).type(type)
		if (shared) res.setHeader(SHARED_PAGE_HEADER, '1')
		if (setCookie) res.setHeader('Set-Cookie', 'toast=; Max-Age=0')
		if (fail) res.locals.keepOutOfPageCache = true
		const html = pageHtml(text, res.locals.nonce as string)
		if (!chunked) return res.end(html)
		if (turns) {
			// Over several turns of the event loop, as a page waiting on data streams.
			res.write(html.slice(0, 20))
			setImmediate(() => {
				res.write(html.slice(20, 60))
				setImmediate(() => res.end(html.slice(60)))
			})
			return
		}
		// Streamed in pieces, as React Router writes a page.
		res.write(html.slice(0, 20))
		res.write(Buffer.from(html.slice(20, 60)))
		res.end(html.slice(60))
	}
	app.use(renderer)
	const server = app.listen(0)
	await new Promise((resolve) => server.once('listening', resolve))
	servers.push(server)
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, renders: () => renders, logged }
}

const servers: http.Server[] = []
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }

/** Raw HTTP, so the test sees the encoding the server chose and decodes it itself. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
	return new Promise((resolve, reject) => {
		http
			.request(url, { method, headers }, (response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => {
					const raw = Buffer.concat(chunks)
					const encoding = response.headers['content-encoding']
					const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw
					if (method === 'GET' && response.statusCode === 200 && response.headers['content-length'] !== undefined)
						expect(Number(response.headers['content-length'])).toBe(raw.length)
					resolve({ status: response.statusCode!, headers: response.headers, body: body.toString('utf8') })
				})
			})
			.on('error', reject)
			.end()
	})
}

/** Stores happen after the response (compression runs on the thread pool): wait until one lands. */
async function stored(cache: PageCache, size = 1) {
	for (let i = 0; i < 200 && cache.size < size; i++) await new Promise((resolve) => setTimeout(resolve, 5))
	expect(cache.size).toBe(size)
}

function listeningCache() {
	const cache = new PageCache({ maxBytes: 1024 * 1024 })
	cache.listeningStarted()
	return cache
}

const scriptHash = `'sha256-${crypto.createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`

describe('page cache', () => {
	it('renders a shared page once, then serves it with the hashes of its inline scripts instead of a nonce', async () => {
		const cache = listeningCache()
		const app = await startApp(cache)
		const first = await get(`${app.url}/catalog`)
		expect(first).toMatchObject({ status: 200, body: expect.stringContaining('page 1') })
		expect(first.headers['x-cache']).toBe('MISS')
		expect(first.headers['content-security-policy']).toMatch(/'nonce-/)
		await stored(cache)

		const second = await get(`${app.url}/catalog`)
		expect(second.headers['x-cache']).toBe('HIT')
		expect(second.body).toBe(first.body)
		expect(second.headers['content-security-policy']).toBe(`default-src 'self';script-src 'self' ${scriptHash}`)
		expect(second.headers['x-content-type-options']).toBe('nosniff')
		expect(second.headers['content-type']).toBe('text/html; charset=utf-8')
		expect(app.renders()).toBe(1)
		// Answered before the request logger runs, a stored page still gets a request id and a log line.
		expect(second.headers['x-request-id']).toBe('req-1')
		expect(app.logged).toEqual([
			expect.objectContaining({ req: expect.objectContaining({ id: 'req-1', url: '/catalog' }), cache: 'hit', msg: 'request completed' }),
		])
		for (const answer of [first, second]) expect(answer.headers[SHARED_PAGE_HEADER.toLowerCase()]).toBeUndefined()
	})

	it('keeps a shared XML document (a sitemap) like a page, but no other kind of shared answer', async () => {
		const cache = listeningCache()
		const app = await startApp(cache, (url) => ({ type: url === '/sitemap.xml' ? 'application/xml' : 'json' }))
		expect((await get(`${app.url}/sitemap.xml`)).headers['x-cache']).toBe('MISS')
		await stored(cache)
		const again = await get(`${app.url}/sitemap.xml`)
		expect(again.headers).toMatchObject({ 'x-cache': 'HIT', 'content-type': 'application/xml' })
		await get(`${app.url}/data`)
		expect((await get(`${app.url}/data`)).headers['x-cache']).toBeUndefined()
		expect(app.renders()).toBe(3)
	})

	it('keeps the whole of a page written over several turns, which streams compressed', async () => {
		const cache = listeningCache()
		const app = await startApp(cache, () => ({ turns: true }))
		const first = await get(`${app.url}/catalog`, { 'accept-encoding': 'br' })
		expect(first.headers['content-encoding']).toBe('br')
		expect(first.headers['content-length']).toBeUndefined()
		expect(first.body).toContain('page 1')
		await stored(cache)
		const second = await get(`${app.url}/catalog`, { 'accept-encoding': 'br' })
		expect(second.headers['x-cache']).toBe('HIT')
		expect(second.body.replace(/nonce="[^"]*"/, '')).toBe(first.body.replace(/nonce="[^"]*"/, ''))
	})

	it('keeps one page per address and language', async () => {
		const cache = listeningCache()
		const app = await startApp(cache)
		await get(`${app.url}/catalog`)
		await get(`${app.url}/catalog?category=candle`)
		await get(`${app.url}/catalog`, { Cookie: 'lang=ro' })
		await stored(cache, 3)
		expect((await get(`${app.url}/catalog?category=candle`)).body).toContain('page 2')
		expect((await get(`${app.url}/catalog`, { Cookie: 'lang=ro' })).body).toContain('page 3')
		expect(app.renders()).toBe(3)
	})

	it('serves brotli, gzip or plain bytes as the browser accepts, and 304 for an unchanged page', async () => {
		const cache = listeningCache()
		const app = await startApp(cache)
		const rendered = await get(`${app.url}/`)
		await stored(cache)
		const brotli = await get(`${app.url}/`, { 'Accept-Encoding': 'gzip, deflate, br' })
		const gzipped = await get(`${app.url}/`, { 'Accept-Encoding': 'gzip' })
		const plain = await get(`${app.url}/`)
		expect([brotli.headers['content-encoding'], gzipped.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined])
		for (const answer of [brotli, gzipped, plain]) {
			expect(answer.body).toBe(rendered.body)
			expect(answer.headers.vary).toBe('Accept-Encoding')
		}
		const etag = plain.headers.etag!
		expect(etag).toMatch(/^W\/"[\w-]+"$/)
		expect(await get(`${app.url}/`, { 'If-None-Match': etag })).toMatchObject({ status: 304, body: '' })
		const head = await get(`${app.url}/`, {}, 'HEAD')
		expect(head).toMatchObject({ status: 200, body: '' })
		expect(head.headers['x-cache']).toBe('HIT')
		expect(app.renders()).toBe(1)
	})

	it('drops every page when something changes, and never stores a page whose render began before the change', async () => {
		const cache = listeningCache()
		let invalidateDuringRender = false
		const app = await startApp(cache, () => {
			if (invalidateDuringRender) cache.invalidate()
			return {}
		})
		await get(`${app.url}/product/a`)
		await stored(cache)
		cache.invalidate()
		expect(cache.size).toBe(0)
		expect((await get(`${app.url}/product/a`)).headers['x-cache']).toBe('MISS')
		await stored(cache)

		cache.invalidate()
		invalidateDuringRender = true
		await get(`${app.url}/product/a`)
		invalidateDuringRender = false
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(cache.size).toBe(0)
		expect((await get(`${app.url}/product/a`)).body).toContain('page 4')
	})

	it('neither serves nor stores while changes cannot be heard', async () => {
		const cache = new PageCache({ maxBytes: 1024 * 1024 })
		const app = await startApp(cache)
		await get(`${app.url}/`)
		await get(`${app.url}/`)
		expect(cache.size).toBe(0)
		cache.listeningStarted()
		await get(`${app.url}/`)
		await stored(cache)
		cache.listeningStopped()
		expect(cache.size).toBe(0)
		expect((await get(`${app.url}/`)).headers['x-cache']).toBeUndefined()
		expect(app.renders()).toBe(4)
	})

	it('keeps what is not a shared page out: other visitors, other answers, cookies being set, failed renders', async () => {
		const cache = listeningCache()
		const app = await startApp(cache, (url) => ({
			shared: !url.startsWith('/private'),
			status: url === '/missing' ? 404 : 200,
			setCookie: url === '/toast',
			fail: url === '/failed',
			chunked: url !== '/whole',
		}))
		for (const url of ['/private', '/missing', '/toast', '/failed']) {
			await get(`${app.url}${url}`)
			await get(`${app.url}${url}`)
		}
		await get(`${app.url}/catalog`, { Cookie: 'shop.session_token=abc' })
		await get(`${app.url}/catalog`, { Cookie: 'shop.session_token=abc' })
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(cache.size).toBe(0)
		expect(app.renders()).toBe(10)

		// A page written in one piece is kept as well.
		await get(`${app.url}/whole`)
		await stored(cache)
		expect((await get(`${app.url}/whole`)).headers['x-cache']).toBe('HIT')
	})

	it('keeps one entry per page whatever tracking, unknown or reordered parameters a link carries, and renders without them', async () => {
		const cache = listeningCache()
		const renderedUrls: string[] = []
		const app = await startApp(cache, (url) => {
			renderedUrls.push(url)
			return {}
		})
		const first = await get(`${app.url}/catalog?category=candle&page=2`)
		expect(first.headers['x-cache']).toBe('MISS')
		await stored(cache)
		const variants = [
			'/catalog?page=2&category=candle',
			'/catalog?fbclid=IwAR0abc&category=candle&page=2',
			'/catalog?utm_source=instagram&utm_medium=social&page=2&gclid=x1&category=candle&msclkid=m&ttclid=t&mc_eid=e',
			'/catalog?category=candle&unknown=1&page=2&_=123',
		]
		for (const url of variants) {
			const answer = await get(`${app.url}${url}`)
			expect(answer.headers['x-cache'], url).toBe('HIT')
			expect(answer.body).toBe(first.body)
		}
		expect(app.renders()).toBe(1)
		expect(cache.size).toBe(1)
		// A page that reads no parameter is one entry whatever is appended.
		await get(`${app.url}/about?fbclid=a`)
		await stored(cache, 2)
		expect((await get(`${app.url}/about?utm_campaign=b`)).headers['x-cache']).toBe('HIT')
		expect((await get(`${app.url}/about`)).headers['x-cache']).toBe('HIT')
		expect(app.renders()).toBe(2)
		// The render saw the page's own URL only, so nothing it builds from the URL can echo a tracking parameter.
		expect(renderedUrls).toEqual(['/catalog?category=candle&page=2', '/about'])
		// The log line keeps the address as asked.
		expect(app.logged.at(-2)).toMatchObject({ req: { url: '/about?utm_campaign=b' }, cache: 'hit' })
	})

	it('renders again when a parameter the page reads changes', async () => {
		const cache = listeningCache()
		const app = await startApp(cache)
		await get(`${app.url}/catalog?category=candle&fbclid=1`)
		await stored(cache)
		const other = await get(`${app.url}/catalog?category=gift&fbclid=1`)
		expect(other).toMatchObject({ body: expect.stringContaining('page 2') })
		expect(other.headers['x-cache']).toBe('MISS')
		await stored(cache, 2)
		expect((await get(`${app.url}/catalog?page=3&category=candle`)).body).toContain('page 3')
		expect((await get(`${app.url}/catalog?category=candle`)).body).toContain('page 1')
		expect(app.renders()).toBe(3)
	})

	it('leaves a page whose route declares no shared page alone: its whole URL reaches the render, and it is never kept', async () => {
		const cache = listeningCache()
		const renderedUrls: string[] = []
		const app = await startApp(cache, (url) => {
			renderedUrls.push(url)
			return {}
		})
		await get(`${app.url}/search?q=candle&utm_source=x`)
		await get(`${app.url}/search?q=candle&utm_source=x`)
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(cache.size).toBe(0)
		expect(renderedUrls).toEqual(['/search?q=candle&utm_source=x', '/search?q=candle&utm_source=x'])
	})

	it('never lets the marker out, also with the cache turned off', async () => {
		const app = await startApp(null)
		const answer = await get(`${app.url}/`)
		expect(answer.status).toBe(200)
		expect(answer.headers[SHARED_PAGE_HEADER.toLowerCase()]).toBeUndefined()
		expect(answer.headers['x-cache']).toBeUndefined()
	})
})
