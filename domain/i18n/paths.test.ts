import { describe, expect, it } from 'vitest'
import { isStorefrontPath, localeFromPath, localizedPath, localizedPaths, stripLocale } from './paths.ts'

describe('language in the URL (ADR 0106)', () => {
	it('reads the language from the first segment, also on React Router data requests', () => {
		expect(localeFromPath('/es/catalog')).toBe('es')
		expect(localeFromPath('/ro')).toBe('ro')
		expect(localeFromPath('/en.data')).toBe('en')
		expect(localeFromPath('/en?x=1')).toBe('en')
		expect(localeFromPath('/catalog')).toBeNull()
		expect(localeFromPath('/de/catalog')).toBeNull()
		expect(localeFromPath('/')).toBeNull()
		expect(localeFromPath('/english')).toBeNull()
	})

	it('strips the language and keeps the query', () => {
		expect(stripLocale('/es/catalog?category=candle')).toBe('/catalog?category=candle')
		expect(stripLocale('/es')).toBe('/')
		expect(stripLocale('/es?x=1')).toBe('/?x=1')
		expect(stripLocale('/catalog')).toBe('/catalog')
		expect(stripLocale('/admin/products')).toBe('/admin/products')
	})

	it('knows the storefront pages from the endpoints', () => {
		for (const path of ['/', '/catalog', '/product/x', '/newsletter/unsubscribe?token=a', '/test-payment/abc', '/account', '/reset-password?token=t'])
			expect(isStorefrontPath(path), path).toBe(true)
		for (const path of [
			'/admin',
			'/api/checkout',
			'/sitemap.xml',
			'/robots.txt',
			'/account/export',
			'/account/invoices/LC-2026-000001.pdf',
			'/language',
			'/logout',
			'/healthz',
			'catalog',
		])
			expect(isStorefrontPath(path), path).toBe(false)
	})

	it('puts storefront paths in a language and leaves everything else alone', () => {
		expect(localizedPath('es', '/')).toBe('/es')
		expect(localizedPath('es', '/?x=1')).toBe('/es?x=1')
		expect(localizedPath('ro', '/catalog?category=candle&page=2')).toBe('/ro/catalog?category=candle&page=2')
		expect(localizedPath('en', '/es/product/lumanare')).toBe('/en/product/lumanare')
		expect(localizedPath('en', '/es')).toBe('/en')
		expect(localizedPath('es', '/admin/products')).toBe('/admin/products')
		expect(localizedPath('es', '/account/export')).toBe('/account/export')
		expect(localizedPath('es', '/account/invoices/LC-2026-000001.pdf')).toBe('/account/invoices/LC-2026-000001.pdf')
		expect(localizedPath('es', '/faq#shipping')).toBe('/es/faq#shipping')
	})

	it('gives the same page in every language', () => {
		expect(localizedPaths('/faq')).toEqual({ en: '/en/faq', ro: '/ro/faq', es: '/es/faq' })
	})
})
