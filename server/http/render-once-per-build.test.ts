import { describe, expect, it, vi } from 'vitest'
import { MAX_PARTIAL_MANIFESTS, partialManifestJsonOf, serverRoutesOf, staticDataRoutesOf } from './render-once-per-build.ts'

const state = (pathname: string, ...ids: string[]) => ({ location: { pathname }, matches: ids.map((id) => ({ route: { id } })) })

describe('render once per build', () => {
	it("keeps the routes made from a build's manifest, and makes them again for another build", () => {
		const make = vi.fn(() => [{ id: 'root' }])
		const manifest = {}
		const first = serverRoutesOf(manifest, make)
		expect(serverRoutesOf(manifest, make)).toBe(first)
		expect(serverRoutesOf({}, make)).not.toBe(first)
		expect(make).toHaveBeenCalledTimes(2)
		const routes = {}
		expect(staticDataRoutesOf(routes, () => 'data')).toBe(staticDataRoutesOf(routes, () => 'other'))
	})

	it("keeps a page's partial manifest per matched routes and parent paths, as React Router computes it", () => {
		const manifest = {}
		let made = 0
		const json = (pathname: string, ...ids: string[]) => partialManifestJsonOf(manifest, state(pathname, ...ids), () => `${pathname}#${++made}`)
		expect(json('/en/product/a', 'root', 'storefront', 'product')).toBe('/en/product/a#1')
		// Another product: same routes, same parents (/, /en, /en/product).
		expect(json('/en/product/b', 'root', 'storefront', 'product')).toBe('/en/product/a#1')
		// Other routes, or other parent paths, are another manifest.
		expect(json('/en/catalog', 'root', 'storefront', 'catalog')).toBe('/en/catalog#2')
		expect(json('/es/product/a', 'root', 'storefront', 'product')).toBe('/es/product/a#3')
		expect(json('/en/product/a/b', 'root', 'storefront', 'product')).toBe('/en/product/a/b#4')
		// React Router drops empty segments: a trailing slash has the same parents.
		expect(json('/en/product/a/', 'root', 'storefront', 'product')).toBe('/en/product/a#1')
	})

	it('forgets the partial manifests when a visitor has asked for too many different paths', () => {
		const manifest = {}
		for (let i = 0; i < MAX_PARTIAL_MANIFESTS; i++) partialManifestJsonOf(manifest, state(`/x${i}/y`, 'root'), () => `${i}`)
		expect(partialManifestJsonOf(manifest, state('/x0/y', 'root'), () => 'again')).toBe('0')
		partialManifestJsonOf(manifest, state('/new/y', 'root'), () => 'new')
		expect(partialManifestJsonOf(manifest, state('/x0/y', 'root'), () => 'again')).toBe('again')
	})
})
