import { describe, expect, it } from 'vitest'
import { CATALOG_QUERY_PARAMS, catalogCategoryHref, catalogHref, isCatalogKey } from './catalog.ts'
import { catalogQuerySchema, parseCatalogQuery } from './catalog-query.ts'

const parse = (query: string) => parseCatalogQuery(new URLSearchParams(query))

describe('catalog query', () => {
	it('reads category, subcategory and filter', () => {
		expect(parse('category=candle&subcategory=lumanari-in-borcan&filter=new')).toEqual({
			category: 'candle',
			subcategory: 'lumanari-in-borcan',
			filter: 'new',
			q: undefined,
			sort: 'newest',
			page: 1,
		})
		expect(parse('category=bestsellers')).toEqual({ category: 'bestsellers', subcategory: undefined, filter: undefined, q: undefined, sort: 'newest', page: 1 })
	})
	it('turns garbage into "not given" or a key that names nothing, never an error', () => {
		expect(parse('filter=drop%20table')).toEqual({ category: undefined, subcategory: undefined, filter: undefined, q: undefined, sort: 'newest', page: 1 })
		expect(parse('sort=%3Cscript%3E').sort).toBe('newest')
		expect(parse('category=%3Cscript%3E').category).toBe('-')
		expect(parse(`category=${'a'.repeat(5000)}`).category).toBe('-')
		expect(parse('category=&subcategory=').category).toBeUndefined()
	})
	it('reads the search (spaces collapsed, cut to 100 characters, blank is none) and the sort', () => {
		expect(parse('q=%20%20lum%C3%A2nare%20%20%20mare%20').q).toBe('lumânare mare')
		expect(parse('q=%20%20').q).toBeUndefined()
		expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(100)
		for (const sort of ['newest', 'price-asc', 'price-desc', 'bestsellers'] as const) expect(parse(`sort=${sort}`).sort).toBe(sort)
	})
	it('reads the page number; anything but a whole page number from 1 on is page 1', () => {
		expect(parse('page=3').page).toBe(3)
		for (const page of ['0', '-2', '1.5', 'abc', '', '1e9', '99999999999999999999']) expect(parse(`page=${page}`).page).toBe(1)
		expect(parse('page=2&page=7').page).toBe(2)
	})
	it('accepts slugs and ids only', () => {
		expect(isCatalogKey('portrait_cardboard')).toBe(true)
		expect(isCatalogKey('0b7c3a52-5f1e-4a8b-9a51-3f6f3a2b1c0d')).toBe(true)
		expect(isCatalogKey('../etc')).toBe(false)
	})
	it('builds catalog links in a stable order', () => {
		expect(catalogHref({})).toBe('/catalog')
		expect(catalogHref({ filter: 'new', category: 'candle' })).toBe('/catalog?category=candle&filter=new')
		expect(catalogHref({ category: 'candle', page: 2 })).toBe('/catalog?category=candle&page=2')
		expect(catalogHref({ page: 1 })).toBe('/catalog')
		expect(catalogHref({ q: 'lumânare mare', sort: 'price-asc', category: 'candle', page: 2 })).toBe(
			'/catalog?category=candle&q=lum%C3%A2nare+mare&sort=price-asc&page=2',
		)
		expect(catalogHref({ sort: 'newest' })).toBe('/catalog')
	})
})

describe('catalogue address of a category', () => {
	it('a tab by its slug, a subcategory under its parent tab', () => {
		expect(catalogCategoryHref('lumanari', null)).toBe('/catalog?category=lumanari')
		expect(catalogCategoryHref('lumanari-in-borcan', 'lumanari')).toBe('/catalog?category=lumanari&subcategory=lumanari-in-borcan')
	})
})

describe('catalogue query parameters', () => {
	it('the list the page cache keeps (no zod, it ships to the browser) is exactly what the schema reads', () => {
		expect([...CATALOG_QUERY_PARAMS].sort()).toEqual(Object.keys(catalogQuerySchema.shape).sort())
	})
})
