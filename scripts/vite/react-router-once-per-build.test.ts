import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PATCHES, patchReactRouter, unappliedPatchesWarning } from './react-router-once-per-build.ts'

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
		expect(code).toContain(
			'__oncePerBuild.partialManifestJsonOf(manifest, getPartialManifest(manifest, router), (partial) => JSON.stringify(partial, null, 2))',
		)
		expect(code).toContain('return precomputedBranches ? __oncePerBuild.branchMatchesOf(precomputedBranches, pathname, allowPartial, matchAll) : matchAll();')
		for (const result of patched) expect(result.code).toMatch(/^import \* as __oncePerBuild from ".*render-once-per-build\.ts";/)
	})

	it('leaves a file without those calls alone, and a call it finds twice too', () => {
		expect(patchReactRouter('export const x = 1')).toEqual({ code: 'export const x = 1', applied: [], ambiguous: [] })
		const twice = 'JSON.stringify(getPartialManifest(manifest, router), null, 2); JSON.stringify(getPartialManifest(manifest, router), null, 2)'
		expect(patchReactRouter(twice)).toEqual({ code: twice, applied: [], ambiguous: ['Scripts: partial manifest JSON'] })
	})

	it('warns, naming them, about patches React Router no longer matches; the others still apply', () => {
		// A release that reformats one call: that patch no longer matches.
		const call = 'JSON.stringify(\n        getPartialManifest(manifest, router),'
		const sources = files.map((name) => fs.readFileSync(path.join(PRODUCTION, name), 'utf8'))
		expect(sources.some((code) => code.includes(call))).toBe(true)
		const applied = sources.flatMap(
			(code) => patchReactRouter(code.replace(call, 'JSON.stringify(\n        /* reformatted */ getPartialManifest(manifest, router),')).applied,
		)
		expect(applied).not.toContain('Scripts: partial manifest JSON')
		expect(applied.length).toBe(PATCHES.length - 1)
		expect(unappliedPatchesWarning(applied)).toMatch(
			/^React Router's code no longer matches a patch of .*\(Scripts: partial manifest JSON\)\. The shop is built with React Router's own code there/,
		)
		expect(unappliedPatchesWarning(PATCHES.map((patch) => patch.name))).toBeNull()
	})
})
