import fs from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '#app/routes.ts'
import { PROJECT_ROOT } from './shop-process.ts'

export type RouteModule = {
	/** As app/routes.ts names it, e.g. `routes/account.tsx`. */
	file: string
	/** The URL pattern, e.g. `/admin/orders/:id`. */
	pattern: string
	source: string
}

function flatten(entries: RouteConfigEntry[], parent: string): RouteModule[] {
	return entries.flatMap((entry) => {
		const pattern = entry.path ? `${parent.replace(/\/$/, '')}/${entry.path}` : parent || '/'
		const source = fs.readFileSync(path.join(PROJECT_ROOT, 'app', entry.file), 'utf8')
		return [{ file: entry.file, pattern, source }, ...flatten(entry.children ?? [], pattern)]
	})
}

/** Every route module of app/routes.ts with the URL pattern it serves, nested routes included. */
export function routeModules(): RouteModule[] {
	return flatten(routes, '')
}

/** Whether a module exports an action (the code that runs for POST, PUT, PATCH and DELETE). */
export function exportsAction(module: RouteModule) {
	return /^export\s+(async\s+)?function\s+action\b|^export\s+const\s+action\b|^export\s*\{[^}]*\baction\b[^}]*\}/m.test(module.source)
}
