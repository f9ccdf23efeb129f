import { describe, expect, it } from 'vitest'
import { pageUrl } from './guards.ts'

describe('pageUrl', () => {
	it('turns a single-fetch data request back into the page it loads', () => {
		const url = (href: string) => {
			const page = pageUrl(new Request(href))
			return page.pathname + page.search
		}
		expect(url('http://shop.test/admin/products.data?_routes=routes%2Fadmin%2Fproducts')).toBe('/admin/products')
		expect(url('http://shop.test/admin/media.data?folder=hero')).toBe('/admin/media?folder=hero')
		expect(url('http://shop.test/_root.data')).toBe('/')
	})

	it('leaves page URLs alone', () => {
		expect(pageUrl(new Request('http://shop.test/admin/translations?tab=category')).href).toBe('http://shop.test/admin/translations?tab=category')
		expect(pageUrl(new Request('http://shop.test/uploads/a.data.webp')).pathname).toBe('/uploads/a.data.webp')
	})
})
