import { describe, expect, it } from 'vitest'
import { parseEnv } from '../config/env.ts'
import { checkoutVisitor } from './checkout-visitor.ts'
import { checkoutHolder } from './hold-limits.ts'

const app = { secret: 'visitor-test-secret', env: parseEnv({ PUBLIC_URL: 'https://shop.example' }) }
const post = (cookie?: string) => new Request('https://shop.example/api/checkout', { method: 'POST', headers: cookie ? { Cookie: cookie } : {} })
const pair = (setCookie: string) => setCookie.split(';')[0]!

describe('checkout visitor cookie', () => {
	it('gives a new visitor a random id in a signed, http-only cookie that both checkout entry points receive', async () => {
		const first = await checkoutVisitor(app, post())
		const second = await checkoutVisitor(app, post())
		expect(first.id).toMatch(/^[A-Za-z0-9_-]{32}$/)
		expect(first.id).not.toBe(second.id)
		expect(first.setCookie).toMatch(/^checkout_visitor=/)
		expect(first.setCookie).toMatch(/Path=\/(;|$)/)
		expect(first.setCookie).toMatch(/HttpOnly/)
		expect(first.setCookie).toMatch(/SameSite=Lax/)
		expect(first.setCookie).toMatch(/Secure/)
	})

	it('recognises the visitor it signed, and not a forged or foreign cookie', async () => {
		const first = await checkoutVisitor(app, post())
		expect((await checkoutVisitor(app, post(pair(first.setCookie)))).id).toBe(first.id)
		const forged = await checkoutVisitor(app, post(`checkout_visitor=${encodeURIComponent(btoa(JSON.stringify(first.id)))}`))
		expect(forged.id).not.toBe(first.id)
		const otherShop = await checkoutVisitor({ ...app, secret: 'another-secret' }, post(pair(first.setCookie)))
		expect(otherShop.id).not.toBe(first.id)
	})

	it('stores keyed hashes, never the raw cookie or address', () => {
		const holder = checkoutHolder(app.secret, { visitorId: 'v'.repeat(32), clientIp: '203.0.113.9' })
		expect(holder.visitor).not.toContain('v'.repeat(32))
		expect(holder.address).not.toContain('203.0.113.9')
		expect(checkoutHolder('another-secret', { visitorId: null, clientIp: '203.0.113.9' })).toEqual({
			visitor: null,
			address: expect.not.stringMatching(holder.address),
		})
	})
})
