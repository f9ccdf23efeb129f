import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PATCHES, patchReactRouter } from './react-router-once-per-build.ts'

const PRODUCTION = path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production')
// The server bundle's files: the React Server Components entry (index-react-server) is not one of them.
const files = fs.readdirSync(PRODUCTION).filter((name) => name.endsWith('.mjs') && !name.startsWith('index-react-server'))

describe('patchReactRouter', () => {
	it("applies every patch exactly once to the installed React Router's production build", () => {
		const applied = files.flatMap((name) => patchReactRouter(fs.readFileSync(path.join(PRODUCTION, name), 'utf8')).applied)
		expect(applied.sort()).toEqual(PATCHES.map((patch) => patch.name).sort())
	})

	it('routes each call through the per-build helpers and imports them', () => {
		const patched = files.map((name) => patchReactRouter(fs.readFileSync(path.join(PRODUCTION, name), 'utf8'))).filter((result) => result.applied.length > 0)
		const code = patched.map((result) => result.code).join('\n')
		expect(code).toContain('__oncePerBuild.serverRoutesOf(manifest.routes, () => createServerRoutes(')
		expect(code).toContain('__oncePerBuild.staticDataRoutesOf(routes, () => {')
		expect(code).toContain('__oncePerBuild.partialManifestJsonOf(manifest, router.state, () => JSON.stringify(')
		expect(code).toContain('return precomputedBranches ? __oncePerBuild.branchMatchesOf(precomputedBranches, pathname, allowPartial, matchAll) : matchAll();')
		for (const result of patched) expect(result.code).toMatch(/^import \* as __oncePerBuild from ".*render-once-per-build\.ts";/)
	})

	it('leaves a file without those calls alone, and refuses a call it finds twice', () => {
		expect(patchReactRouter('export const x = 1')).toEqual({ code: 'export const x = 1', applied: [] })
		const twice = 'JSON.stringify(getPartialManifest(manifest, router), null, 2); JSON.stringify(getPartialManifest(manifest, router), null, 2)'
		expect(() => patchReactRouter(twice)).toThrow(/matches 2 times/)
	})
})
