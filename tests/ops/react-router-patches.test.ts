/**
 * React Router's patches are optional (ADR 0180): when a React Router release reformats a call a
 * patch looks for, the build warns, leaves that call as React Router ships it, and the shop works.
 * Here a copy of the checkout is built with a Vite configuration that first reformats one such call
 * in React Router's production build, as a new release might, then started and visited.
 */
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smokeTest } from '../../scripts/lib/smoke-test.ts'
import { copyCheckout } from '../support/checkout-copy.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'

const CONFIG = 'vite.reformatted-react-router.config.ts'
/** The shop's Vite configuration with one more plugin, run before the patches see React Router's code. */
const REFORMATTING_CONFIG = `import { defineConfig, type Plugin, type UserConfig } from 'vite'
import shopConfig from './vite.config.ts'

const reformat: Plugin = {
	name: 'reformatted-react-router',
	enforce: 'pre',
	transform(code, id) {
		if (!id.includes('/node_modules/react-router/dist/production/')) return null
		const changed = code.replace(/createServerRoutes\\(\\s*manifest\\.routes,/, 'createServerRoutes(/* reformatted upstream */ manifest.routes,')
		return changed === code ? null : { code: changed, map: null }
	},
}

export default defineConfig((env) => {
	const config = (shopConfig as (env: unknown) => UserConfig)(env)
	return { ...config, plugins: [reformat, ...(config.plugins ?? [])] }
})
`

let clone: Awaited<ReturnType<typeof copyCheckout>>
let shop: ShopProcess | undefined

beforeAll(async () => {
	clone = await copyCheckout()
	fs.writeFileSync(path.join(clone.root, CONFIG), REFORMATTING_CONFIG)
})
afterAll(async () => {
	await shop?.stop()
	await clone?.remove()
})

describe('a React Router release that no longer matches a patch', () => {
	it(
		'builds with a warning naming the patch, leaves that call alone, and gives a working shop',
		async () => {
			const build = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build', '--config', CONFIG], {
				cwd: clone.root,
				env: { ...process.env, NODE_ENV: 'production' },
				encoding: 'utf8',
			})
			const output = build.stdout + build.stderr
			expect(build.status, output).toBe(0)
			expect(output).toMatch(
				/React Router's code no longer matches a patch of scripts\/vite\/react-router-once-per-build\.ts \(ServerRouter: createServerRoutes\)/,
			)
			expect(output).toContain('it works the same, and renders pages more slowly')

			// That call runs as React Router ships it; the patches that still match are in.
			const serverBuild = path.join(clone.root, 'build/server')
			const server = fs
				.readdirSync(serverBuild, { recursive: true, encoding: 'utf8' })
				.filter((name) => name.endsWith('.js'))
				.map((name) => fs.readFileSync(path.join(serverBuild, name), 'utf8'))
				.join('\n')
			expect(server).toMatch(/let routes = createServerRoutes\(/)
			expect(server).not.toContain('serverRoutesOf(manifest.routes')
			expect(server).toContain('staticDataRoutesOf(routes, () =>')
			expect(server).toContain('partialManifestJsonOf(manifest, getPartialManifest(manifest, router)')
			expect(server).toContain('branchMatchesOf(precomputedBranches, pathname')

			shop = await startShop({ root: clone.root, env: { PAYMENTS_TEST_MODE: '1' } })
			expect(await smokeTest(shop.url)).toEqual([])
		},
		10 * 60_000,
	)
})
