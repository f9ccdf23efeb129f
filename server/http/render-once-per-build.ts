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
