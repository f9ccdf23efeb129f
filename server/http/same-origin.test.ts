import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sameOriginOnly } from './same-origin.ts'

let base: string
let close: () => void
beforeAll(async () => {
	const app = express()
	app.use(sameOriginOnly({ publicUrl: 'https://shop.example', exempt: ['/api/webhooks/'] }))
	app.all('/{*path}', (_req, res) => void res.send('ok'))
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	close = () => server.close()
})
afterAll(() => close())

const post = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { method: 'POST', headers }).then((r) => r.status)

describe('cross-site request refusal', () => {
	it('refuses a POST from another origin', async () => {
		expect(await post('/login', { Origin: 'https://evil.example' })).toBe(403)
		expect(await post('/login', { 'Sec-Fetch-Site': 'cross-site' })).toBe(403)
		expect(await post('/login', { Origin: 'null' })).toBe(403)
	})
	it('accepts the public origin, the request host, and non-browser clients', async () => {
		expect(await post('/login', { Origin: 'https://shop.example', 'Sec-Fetch-Site': 'same-origin' })).toBe(200)
		expect(await post('/login', { Origin: base })).toBe(200)
		expect(await post('/login', {})).toBe(200)
	})
	it('leaves reads and signed webhooks alone', async () => {
		expect((await fetch(`${base}/catalog`, { headers: { Origin: 'https://evil.example' } })).status).toBe(200)
		expect(await post('/api/webhooks/stripe', { Origin: 'https://evil.example' })).toBe(200)
	})
})
