import { describe, expect, it, vi } from 'vitest'
import {
	branchMatchesOf,
	MAX_BRANCH_MATCHES,
	MAX_PARTIAL_MANIFESTS,
	partialManifestJsonOf,
	serverRoutesOf,
	staticDataRoutesOf,
} from './render-once-per-build.ts'

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

	it("keeps a path's route matches per build and hands out a copy each time", () => {
		const branches = {}
		const shared = { lang: 'en' }
		const make = vi.fn(() => [
			{ params: shared, pathname: '/', route: { id: 'root' } },
			{ params: shared, pathname: '/en/catalog', route: { id: 'catalog' } },
		])
		const first = branchMatchesOf(branches, '/en/catalog', false, make)!
		const second = branchMatchesOf(branches, '/en/catalog', false, make)!
		expect(make).toHaveBeenCalledTimes(1)
		expect(second).toEqual(first)
		expect(second).not.toBe(first)
		// One params object for the whole match, as React Router makes it, and not the kept one.
		expect(second[0]!.params).toBe(second[1]!.params)
		second[0]!.params = { lang: 'changed' }
		expect(branchMatchesOf(branches, '/en/catalog', false, make)![0]!.params).toEqual({ lang: 'en' })
		expect(second[1]!.route).toBe(first[1]!.route)
		// A partial match, another path, another build: computed again. No match is kept too.
		branchMatchesOf(branches, '/en/catalog', true, make)
		branchMatchesOf(branches, '/en/about', false, make)
		branchMatchesOf({}, '/en/catalog', false, make)
		expect(make).toHaveBeenCalledTimes(4)
		const none = vi.fn(() => null)
		expect(branchMatchesOf(branches, '/nowhere', false, none)).toBeNull()
		expect(branchMatchesOf(branches, '/nowhere', false, none)).toBeNull()
		expect(none).toHaveBeenCalledTimes(1)
	})

	it('forgets the route matches when a visitor has asked for too many different paths', () => {
		const branches = {}
		for (let i = 0; i < MAX_BRANCH_MATCHES; i++) branchMatchesOf(branches, `/x${i}`, false, () => [{ params: {}, id: i }])
		expect(branchMatchesOf(branches, '/x0', false, () => [{ params: {}, id: -1 }])).toEqual([{ params: {}, id: 0 }])
		branchMatchesOf(branches, '/new', false, () => null)
		expect(branchMatchesOf(branches, '/x0', false, () => [{ params: {}, id: -1 }])).toEqual([{ params: {}, id: -1 }])
	})
})
