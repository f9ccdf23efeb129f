import { describe, expect, it, vi } from 'vitest'
import {
	branchMatchesOf,
	MAX_BRANCH_MATCHES,
	MAX_PARTIAL_MANIFESTS,
	partialManifestJsonOf,
	serverRoutesOf,
	staticDataRoutesOf,
} from './render-once-per-build.ts'

/** A build's manifest with routes root, product, catalog and r0…r(n-1), as React Router's build has it. */
function build(routes = 0) {
	const ids = ['root', 'product', 'catalog', ...Array.from({ length: routes }, (_, i) => `r${i}`)]
	return { version: 'abc', url: '/assets/manifest.js', routes: Object.fromEntries(ids.map((id) => [id, { id }])) as Record<string, unknown> }
}

/** What getPartialManifest returns: the manifest with only these routes (the same entry objects). */
function partialOf(manifest: ReturnType<typeof build>, ...ids: string[]) {
	return { ...manifest, routes: Object.fromEntries(ids.map((id) => [id, manifest.routes[id]])) as Record<string, unknown> }
}

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

	it("keeps the JSON of a partial manifest by the routes React Router's getPartialManifest put in it", () => {
		const manifest = build()
		let printed = 0
		const json = (partial: ReturnType<typeof partialOf> & { sri?: true }) =>
			partialManifestJsonOf(manifest, partial, (value) => `${Object.keys(value.routes).join(',')}#${++printed}`)
		expect(json(partialOf(manifest, 'root', 'product'))).toBe('root,product#1')
		// Another product page: the same routes, the same JSON.
		expect(json(partialOf(manifest, 'root', 'product'))).toBe('root,product#1')
		expect(json(partialOf(manifest, 'root', 'catalog'))).toBe('root,catalog#2')
		// A value React Router sets itself (sri: true when the build has integrity hashes) is part of the key.
		expect(json({ ...partialOf(manifest, 'root', 'product'), sri: true })).toBe('root,product#3')
		expect(json({ ...partialOf(manifest, 'root', 'product'), sri: true })).toBe('root,product#3')
		// Another build: printed again.
		expect(partialManifestJsonOf(build(), partialOf(manifest, 'root', 'product'), () => 'other build')).toBe('other build')
	})

	it('prints, and keeps nothing, when the partial manifest holds anything but the build manifest’s own entries', () => {
		const manifest = build()
		const print = vi.fn(() => 'printed')
		const changedRoute = { ...partialOf(manifest, 'root'), routes: { root: { id: 'root', copied: true } } }
		const newObject = { ...partialOf(manifest, 'root'), extra: { per: 'request' } }
		for (const partial of [changedRoute, changedRoute, newObject, newObject]) expect(partialManifestJsonOf(manifest, partial, print)).toBe('printed')
		expect(print).toHaveBeenCalledTimes(4)
	})

	it('forgets the partial manifests when there have been too many different ones', () => {
		const manifest = build(MAX_PARTIAL_MANIFESTS + 1)
		for (let i = 0; i < MAX_PARTIAL_MANIFESTS; i++) partialManifestJsonOf(manifest, partialOf(manifest, `r${i}`), () => `${i}`)
		expect(partialManifestJsonOf(manifest, partialOf(manifest, 'r0'), () => 'again')).toBe('0')
		partialManifestJsonOf(manifest, partialOf(manifest, `r${MAX_PARTIAL_MANIFESTS}`), () => 'new')
		expect(partialManifestJsonOf(manifest, partialOf(manifest, 'r0'), () => 'again')).toBe('again')
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
