import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSecurityShop, type SecurityShop } from '../support/security-shop.ts'

/**
 * Bodies far over a route's limit are refused with a 413 before they are read, and the rest of
 * the upload must not be left on the connection: a keep-alive client's next request would wait
 * behind it (found by the fuzz: every later request timed out), and the server would keep the
 * socket and its buffers until a timeout.
 */
let target: SecurityShop
beforeAll(async () => {
	target = await startSecurityShop()
})
afterAll(async () => {
	await target?.stop()
})

const MEGABYTE = 1024 * 1024

function oversized(path: string, body: () => BodyInit, headers: Record<string, string> = {}) {
	return { path, body, headers }
}

const CASES = [
	oversized('/en/contact', () => new URLSearchParams({ name: 'Ana', message: 'é'.repeat(2 * MEGABYTE) })),
	oversized('/en/login', () => {
		const form = new FormData()
		form.append('email', 'a'.repeat(3 * MEGABYTE))
		return form
	}),
	oversized('/api/checkout', () => JSON.stringify({ items: [], notes: 'x'.repeat(3 * MEGABYTE) }), { 'Content-Type': 'application/json' }),
	oversized('/api/webhooks/stripe', () => JSON.stringify({ padding: 'x'.repeat(3 * MEGABYTE) }), { 'Content-Type': 'application/json' }),
	oversized('/api/uploads/portrait', () => {
		const form = new FormData()
		form.append('photo', new Blob([new Uint8Array(12 * MEGABYTE)], { type: 'image/jpeg' }), 'huge.jpg')
		return form
	}),
]

describe('a body over the limit', () => {
	it.each(CASES.map((entry) => [entry.path, entry] as const))('%s: 413, and the next request on the connection is answered', async (path, entry) => {
		for (let round = 0; round < 2; round++) {
			const refused = await fetch(`${target.shop.url}${path}`, { method: 'POST', headers: { Origin: target.shop.url, ...entry.headers }, body: entry.body() })
			await refused.arrayBuffer()
			expect(refused.status).toBe(413)
			const next = await fetch(`${target.shop.url}/en/newsletter`, {
				method: 'POST',
				headers: { Origin: target.shop.url, 'Content-Type': 'application/x-www-form-urlencoded' },
				body: 'email=not-an-address',
				signal: AbortSignal.timeout(10_000),
			})
			expect(next.status).toBe(400)
			await next.arrayBuffer()
		}
	})
})
