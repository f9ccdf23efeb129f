import { LRUCache } from 'lru-cache'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { LOCALES } from '#domain/enums.ts'
import { sharedPageParams } from '#domain/http/shared-page.ts'

type RouteNode = RouteObject & { id: string }

/** The crawlers' documents without a language that are the same for everyone: the sitemap index and its files (ADR 0250). */
const UNLOCALIZED_SHARED = /^\/sitemap\.xml$|^\/sitemaps\/[^/]+\.xml$/

/** `/en`, `/ro/catalog`, `/es/product/x`: a storefront page's path (not `/en.data`, not `/__manifest`). */
const LANGUAGE_PREFIX = new RegExp(`^/(?:${LOCALES.join('|')})(?:/|$)`)

/** The build's route manifest as the tree React Router matches against (the same ids, paths and nesting). */
function routeTree(build: ServerBuild): RouteNode[] {
	const children = new Map<string | undefined, RouteNode[]>()
	for (const route of Object.values(build.routes)) {
		if (!route) continue
		const node = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteNode
		const siblings = children.get(route.parentId) ?? []
		siblings.push(node)
		children.set(route.parentId, siblings)
	}
	const attach = (nodes: RouteNode[]): RouteNode[] =>
		nodes.map((node) => {
			const nested = children.get(node.id)
			return (nested && !node.index ? { ...node, children: attach(nested) } : node) as RouteNode
		})
	return attach(children.get(undefined) ?? [])
}

/**
 * For a request path, the query parameters the page's route declares in its `handle` (ADR 0121),
 * or null when the path is not a shared page (then nothing about the request is changed or cached).
 * The answer is React Router's own match on the build's routes, remembered per path.
 */
export function sharedPageRoutes(build: ServerBuild): (pathname: string) => readonly string[] | null {
	const tree = routeTree(build)
	const known = new LRUCache<string, { params: readonly string[] | null }>({ max: 5_000 })
	return (pathname) => {
		// Shared pages live under a language (ADR 0106). Anything else is left alone, above all React
		// Router's own `/__manifest` and `.data` requests, which the `:lang` route would otherwise match
		// (its version parameter dropped, every page would reload as if the build had changed).
		if (!LANGUAGE_PREFIX.test(pathname) && !UNLOCALIZED_SHARED.test(pathname)) return null
		let answer = known.get(pathname)
		if (!answer) {
			const leaf = matchRoutes(tree, pathname, build.basename)?.at(-1)?.route as RouteNode | undefined
			answer = { params: leaf ? sharedPageParams(build.routes[leaf.id]?.module.handle) : null }
			known.set(pathname, answer)
		}
		return answer.params
	}
}
