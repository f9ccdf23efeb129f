import { describe, expect, it } from 'vitest'
import { sharedPageHandle, sharedPageParams, sharedPageUrl } from './shared-page.ts'

describe('sharedPageUrl', () => {
	it('keeps the declared parameters alone, sorted by name', () => {
		expect(sharedPageUrl('/catalog?utm_source=x&page=2&fbclid=abc&category=candle', ['category', 'page'])).toBe('/catalog?category=candle&page=2')
		expect(sharedPageUrl('/catalog?page=2&category=candle', ['category', 'page'])).toBe('/catalog?category=candle&page=2')
	})

	it('drops the question mark when nothing declared is left, and leaves a plain path alone', () => {
		expect(sharedPageUrl('/about?gclid=1&utm_medium=cpc', [])).toBe('/about')
		expect(sharedPageUrl('/catalog?fbclid=1', ['category'])).toBe('/catalog')
		expect(sharedPageUrl('/catalog?', ['category'])).toBe('/catalog')
		expect(sharedPageUrl('/product/a', [])).toBe('/product/a')
	})

	it('keeps a repeated parameter’s values in their order, and writes one encoding for equal values', () => {
		expect(sharedPageUrl('/catalog?page=3&category=a&page=2', ['category', 'page'])).toBe('/catalog?category=a&page=3&page=2')
		expect(sharedPageUrl('/catalog?category=a%20b', ['category'])).toBe(sharedPageUrl('/catalog?category=a+b', ['category']))
	})
})

describe('sharedPageParams', () => {
	it('reads a declared handle, and knows an undeclared one', () => {
		expect(sharedPageParams(sharedPageHandle(['size']))).toEqual(['size'])
		expect(sharedPageParams(sharedPageHandle())).toEqual([])
		expect(sharedPageParams(undefined)).toBeNull()
		expect(sharedPageParams({ other: true })).toBeNull()
	})
})
