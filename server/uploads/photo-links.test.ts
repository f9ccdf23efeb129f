import { describe, expect, it } from 'vitest'
import { checkPhotoLink, photoLink } from './photo-links.ts'

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars'
const ID = '0b6f3c2e-8a1d-4e2f-9c3b-5d7e1f2a3b4c'
const NOW = Date.UTC(2026, 10, 28, 12)
const query = (link: string) => new URL(link, 'http://shop.test').searchParams

describe('portrait photo links', () => {
	it('grants the variant it was made for until it expires', () => {
		const link = photoLink(SECRET, ID, { variant: 'original', seconds: 600, now: NOW })
		expect(link).toMatch(new RegExp(`^/api/uploads/portrait/${ID}\\?variant=original&expires=\\d+&sig=[\\w-]{43}$`))
		expect(checkPhotoLink(SECRET, ID, query(link), NOW)).toBe('original')
		expect(checkPhotoLink(SECRET, ID, query(link), NOW + 599_000)).toBe('original')
		expect(checkPhotoLink(SECRET, ID, query(link), NOW + 600_000)).toBeNull()
	})

	it('refuses another photo, another variant, a moved expiry, another secret and malformed values', () => {
		const link = query(photoLink(SECRET, ID, { seconds: 600, now: NOW }))
		const changed = (name: string, value: string) => {
			const copy = new URLSearchParams(link)
			copy.set(name, value)
			return copy
		}
		expect(checkPhotoLink(SECRET, ID.replace('0b6f', '1b6f'), link, NOW)).toBeNull()
		expect(checkPhotoLink(SECRET, ID, changed('variant', 'original'), NOW)).toBeNull()
		expect(checkPhotoLink(SECRET, ID, changed('expires', String(Number(link.get('expires')) + 1)), NOW)).toBeNull()
		expect(checkPhotoLink(`${SECRET}!`, ID, link, NOW)).toBeNull()
		for (const [name, value] of [
			['sig', ''],
			['sig', 'x'.repeat(43)],
			['sig', 'é'.repeat(43)],
			['expires', 'soon'],
			['expires', '1e400'],
			['variant', 'thumbnail'],
		] as const) {
			expect(checkPhotoLink(SECRET, ID, changed(name, value), NOW), `${name}=${value}`).toBeNull()
		}
		expect(checkPhotoLink(SECRET, ID, new URLSearchParams(), NOW)).toBeNull()
	})
})
