import type { ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { sharedPageHandle, sharedPageUrl } from '#domain/http/shared-page.ts'
import { routeModules } from '#tests/support/route-modules.ts'
import { sharedPageRoutes } from './shared-page-routes.ts'

type Route = { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }

function buildWith(routes: Route[]): ServerBuild {
	return {
		basename: '/',
		routes: Object.fromEntries(routes.map(({ handle, ...route }) => [route.id, { ...route, module: { handle } }])),
	} as unknown as ServerBuild
}

describe('sharedPageRoutes', () => {
	const resolve = sharedPageRoutes(
		buildWith([
			{ id: 'root', path: '' },
			{ id: 'storefront', parentId: 'root', path: ':lang' },
			{ id: 'home', parentId: 'storefront', index: true, handle: sharedPageHandle() },
			{ id: 'catalog', parentId: 'storefront', path: 'catalog', handle: sharedPageHandle(['category', 'page']) },
			{ id: 'product', parentId: 'storefront', path: 'product/:key', handle: sharedPageHandle() },
			{ id: 'login', parentId: 'storefront', path: 'login' },
			{ id: 'sitemap', parentId: 'root', path: 'sitemap.xml', handle: sharedPageHandle() },
			{ id: 'sitemap-file', parentId: 'root', path: 'sitemaps/:file', handle: sharedPageHandle() },
			{ id: 'export', parentId: 'root', path: 'account/export' },
			{ id: 'not-found', parentId: 'root', path: '*' },
		]),
	)

	it('answers the parameters of the route React Router would render', () => {
		expect(resolve('/en')).toEqual([])
		expect(resolve('/ro/catalog')).toEqual(['category', 'page'])
		expect(resolve('/es/product/vanilla')).toEqual([])
		expect(resolve('/es/product/vanilla')).toEqual([])
	})

	it('answers for the sitemap index and its files, which have no language', () => {
		expect(resolve('/sitemap.xml')).toEqual([])
		expect(resolve('/sitemaps/products-2.xml')).toEqual([])
		expect(resolve('/sitemaps/products-2.xml.data')).toBeNull()
		expect(resolve('/account/export')).toBeNull()
	})

	it('leaves React Router’s own requests alone, though the language route would match them', () => {
		// A dropped `version` made every page reload as if the build had changed.
		expect(resolve('/__manifest')).toBeNull()
		expect(resolve('/en.data')).toBeNull()
		expect(resolve('/catalog')).toBeNull()
	})

	it('answers null for routes that declare no shared page, data requests and unknown paths', () => {
		expect(resolve('/en/login')).toBeNull()
		expect(resolve('/en/catalog.data')).toBeNull()
		expect(resolve('/no/such/page')).toBeNull()
	})

	it('copes with paths and queries no browser would send', () => {
		expect(resolve('/en/product/%E0%A4%A')).toEqual([])
		expect(sharedPageUrl('/catalog?category=%E0%A4%A&%%=1&page', ['category', 'page'])).toBe('/catalog?category=%EF%BF%BD%25A&page=')
	})
})

/**
 * `export const headers = sharedPageHeaders`, or a `headers` function that calls it (not the import),
 * or a resource route answering a sitemap document, which carries the marker itself.
 */
const USES_SHARED_HEADERS = /sharedPageHeaders(\(|\n)|sitemapResponse\(/

describe('storefront routes', () => {
	it('declare the query parameters they read exactly when their page may be shared', () => {
		const undeclared = routeModules()
			.filter((module) => USES_SHARED_HEADERS.test(module.source) !== /export const handle = sharedPageHandle\(/.test(module.source))
			.map((module) => module.file)
		expect(undeclared).toEqual([])
		expect(routeModules().filter((module) => module.source.includes('sharedPageHandle(')).length).toBeGreaterThan(8)
	})
})
