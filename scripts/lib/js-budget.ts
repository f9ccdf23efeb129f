/**
 * Client JavaScript a storefront page loads, gzipped: the entry, the root route, the page's route
 * module with their static imports, the chunks those load later with import() (e.g. the toast
 * library after hydration), and the interface language chunk (the largest of en/ro/es).
 * Read from the React Router build manifest in build/client. `npm run js-budget` prints it,
 * tests/e2e/js-budget.spec.ts holds the budget and `npm run bench` reports it.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export const JS_BUDGET_BYTES = 160 * 1024

type ManifestEntry = { module: string; imports?: string[] }
type RouteEntry = ManifestEntry & { id: string; parentId?: string; hasDefaultExport?: boolean; path?: string; index?: boolean }
type Manifest = { entry: ManifestEntry; routes: Record<string, RouteEntry> }

export type PageBudget = { route: string; files: string[]; gzipBytes: number }
export type BudgetReport = { pages: PageBudget[]; largest: PageBudget; localeChunk: string; adminFiles: string[]; adminLeaks: string[] }

const ADMIN_ROUTE = /^routes\/admin/

function readManifest(clientDir: string): Manifest {
	const assets = path.join(clientDir, 'assets')
	const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name))
	if (!file) throw new Error(`no React Router manifest in ${assets}: run npm run build first`)
	const source = fs.readFileSync(path.join(assets, file), 'utf8')
	return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as Manifest
}

export function measureJsBudget(clientDir = path.resolve(import.meta.dirname, '../../build/client')): BudgetReport {
	const manifest = readManifest(clientDir)
	const sizes = new Map<string, number>()
	const gzip = (url: string) => {
		let size = sizes.get(url)
		if (size === undefined) {
			size = zlib.gzipSync(fs.readFileSync(path.join(clientDir, url))).length
			sizes.set(url, size)
		}
		return size
	}
	const filesOf = (entry: ManifestEntry) => [entry.module, ...(entry.imports ?? [])]
	const assets = fs.readdirSync(path.join(clientDir, 'assets'))
	const localeChunks = assets.filter((name) => /^(en|ro|es)-[\w-]+\.js$/.test(name)).map((name) => `/assets/${name}`)
	const localeChunk = localeChunks.sort((a, b) => gzip(b) - gzip(a))[0] ?? ''

	const isLocaleChunk = (file: string) => /^\/assets\/(en|ro|es)-[\w-]+\.js$/.test(file)
	/** Adds every chunk the given files import, statically or with import(), transitively. */
	const withImports = (files: Set<string>) => {
		const queue = [...files]
		while (queue.length > 0) {
			const source = fs.readFileSync(path.join(clientDir, queue.shift()!), 'utf8')
			for (const match of source.matchAll(/(?:from\s*|import\s*\(\s*|import\s*)["'`]\.\/([\w.-]+\.js)["'`]/g)) {
				const file = `/assets/${match[1]}`
				if (!files.has(file) && !isLocaleChunk(file)) {
					files.add(file)
					queue.push(file)
				}
			}
		}
		return files
	}

	const routes = Object.values(manifest.routes)
	const storefront = routes.filter((route) => route.id !== 'root' && route.hasDefaultExport !== false && !ADMIN_ROUTE.test(route.id))
	const chain = (route: RouteEntry): RouteEntry[] => (route.parentId ? [...chain(manifest.routes[route.parentId]!), route] : [route])
	const pages = storefront.map((route) => {
		const files = withImports(new Set<string>([...filesOf(manifest.entry), ...chain(route).flatMap(filesOf)]))
		if (localeChunk) files.add(localeChunk)
		return { route: route.id, files: [...files], gzipBytes: [...files].reduce((sum, file) => sum + gzip(file), 0) }
	})
	const storefrontFiles = new Set(pages.flatMap((page) => page.files))
	const adminFiles = [...new Set(routes.filter((route) => ADMIN_ROUTE.test(route.id)).flatMap(filesOf))].filter(
		(file) => !storefrontFiles.has(file) || /admin/i.test(file),
	)
	const adminLeaks = [...storefrontFiles].filter((file) => adminFiles.includes(file) || /admin/i.test(path.basename(file)))
	const largest = pages.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a))
	return { pages, largest, localeChunk, adminFiles, adminLeaks }
}
