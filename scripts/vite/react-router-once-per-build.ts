import path from 'node:path'
import type { Plugin } from 'vite'

/** A rewrite of one call in React Router's production build. */
type Patch = { name: string; find: RegExp; replace: string }

const HELPERS = path.resolve(import.meta.dirname, '../../server/http/render-once-per-build.ts')

/**
 * React Router's server render redoes, for every page, work that depends only on the build (ADR 0145):
 * `<ServerRouter>` turns the whole manifest into route objects, `createStaticRouter` copies them
 * into data routes, `<Scripts>` pretty-prints the page's partial manifest, and the route matcher tries
 * the ranked branches for the same paths again and again. These patches keep each result per build
 * (server/http/render-once-per-build.ts); docs/react-router-patches.md proposes each upstream.
 *
 * They are optional (ADR 0180). Each applies only where it matches React Router's code exactly once;
 * one that no longer does is left out with a warning, and that call runs as React Router ships it:
 * the same pages, rendered more slowly. An upgrade, a security fix above all, never waits for them.
 */
export const PATCHES: Patch[] = [
	{
		name: 'ServerRouter: createServerRoutes',
		find: /let routes = (createServerRoutes\(\s*manifest\.routes,\s*routeModules,\s*context\.future,\s*context\.isSpaMode\s*\));/,
		replace: 'let routes = __oncePerBuild.serverRoutesOf(manifest.routes, () => $1);',
	},
	{
		name: 'createStaticRouter: convertRoutesToDataRoutes',
		find: /(function createStaticRouter\(routes, context, opts = \{\}\) \{\s*)(let manifest = \{\};\s*let dataRoutes = convertRoutesToDataRoutes\(\s*routes,\s*mapRouteProperties,\s*void 0,\s*manifest\s*\);)/,
		replace: '$1let { manifest, dataRoutes } = __oncePerBuild.staticDataRoutesOf(routes, () => { $2 return { manifest, dataRoutes }; });',
	},
	{
		// React Router's own getPartialManifest still decides the page's manifest (its matches are cheap with the
		// last patch); only its pretty-printed JSON is kept, keyed by what that function returned.
		name: 'Scripts: partial manifest JSON',
		find: /JSON\.stringify\(\s*(getPartialManifest\(manifest, router\)),\s*null,\s*2\s*\)/,
		replace: '__oncePerBuild.partialManifestJsonOf(manifest, $1, (partial) => JSON.stringify(partial, null, 2))',
	},
	{
		name: 'matchRoutesImpl: ranked branches',
		find: /(let branches = precomputedBranches \?\? flattenAndRankRoutes\(routes\);)(\s*let matches = null;\s*let decoded = decodePath\(pathname\);\s*for \(let i = 0; matches == null && i < branches\.length; \+\+i\) \{\s*matches = matchRouteBranch\(\s*branches\[i\],\s*decoded,\s*allowPartial\s*\);\s*\}\s*return matches;)/,
		replace:
			'$1 let matchAll = () => {$2}; return precomputedBranches ? __oncePerBuild.branchMatchesOf(precomputedBranches, pathname, allowPartial, matchAll) : matchAll();',
	},
]

const PRODUCTION_BUILD = '/node_modules/react-router/dist/production/'

const IMPORT = `import * as __oncePerBuild from ${JSON.stringify(HELPERS)};\n`

/**
 * The patches that apply to one file of React Router's build, applied. A patch that matches more
 * than once is not applied (which call it should change is then unclear) and is reported as such.
 */
export function patchReactRouter(code: string): { code: string; applied: string[]; ambiguous: string[] } {
	const applied: string[] = []
	const ambiguous: string[] = []
	let patched = code
	for (const patch of PATCHES) {
		const matches = code.match(new RegExp(patch.find.source, 'g'))?.length ?? 0
		if (matches === 0) continue
		if (matches > 1) {
			ambiguous.push(patch.name)
			continue
		}
		patched = patched.replace(patch.find, patch.replace)
		applied.push(patch.name)
	}
	return { code: applied.length > 0 ? IMPORT + patched : code, applied, ambiguous }
}

/** The warning for patches that did not apply, or null when all did. */
export function unappliedPatchesWarning(applied: readonly string[]): string | null {
	const missing = PATCHES.filter((patch) => !applied.includes(patch.name)).map((patch) => patch.name)
	if (missing.length === 0) return null
	return (
		`React Router's code no longer matches ${missing.length === 1 ? 'a patch' : `${missing.length} patches`} of scripts/vite/react-router-once-per-build.ts ` +
		`(${missing.join('; ')}). The shop is built with React Router's own code there: it works the same, and renders pages more slowly. ` +
		'Adapt the patch to the new code, or drop it if React Router has taken it up (docs/react-router-patches.md).'
	)
}

/** The Vite plugin: patches React Router's production build in the server bundle, where it still matches. */
export function reactRouterOncePerBuild(): Plugin {
	let applied: string[] = []
	return {
		name: 'react-router-once-per-build',
		apply: 'build',
		buildStart() {
			applied = []
		},
		transform(code, id) {
			// By the path inside the package: Vite gives real paths, and a checkout may link its node_modules from elsewhere.
			if (this.environment.name !== 'ssr' || !id.split(path.sep).join('/').includes(PRODUCTION_BUILD)) return null
			const result = patchReactRouter(code)
			applied.push(...result.applied)
			for (const name of result.ambiguous) this.warn(`react-router-once-per-build: "${name}" matches more than once in ${path.basename(id)}; not applied`)
			return result.applied.length > 0 ? { code: result.code, map: null } : null
		},
		buildEnd(error) {
			if (error || this.environment.name !== 'ssr') return
			const warning = unappliedPatchesWarning(applied)
			if (warning) this.warn(`react-router-once-per-build: ${warning}`)
		},
	}
}
