import { describe, expect, it } from 'vitest'
import { isOrderPageKey, orderPageKey, orderPagePath } from './order-page.ts'

const ID = '0a1b2c3d-0000-4000-8000-000000000000'

describe('order page keys (ADR 0135)', () => {
	it('are a 43-character base64url HMAC of the order id under the secret, the same every time', () => {
		const key = orderPageKey('secret-a', ID)
		expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(orderPageKey('secret-a', ID)).toBe(key)
		expect(orderPageKey('secret-a', ID.toUpperCase())).toBe(key)
		expect(orderPageKey('secret-b', ID)).not.toBe(key)
		expect(orderPageKey('secret-a', '0a1b2c3d-0000-4000-8000-000000000001')).not.toBe(key)
	})

	it('are accepted only exactly: not changed, cut, padded, from another secret or missing', () => {
		const key = orderPageKey('secret-a', ID)
		expect(isOrderPageKey('secret-a', ID, key)).toBe(true)
		for (const wrong of [
			null,
			undefined,
			'',
			key.slice(1),
			`${key}A`,
			`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`,
			orderPageKey('secret-b', ID),
			`${key.slice(0, 42)}=`,
		]) {
			expect(isOrderPageKey('secret-a', ID, wrong), String(wrong)).toBe(false)
		}
	})

	it('the emailed path carries the key; the signed-in path does not', () => {
		expect(orderPagePath(ID)).toBe(`/order/${ID}`)
		expect(orderPagePath(ID, 'secret-a')).toBe(`/order/${ID}?key=${orderPageKey('secret-a', ID)}`)
	})
})
