/**
 * No container engine runs here, so the container files are held to the project by reading them
 * (ADR 0112): the image builds and starts with the scripts CI runs, checks /healthz, runs as a
 * non-root user, keeps its data in a volume. compose.yaml is held to its promises in compose.test.ts.
 */
import { execFileSync, execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { copyCheckout } from '../support/checkout-copy.ts'
import { dockerStages, readProjectFile, runtimeCommand } from '../support/container-files.ts'
import { ensureBuild, startShop, type ShopProcess } from '../support/shop-process.ts'

const read = readProjectFile
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> }

describe('Dockerfile', () => {
	const stages = dockerStages()
	const runtime = stages.at(-1)!
	const all = stages.flatMap((stage) => stage.instructions)

	it('is multi-stage and builds with the scripts CI runs', () => {
		expect(stages.length).toBeGreaterThanOrEqual(2)
		const runs = all.filter((i) => i.op === 'RUN').map((i) => i.args)
		expect(runs).toContain('npm install --no-audit --no-fund')
		expect(runs).toContain('npm run build')
		expect(packageJson.scripts.build).toMatch(/^react-router build/)
	})

	it("starts `npm start`'s script, the one CI and the README use, as node's own command under an init", () => {
		const { entrypoint, cmd } = runtimeCommand(stages)
		expect(packageJson.scripts.start).toBe('exec node scripts/start.mjs')
		// npm as process 1 would neither pass SIGTERM on reliably nor reap orphans: tini does both.
		expect(entrypoint).toEqual(['/usr/bin/tini', '--'])
		expect(all.some((i) => i.op === 'RUN' && /apt-get install .*\btini\b/.test(i.args))).toBe(true)
		expect(cmd).toEqual(['node', 'scripts/start.mjs'])
	})

	it('runs as a non-root user, keeps its data in a volume, and checks /healthz, which the shop answers', () => {
		const user = runtime.instructions.filter((i) => i.op === 'USER').at(-1)
		expect(user?.args).toBeDefined()
		expect(['root', '0']).not.toContain(user!.args.split(':')[0])
		const dataDir = runtime.instructions.find((i) => i.op === 'ENV' && /DATA_DIR=(\S+)/.test(i.args))!.args.match(/DATA_DIR=(\S+)/)![1]
		expect(JSON.parse(runtime.instructions.find((i) => i.op === 'VOLUME')!.args)).toContain(dataDir)
		const health = runtime.instructions.find((i) => i.op === 'HEALTHCHECK')!
		expect(health.args).toContain('/healthz')
		expect(read('server/http/create-app.ts')).toContain("HEALTH_PATH = '/healthz'")
	})
})

describe("the runtime image's production-only install", () => {
	// What the image's build stage runs after the build: the same command, read from the Dockerfile.
	const prune = dockerStages()
		.flatMap((stage) => stage.instructions)
		.find((i) => i.op === 'RUN' && i.args.startsWith('npm prune'))

	it(
		'drops the dev dependencies, keeps the lockfile, and `npm start` serves the shop without rebuilding',
		async () => {
			expect(prune?.args).toMatch(/--omit=dev/)
			ensureBuild()
			const clone = await copyCheckout({ ownNodeModules: true })
			let shop: ShopProcess | undefined
			try {
				const lockfile = fs.readFileSync(path.join(clone.root, 'package-lock.json'), 'utf8')
				execSync(prune!.args, { cwd: clone.root, stdio: 'pipe' })
				// The stamp covers the lockfile: a rewritten one would make `npm start` rebuild, with no build tools left.
				expect(fs.readFileSync(path.join(clone.root, 'package-lock.json'), 'utf8')).toBe(lockfile)
				for (const tool of ['@react-router/dev', 'vitest', '@playwright/test', 'typescript', 'eslint', 'lighthouse']) {
					expect(fs.existsSync(path.join(clone.root, 'node_modules', tool)), tool).toBe(false)
				}
				shop = await startShop({ root: clone.root, script: 'scripts/start.mjs', env: { PAYMENTS_TEST_MODE: '1', LOG_LEVEL: 'info' } })
				expect(shop.output()).not.toContain('Building the shop')
				for (const page of ['/en', '/en/catalog', '/ro/contact']) expect((await fetch(`${shop.url}${page}`)).status, page).toBe(200)
				// The command-line tools run on the production install too (tsx is a dependency).
				const users = execFileSync('npm', ['run', '--silent', 'users', '--', 'list'], {
					cwd: clone.root,
					encoding: 'utf8',
					env: { ...process.env, DATA_DIR: shop.dataDir },
				})
				expect(users).toContain('No staff accounts yet.')
			} finally {
				await shop?.stop()
				await clone.remove()
			}
		},
		4 * 60_000,
	)
})
