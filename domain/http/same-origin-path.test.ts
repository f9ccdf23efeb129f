import { describe, expect, it } from 'vitest'
import { sameOriginPath } from './same-origin-path.ts'

/** What a browser does with a Location value, as far as the host is concerned (WHATWG URL). */
const resolvedHost = (location: string) => new URL(location, 'https://shop.example/catalog').host

describe('sameOriginPath', () => {
	it.each([
		['/', '/'],
		['/account', '/account'],
		['/catalog?category=candle&page=2#top', '/catalog?category=candle&page=2#top'],
		['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
		['/%5Cevil.example', '/%5Cevil.example'],
		['/%09/evil.example', '/%09/evil.example'],
		['/a/../b', '/b'],
		['/produs/lumânare', '/produs/lum%C3%A2nare'],
		['/catalog?q=ceară', '/catalog?q=cear%C4%83'],
		['/catalog#ș', '/catalog#%C8%99'],
		['/日本', '/%E6%97%A5%E6%9C%AC'],
		['/a b', '/a%20b'],
	])('keeps the same-site path %j as %j', (raw, expected) => {
		expect(sameOriginPath(raw)).toBe(expected)
	})

	it.each([
		// Another host, directly or by scheme.
		'https://evil.example/',
		'http:evil.example',
		'HTTPS://evil.example',
		'javascript:alert(1)',
		'data:text/html,hi',
		'evil.example',
		'./account',
		'?x=1',
		// Scheme-relative, with the tricks browsers forgive.
		'//evil.example',
		'///evil.example',
		'/\\evil.example',
		'\\\\evil.example',
		'\\/evil.example',
		'/\\/evil.example',
		'/a\\..\\..\\/evil.example',
		// Control characters: browsers strip tab, CR and LF, so these become //evil.example.
		'/\t/evil.example',
		'/\n/evil.example',
		'/\r/evil.example',
		'/\r\nSet-Cookie: a=b',
		'/\u0000/evil.example',
		'/\u007f/evil.example',
		'/\u0085/evil.example',
		'\t//evil.example',
		// Dot segments that collapse into //host.
		'/.//evil.example',
		'/a/..//evil.example',
		'/%2e//evil.example',
		// Not a string, empty, absurdly long.
		'',
		'/' + 'a'.repeat(2100),
	])('refuses %j', (raw) => {
		expect(sameOriginPath(raw)).toBe('/')
		expect(sameOriginPath(raw, '/account')).toBe('/account')
	})

	it('refuses values that are not strings', () => {
		for (const value of [null, undefined, 42, ['/a'], { href: '/a' }]) expect(sameOriginPath(value)).toBe('/')
	})

	it('only ever answers a header-safe value that a browser resolves to this host', () => {
		const inputs = ['/ok', '/\t/evil.example', '/ă\u2028/x', '/\ud800', '/%0d%0a', '/catalog?x=\u00ff\u0100', '/.\\./evil', '/..//evil.example']
		for (const raw of inputs) {
			const target = sameOriginPath(raw)
			expect(() => new Headers({ Location: target }), JSON.stringify(raw)).not.toThrow()
			expect(target, JSON.stringify(raw)).toMatch(/^[\x21-\x7e]+$/)
			expect(resolvedHost(target), JSON.stringify(raw)).toBe('shop.example')
		}
	})
})
