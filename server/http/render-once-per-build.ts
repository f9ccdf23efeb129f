/**
 * What React Router's server render recomputes on every request although it depends only on the
 * build (ADR 0145). `scripts/vite/react-router-once-per-build.ts` routes React Router's own calls
 * through these while it bundles the server; each keeps the result on an object of the build
 * (its manifest, its route list), so a new build in development starts afresh.
 */

const serverRoutes = new WeakMap<object, unknown>()
const staticDataRoutes = new WeakMap<object, unknown>()
const partialManifests = new WeakMap<object, Map<string, string>>()

/** Distinct pages' partial manifests kept per build: a visitor can ask for any number of unknown paths. */
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

/**
 * The JSON of `getPartialManifest(manifest, router)` in `<Scripts>`: the manifest entries of the
 * matched routes and of every route matching a parent path of the URL. It depends on exactly
 * those: the matched route ids and the parent paths, computed here as React Router computes them.
 */
export function partialManifestJsonOf(
	manifest: object,
	state: { location: { pathname: string }; matches: { route: { id: string } }[] },
	make: () => string,
): string {
	const parents = state.location.pathname.split('/').filter(Boolean)
	parents.pop()
	const key = `${state.matches.map((match) => match.route.id).join('\n')}\0${parents.join('/')}`
	let byPage = partialManifests.get(manifest)
	if (!byPage) partialManifests.set(manifest, (byPage = new Map()))
	let json = byPage.get(key)
	if (json === undefined) {
		if (byPage.size >= MAX_PARTIAL_MANIFESTS) byPage.clear()
		json = make()
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
