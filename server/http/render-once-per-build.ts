/**
 * What React Router's server render recomputes on every request although it depends only on the
 * build (ADR 0145). `scripts/vite/react-router-once-per-build.ts` routes React Router's own calls
 * through these while it bundles the server; each keeps the result on an object of the build
 * (its manifest, its route list), so a new build in development starts afresh.
 */

const serverRoutes = new WeakMap<object, unknown>()
const staticDataRoutes = new WeakMap<object, unknown>()
const partialManifests = new WeakMap<object, Map<string, string>>()

/** Distinct partial manifests kept per build: route sets are few, but this bounds them whatever React Router puts in. */
export const MAX_PARTIAL_MANIFESTS = 1000

function once<T>(cache: WeakMap<object, unknown>, key: object, make: () => T): T {
	if (cache.has(key)) return cache.get(key) as T
	const value = make()
	cache.set(key, value)
	return value
}

/** `createServerRoutes(manifest.routes, …)` in `<ServerRouter>`: route objects made from the build's manifest and modules. */
export function serverRoutesOf<T>(manifestRoutes: object, make: () => T): T {
	return once(serverRoutes, manifestRoutes, make)
}

/** `convertRoutesToDataRoutes` in `createStaticRouter`, for the same route list (the one above). */
export function staticDataRoutesOf<T>(routes: object, make: () => T): T {
	return once(staticDataRoutes, routes, make)
}

type Manifest = { routes: Record<string, unknown> } & Record<string, unknown>

/**
 * The pretty-printed JSON of the partial manifest `<Scripts>` inlines, which React Router's own
 * `getPartialManifest` has just made for the page: the build's manifest with only the routes this
 * page may need. Keyed by what that function returned, not by a copy of how it decides: its route
 * ids and any plain value it set itself (today `sri: true`), provided every route entry and every
 * other field is the build manifest's own (one comparison each). Anything else a future React
 * Router puts in is printed afresh, not kept.
 */
export function partialManifestJsonOf(manifest: Manifest, partial: Manifest, print: (partial: Manifest) => string): string {
	const ids = Object.keys(partial.routes)
	if (!ids.every((id) => partial.routes[id] === manifest.routes[id])) return print(partial)
	let key = ids.join('\n')
	for (const field of Object.keys(partial)) {
		const value = partial[field]
		if (field === 'routes' || value === manifest[field]) continue
		if (value !== null && typeof value === 'object') return print(partial)
		key += `\0${field}=${String(value)}`
	}
	let byPage = partialManifests.get(manifest)
	if (!byPage) partialManifests.set(manifest, (byPage = new Map()))
	let json = byPage.get(key)
	if (json === undefined) {
		if (byPage.size >= MAX_PARTIAL_MANIFESTS) byPage.clear()
		json = print(partial)
		byPage.set(key, json)
	}
	return json
}

type RouteMatch = { params: object }

const branchMatches = new WeakMap<object, Map<string, readonly RouteMatch[] | null>>()

/** Distinct paths' route matches kept per build, for the same reason as the partial manifests. */
export const MAX_BRANCH_MATCHES = 1000

/**
 * A fresh copy of kept matches: React Router hands matches on to the render, and its matches of
 * one URL share one params object, so the copy shares one new params object the same way.
 */
function copyMatches<T extends RouteMatch>(matches: readonly T[]): T[] {
	const params = new Map<object, object>()
	return matches.map((match) => {
		let copy = params.get(match.params)
		if (!copy) params.set(match.params, (copy = { ...match.params }))
		return { ...match, params: copy }
	})
}

/**
 * `matchRoutesImpl` with the build's ranked branches: React Router tries the path against each
 * branch in rank order, compiling nothing but allocating paths for every branch it passes, twice
 * per request (the request handler, then the static handler). The result depends only on the
 * branches, the path (after the basename) and whether a partial match counts.
 */
export function branchMatchesOf<T extends RouteMatch>(branches: object, pathname: string, allowPartial: boolean, make: () => T[] | null): T[] | null {
	let byPath = branchMatches.get(branches)
	if (!byPath) branchMatches.set(branches, (byPath = new Map()))
	const key = `${allowPartial ? 'partial' : 'whole'}\0${pathname}`
	let matches = byPath.get(key) as T[] | null | undefined
	if (matches === undefined) {
		if (byPath.size >= MAX_BRANCH_MATCHES) byPath.clear()
		matches = make()
		byPath.set(key, matches)
	}
	return matches && copyMatches(matches)
}
