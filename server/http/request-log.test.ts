import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestLog } from './request-log.ts'

type Line = {
	level: number
	msg: string
	req?: { id: string; method: string; url: string }
	res?: { statusCode: number }
	responseTime?: number
	err?: unknown
	note?: string
}

const servers: http.Server[] = []
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))))

/** A server whose handler runs behind the request log, and the lines the log wrote. */
async function serve(level: string, handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
	const lines: Line[] = []
	const log = pino({ level, base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) })
	const child = vi.spyOn(log, 'child')
	let next = 0
	const middleware = requestLog(log, {
		requestId: () => `req-${++next}`,
		ignore: (req) => req.url?.startsWith('/assets/') ?? false,
		level: (res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
	})
	const server = http.createServer((req, res) => middleware(req, res, () => handler(req, res)))
	servers.push(server)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return { url, lines, child }
}

async function settle(lines: Line[], count: number) {
	await vi.waitFor(() => expect(lines.length).toBe(count))
}

describe('requestLog', () => {
	it('writes one line per response with the request, its status and the time taken', async () => {
		const { url, lines } = await serve('info', (_req, res) => res.end('ok'))
		await (await fetch(`${url}/en/catalog?page=2`)).text()
		await settle(lines, 1)
		expect(lines[0]).toMatchObject({
			level: 30,
			msg: 'request completed',
			req: { id: 'req-1', method: 'GET', url: '/en/catalog?page=2' },
			res: { statusCode: 200 },
		})
		expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(0)
	})

	it('logs a 5xx as an error, and what the handler logs carries the request', async () => {
		const { url, lines } = await serve('info', (req, res) => {
			req.log.warn({ note: 'from the handler' }, 'something to say')
			res.statusCode = 502
			res.end()
		})
		await (await fetch(`${url}/api/checkout`, { method: 'POST' })).text()
		await settle(lines, 2)
		expect(lines[0]).toMatchObject({ level: 40, msg: 'something to say', note: 'from the handler', req: { id: 'req-1', method: 'POST', url: '/api/checkout' } })
		expect(lines[1]).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 502 }, err: { message: 'failed with status code 502' } })
	})

	it('makes no request logger when nothing logs (a level above the completion lines)', async () => {
		const { url, lines, child } = await serve('warn', (_req, res) => res.end('ok'))
		for (let i = 0; i < 3; i++) await (await fetch(`${url}/en`)).text()
		expect(lines).toEqual([])
		expect(child).not.toHaveBeenCalled()
	})

	it('leaves ignored requests out of the log, with an id all the same', async () => {
		const { url, lines } = await serve('info', (req, res) => res.end(req.id))
		expect(await (await fetch(`${url}/assets/app.js`)).text()).toBe('req-1')
		await (await fetch(`${url}/en`)).text()
		await settle(lines, 1)
		expect(lines[0]!.req).toMatchObject({ id: 'req-2', url: '/en' })
	})
})
