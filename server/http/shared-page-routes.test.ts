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
			{ id: 'home', parentId: 'root', index: true, handle: sharedPageHandle() },
			{ id: 'catalog', parentId: 'root', path: 'catalog', handle: sharedPageHandle(['category', 'page']) },
			{ id: 'product', parentId: 'root', path: 'product/:key', handle: sharedPageHandle() },
			{ id: 'login', parentId: 'root', path: 'login' },
			{ id: 'not-found', parentId: 'root', path: '*' },
		]),
	)

	it('answers the parameters of the route React Router would render', () => {
		expect(resolve('/')).toEqual([])
		expect(resolve('/catalog')).toEqual(['category', 'page'])
		expect(resolve('/product/vanilla')).toEqual([])
		expect(resolve('/product/vanilla')).toEqual([])
	})

	it('answers null for routes that declare no shared page, data requests and unknown paths', () => {
		expect(resolve('/login')).toBeNull()
		expect(resolve('/catalog.data')).toBeNull()
		expect(resolve('/no/such/page')).toBeNull()
	})

	it('copes with paths and queries no browser would send', () => {
		expect(resolve('/product/%E0%A4%A')).toEqual([])
		expect(sharedPageUrl('/catalog?category=%E0%A4%A&%%=1&page', ['category', 'page'])).toBe('/catalog?category=%EF%BF%BD%25A&page=')
	})
})

describe('storefront routes', () => {
	it('declare the query parameters they read exactly when their page may be shared', () => {
		const undeclared = routeModules()
			.filter((module) => module.source.includes('export const headers = sharedPageHeaders') !== /export const handle = sharedPageHandle\(/.test(module.source))
			.map((module) => module.file)
		expect(undeclared).toEqual([])
		expect(routeModules().filter((module) => module.source.includes('sharedPageHandle(')).length).toBeGreaterThan(8)
	})
})
