/**
 * Would the newest React Router 7 release work here? (ADR 0181.) In a temporary copy of this
 * checkout, installs the newest 7.x of the four React Router packages from the registry, builds,
 * starts the shop and visits it (scripts/lib/smoke-test.ts), then reports, in a few lines, the
 * version tried, which of the render patches still apply, and whether the shop worked.
 *
 *   npm run react-router:check-upgrade [-- <version or range, default 7>]
 *
 * CI runs it after the main run and lets it fail: it reports what the next upgrade will meet, it
 * does not block this one. Exit status 0 when the shop built and worked (missing patches are
 * reported, not failures), 1 otherwise. This checkout is left as it is.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { copyCheckout } from './lib/checkout-copy.ts'
import { PROJECT_ROOT, startShop, type ShopProcess } from './lib/shop-process.ts'
import { smokeTest } from './lib/smoke-test.ts'
import { PATCHES } from './vite/react-router-once-per-build.ts'

const PACKAGES = ['react-router', '@react-router/dev', '@react-router/node', '@react-router/express']
const range = process.argv[2] ?? '7'

function say(line: string) {
	console.info(`react-router upgrade check: ${line}`)
}

function installedVersion(root: string) {
	return (JSON.parse(fs.readFileSync(path.join(root, 'node_modules/react-router/package.json'), 'utf8')) as { version: string }).version
}

function run(root: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
	const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
	return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` }
}

async function main(): Promise<boolean> {
	const current = installedVersion(PROJECT_ROOT)
	// Its own node_modules (hard links): the packages replaced below are removed from the copy first, so nothing here changes.
	const clone = await copyCheckout({ ownNodeModules: true })
	let shop: ShopProcess | undefined
	try {
		// The copied build is hard links too: gone before anything could write into its files.
		for (const folder of ['build', ...PACKAGES.map((name) => `node_modules/${name}`)])
			fs.rmSync(path.join(clone.root, folder), { recursive: true, force: true })
		// @react-router/dev is a development dependency: included whatever NODE_ENV says.
		const install = run(clone.root, 'npm', [
			'install',
			'--no-audit',
			'--no-fund',
			'--include=dev',
			'--save-exact',
			...PACKAGES.map((name) => `${name}@${range}`),
		])
		if (!install.ok) {
			say(`FAILED: could not install React Router ${range}:\n${install.output.slice(-3000)}`)
			return false
		}
		const version = installedVersion(clone.root)
		say(`trying React Router ${version} (this checkout has ${current})`)

		const build = run(clone.root, process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], { ...process.env, NODE_ENV: 'production' })
		if (!build.ok) {
			say(`FAILED: the build with React Router ${version} failed:\n${build.output.slice(-4000)}`)
			return false
		}
		const missing = PATCHES.filter((patch) => build.output.includes(patch.name)).map((patch) => patch.name)
		say(
			missing.length === 0
				? `all ${PATCHES.length} render patches still apply`
				: `${missing.length} of ${PATCHES.length} render patches no longer apply (${missing.join('; ')}): the shop works without them, slower; adapt or drop them (docs/react-router-patches.md)`,
		)

		shop = await startShop({ root: clone.root, env: { PAYMENTS_TEST_MODE: '1' } })
		const failures = await smokeTest(shop.url)
		if (failures.length > 0) {
			say(`FAILED: the shop built with React Router ${version} does not work: ${failures.join('; ')}\n${shop.output().slice(-3000)}`)
			return false
		}
		say(`React Router ${version}: builds, and the shop serves its pages`)
		return true
	} finally {
		await shop?.stop()
		await clone.remove()
	}
}

process.exitCode = (await main()) ? 0 : 1
