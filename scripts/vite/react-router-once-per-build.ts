import path from 'node:path'
import type { Plugin } from 'vite'

/** A rewrite of one call in React Router's production build. */
type Patch = { name: string; find: RegExp; replace: string }

const HELPERS = path.resolve(import.meta.dirname, '../../server/http/render-once-per-build.ts')

/**
 * React Router's server render redoes, for every page, work that depends only on the build (ADR 0145):
 * `<ServerRouter>` turns the whole manifest into route objects, `createStaticRouter` copies them into
 * data routes, and `<Scripts>` matches every parent path of the URL against the route table for the
 * page's partial manifest. These patches keep each result per build (server/http/render-once-per-build.ts).
 * Each must match React Router's code exactly once, or the build fails: an upgrade that changes
 * these lines is then looked at rather than silently losing the saving.
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
		name: 'Scripts: getPartialManifest',
		find: /JSON\.stringify\(\s*getPartialManifest\(manifest, router\),\s*null,\s*2\s*\)/,
		replace: '__oncePerBuild.partialManifestJsonOf(manifest, router.state, () => $&)',
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

/** The patches that apply to one file of React Router's build, applied; each must match once. */
export function patchReactRouter(code: string): { code: string; applied: string[] } {
	const applied: string[] = []
	let patched = code
	for (const patch of PATCHES) {
		const matches = code.match(new RegExp(patch.find.source, 'g'))?.length ?? 0
		if (matches === 0) continue
		if (matches > 1) throw new Error(`react-router-once-per-build: "${patch.name}" matches ${matches} times`)
		patched = patched.replace(patch.find, patch.replace)
		applied.push(patch.name)
	}
	return { code: applied.length > 0 ? IMPORT + patched : code, applied }
}

/** The Vite plugin: patches React Router's production build in the server bundle. */
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
			return result.applied.length > 0 ? { code: result.code, map: null } : null
		},
		buildEnd(error) {
			if (error || this.environment.name !== 'ssr') return
			const missing = PATCHES.filter((patch) => !applied.includes(patch.name)).map((patch) => patch.name)
			if (missing.length > 0) this.error(`react-router-once-per-build: React Router's code changed; not found: ${missing.join(', ')}`)
		},
	}
}
