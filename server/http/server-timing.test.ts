import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countRequestQuery, noteDatabaseHold, serverTiming, serverTimingHeader } from './server-timing.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('Server-Timing query counts', () => {
	let server: Server
	let url: string
	beforeAll(async () => {
		const app = express()
		app.use(serverTiming())
		// Queries spread over several awaits, like a loader's, and interleaved with other requests.
		app.get('/queries/:count', async (req, res) => {
			for (let i = 0; i < Number(req.params.count); i++) {
				await tick()
				countRequestQuery()
			}
			res.json({ ok: true })
		})
		// The embedded database's holds, as its lock reports them: the longest is the request's.
		app.get('/holds', async (_req, res) => {
			for (const ms of [4, 12.34, 7]) {
				await tick()
				noteDatabaseHold(ms)
			}
			res.json({ ok: true })
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterAll(() => new Promise((resolve) => server.close(resolve)))

	it('counts each request on its own, even when requests overlap', async () => {
		const responses = await Promise.all([0, 1, 3, 5].map((count) => fetch(`${url}/queries/${count}`)))
		const headers = responses.map((response) => response.headers.get('server-timing'))
		expect(headers.map((header) => /db;desc="(\d+) quer/.exec(header ?? '')?.[1])).toEqual(['0', '1', '3', '5'])
		for (const header of headers) expect(header).toMatch(/total;dur=\d+\.\d$/)
	})

	it('ignores queries made outside a request (background jobs)', () => {
		expect(() => countRequestQuery()).not.toThrow()
		expect(() => noteDatabaseHold(5)).not.toThrow()
	})

	it("names the request's longest database hold, and nothing when none was timed", async () => {
		const [held, counted] = await Promise.all([fetch(`${url}/holds`), fetch(`${url}/queries/2`)])
		expect(held.headers.get('server-timing')).toMatch(/hold;desc="longest database hold";dur=12\.3,/)
		expect(counted.headers.get('server-timing')).not.toContain('hold')
	})

	it('writes the standard header syntax', () => {
		expect(serverTimingHeader(1, 3.14159)).toBe('db;desc="1 query", total;dur=3.1')
		expect(serverTimingHeader(2, 10)).toBe('db;desc="2 queries", total;dur=10.0')
		expect(serverTimingHeader(2, 10, 4.56)).toBe('db;desc="2 queries", hold;desc="longest database hold";dur=4.6, total;dur=10.0')
	})
})
