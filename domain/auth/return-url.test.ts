import { describe, expect, it } from 'vitest'
import { loginUrl, safeReturnPath } from './return-url.ts'

describe('safeReturnPath', () => {
	it.each([
		['/account', '/account'],
		['/catalog?category=candle#top', '/catalog?category=candle#top'],
		['/admin/products/12', '/admin/products/12'],
		['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
	])('keeps the same-site path %s', (raw, expected) => {
		expect(safeReturnPath(raw)).toBe(expected)
	})

	it.each([
		'https://evil.example/',
		'http:evil.example',
		'//evil.example',
		'///evil.example',
		'/\\evil.example',
		'\\\\evil.example',
		'/\t/evil.example',
		'/\n/evil.example',
		'/.//evil.example',
		'/a/..//evil.example',
		'javascript:alert(1)',
		'data:text/html,hi',
		'evil.example',
		'',
		'/login?returnUrl=/account',
		'/logout',
		'/' + 'a'.repeat(2100),
	])('refuses %j and falls back to /', (raw) => {
		expect(safeReturnPath(raw)).toBe('/')
	})

	it('accepts null and undefined', () => {
		expect(safeReturnPath(null)).toBe('/')
		expect(safeReturnPath(undefined, '/account')).toBe('/account')
	})
})

describe('loginUrl', () => {
	it('carries the path back, encoded', () => {
		expect(loginUrl('/account?tab=orders')).toBe('/login?returnUrl=%2Faccount%3Ftab%3Dorders')
		expect(loginUrl('/')).toBe('/login')
		expect(loginUrl('//evil.example')).toBe('/login')
	})
})
