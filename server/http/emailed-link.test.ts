import { describe, expect, it } from 'vitest'
import { linkToken, linkTokenOf, postedLinkToken } from './emailed-link.ts'

describe('an emailed link’s token', () => {
	it('is read from the link’s address and from the posted form, trimmed', async () => {
		expect(linkTokenOf('https://shop.test/ro/newsletter/confirm?token=%20abc%20', 10)).toBe('abc')
		const request = new Request('https://shop.test/ro/verify-email', { method: 'POST', body: new URLSearchParams({ token: 'xyz' }) })
		expect(await postedLinkToken(request, 10)).toBe('xyz')
	})

	it('reads as empty when missing, too long or not text', () => {
		expect(linkTokenOf('https://shop.test/ro/newsletter/confirm', 10)).toBe('')
		expect(linkToken('a'.repeat(11), 10)).toBe('')
		expect(linkToken(new File(['x'], 'token.txt'), 10)).toBe('')
		expect(linkToken(null, 10)).toBe('')
	})
})
