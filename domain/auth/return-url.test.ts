import { describe, expect, it } from 'vitest'
import { loginUrl, returnPath, safeReturnPath } from './return-url.ts'

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
		'/es/login?returnUrl=/es/account',
		'/ro/logout',
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
	it('carries the path back, encoded, to the login page in its language', () => {
		expect(loginUrl('/es/account?tab=orders', 'en')).toBe('/es/login?returnUrl=%2Fes%2Faccount%3Ftab%3Dorders')
		expect(loginUrl('/ro', 'en')).toBe('/ro/login')
		expect(loginUrl('/', 'es')).toBe('/es/login')
		expect(loginUrl('//evil.example', 'en')).toBe('/en/login')
	})
	it('sends a page without language (admin) to the login page in the visitor’s language', () => {
		expect(loginUrl('/admin/products', 'ro')).toBe('/ro/login?returnUrl=%2Fadmin%2Fproducts')
	})
})

describe('returnPath', () => {
	it('keeps a returnUrl’s language and gives an old one the login page’s', () => {
		expect(returnPath('/ro/account', 'es')).toBe('/ro/account')
		expect(returnPath('/account?x=1', 'es')).toBe('/es/account?x=1')
		expect(returnPath('/admin', 'es')).toBe('/admin')
		expect(returnPath('https://evil.example/', 'es')).toBe('/es')
		expect(returnPath(null, 'ro')).toBe('/ro')
	})
})
