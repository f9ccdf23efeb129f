/**
 * No container engine runs here, so the container files are held to the project by reading them
 * (ADR 0112): the image builds and starts with the scripts CI runs, checks /healthz, runs as a
 * non-root user, keeps its data in a volume; compose sets only variables the shop accepts.
 */
import { execFileSync, execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { envSchema } from '#server/config/env.ts'
import { copyCheckout } from '../support/checkout-copy.ts'
import { ensureBuild, PROJECT_ROOT, startShop, type ShopProcess } from '../support/shop-process.ts'

const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> }

/** Dockerfile instructions, continuation lines joined, per stage. */
function dockerStages(text: string) {
	const lines = text
		.replace(/\\\n/g, ' ')
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#'))
	const stages: { name: string; instructions: { op: string; args: string }[] }[] = []
	for (const line of lines) {
		const [op, ...rest] = line.split(/\s+/)
		const args = rest.join(' ')
		if (op!.toUpperCase() === 'FROM') stages.push({ name: args.split(/\s+AS\s+/i)[1] ?? '', instructions: [] })
		stages.at(-1)?.instructions.push({ op: op!.toUpperCase(), args })
	}
	return stages
}

describe('Dockerfile', () => {
	const stages = dockerStages(read('Dockerfile'))
	const runtime = stages.at(-1)!
	const all = stages.flatMap((stage) => stage.instructions)

	it('is multi-stage and builds with the scripts CI runs', () => {
		expect(stages.length).toBeGreaterThanOrEqual(2)
		const runs = all.filter((i) => i.op === 'RUN').map((i) => i.args)
		expect(runs).toContain('npm install --no-audit --no-fund')
		expect(runs).toContain('npm run build')
		expect(packageJson.scripts.build).toMatch(/^react-router build/)
	})

	it('starts with `npm start`, the script CI and the README use', () => {
		const cmd = runtime.instructions.filter((i) => i.op === 'CMD').at(-1)!
		expect(JSON.parse(cmd.args)).toEqual(['npm', 'start'])
		expect(packageJson.scripts.start).toBe('node scripts/start.mjs')
	})

	it('runs as a non-root user, keeps its data in a volume, and checks /healthz, which the shop answers', () => {
		const user = runtime.instructions.filter((i) => i.op === 'USER').at(-1)
		expect(user?.args).toBeDefined()
		expect(['root', '0']).not.toContain(user!.args.split(':')[0])
		const dataDir = runtime.instructions.find((i) => i.op === 'ENV' && /DATA_DIR=(\S+)/.test(i.args))!.args.match(/DATA_DIR=(\S+)/)![1]
		expect(JSON.parse(runtime.instructions.find((i) => i.op === 'VOLUME')!.args)).toContain(dataDir)
		const health = runtime.instructions.find((i) => i.op === 'HEALTHCHECK')!
		expect(health.args).toContain('/healthz')
		expect(read('server/http/create-app.ts')).toContain("app.get('/healthz'")
	})
})

describe("the runtime image's production-only install", () => {
	// What the image's build stage runs after the build: the same command, read from the Dockerfile.
	const prune = dockerStages(read('Dockerfile'))
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

describe('compose.yaml', () => {
	const compose = load(read('compose.yaml')) as {
		services: Record<string, { build?: string; image?: string; environment?: Record<string, string>; volumes?: string[] }>
	}

	it('has the shop, PostgreSQL, S3-compatible storage and a mail catcher', () => {
		const images = Object.values(compose.services).map((service) => service.image ?? '')
		expect(compose.services.shop?.build).toBe('.')
		expect(images.some((image) => image.startsWith('postgres'))).toBe(true)
		expect(images.some((image) => image.startsWith('minio/minio'))).toBe(true)
		expect(images.some((image) => image.includes('mailpit'))).toBe(true)
	})

	it("sets only variables the shop accepts, pointing at the other services, and the shop's data in a volume", () => {
		const environment = compose.services.shop!.environment!
		const accepted = new Set(Object.keys(envSchema.shape))
		for (const name of Object.keys(environment)) expect(accepted, name).toContain(name)
		expect(environment.DATABASE_URL).toContain('@postgres:5432/')
		expect(environment.S3_ENDPOINT).toBe('http://minio:9000')
		expect(environment.SMTP_URL).toBe('smtp://mailpit:1025')
		expect(compose.services.shop!.volumes).toContain('shop-data:/data')
	})
})
