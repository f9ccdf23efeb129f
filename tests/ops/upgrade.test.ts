/**
 * ADR 0110, 0170: an upgrade cannot run stale code. In a copy of the checkout, `npm start`
 * builds, serves a page; the page's source changes (as a `git pull` would change it) and the next
 * `npm start` says it rebuilds and serves the new page. A migration added to the sources is not
 * applied by the old build (`node server.js`), only by the build that carries it.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#db/client.ts'
import { copyCheckout } from '../support/checkout-copy.ts'
import { ensureBuild, freePort, startShop, type ShopProcess } from '../support/shop-process.ts'

let clone: Awaited<ReturnType<typeof copyCheckout>>
let dataDir: string
const BUILD_TIMEOUT_MS = 4 * 60_000
const env = { SEED_DEMO_CATALOG: '0', PAYMENTS_TEST_MODE: '1', LOG_LEVEL: 'info' }

beforeAll(async () => {
	clone = await copyCheckout()
	dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-upgrade-data-'))
})
afterAll(async () => {
	await clone?.remove()
	if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true })
})

async function npmStart() {
	return startShop({ root: clone.root, script: 'scripts/start.mjs', dataDir, env, timeoutMs: BUILD_TIMEOUT_MS })
}

async function aboutPage(url: string) {
	const response = await fetch(`${url}/about`, { headers: { 'accept-language': 'en' } })
	expect(response.status).toBe(200)
	return response.text()
}

async function tableExists(name: string) {
	const handle = await openDatabase({ engine: 'pglite', dataDir })
	try {
		const result = (await handle.db.execute(`select to_regclass('public.${name}') is not null as present`)) as unknown as { rows: { present: boolean }[] }
		return result.rows[0]!.present
	} finally {
		await handle.close()
	}
}

describe('upgrading a checkout', () => {
	it('rebuilds a changed page on `npm start`, and runs a new migration only with the build that carries it', async () => {
		const first = await npmStart()
		expect(first.output()).toContain('Building the shop: no build found')
		expect(await aboutPage(first.url)).not.toContain('Upgraded-page-marker')
		await first.stop()

		// The source changes, as after `git pull`.
		const about = path.join(clone.root, 'app/routes/about.tsx')
		const source = fs.readFileSync(about, 'utf8')
		const heading = '<h1 className="font-serif text-3xl sm:text-4xl">{t(\'about.title\')}</h1>'
		expect(source).toContain(heading)
		fs.writeFileSync(about, source.replace(heading, `${heading}<p>Upgraded-page-marker</p>`))
		// …together with a new migration.
		const migrations = path.join(clone.root, 'db/migrations')
		fs.writeFileSync(path.join(migrations, '9999_upgrade_probe.sql'), 'CREATE TABLE "upgrade_probe" ("id" integer);\n')
		const journalFile = path.join(migrations, 'meta/_journal.json')
		const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number }[] }
		const last = journal.entries.at(-1)!
		journal.entries.push({ idx: last.idx + 1, version: '7', when: last.when + 1000, tag: '9999_upgrade_probe', breakpoints: true } as never)
		fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2))

		// The old build, started without `npm start`, keeps to its own migrations.
		const stale = await startShop({ root: clone.root, script: 'server.js', dataDir, env })
		expect(await aboutPage(stale.url)).not.toContain('Upgraded-page-marker')
		await stale.stop()
		expect(await tableExists('upgrade_probe')).toBe(false)

		const second = await npmStart()
		const output = second.output()
		expect(output).toMatch(/Building the shop: \d+ source files? changed since the last build: [^\n]*app\/routes\/about\.tsx/)
		expect(output).toContain('db/migrations/9999_upgrade_probe.sql (new)')
		expect(await aboutPage(second.url)).toContain('Upgraded-page-marker')
		await second.stop()
		expect(await tableExists('upgrade_probe')).toBe(true)

		// Nothing changed since: no rebuild.
		const third = await npmStart()
		expect(third.output()).not.toContain('Building the shop')
		expect(await aboutPage(third.url)).toContain('Upgraded-page-marker')
		await third.stop()
	})
})

/**
 * `npm run upgrade` without a broken window (ADR 0170, 0171). In a copy of the checkout (its own
 * node_modules, since the upgrade runs npm install):
 * - with the shop run unsupervised (`node server.js`), the upgrade builds and switches while the shop
 *   runs on: its page still loads every script and stylesheet of its build; after the restart the new
 *   build serves, and the old page's files still load (a browser may hold that page);
 * - under `npm start` the upgrade restarts the shop itself and checks it serves the new build;
 * - a build that fails changes nothing; a migration that fails returns the shop to the previous build
 *   and the backup taken before, and the upgrade says so and fails.
 */
describe('npm run upgrade', () => {
	let copy: Awaited<ReturnType<typeof copyCheckout>>
	let data: string
	let port: number
	const shops: ShopProcess[] = []
	const upgradeEnv = () => ({ ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, UPGRADE_TIMEOUT_SECONDS: '90' })

	beforeAll(async () => {
		ensureBuild()
		copy = await copyCheckout({ ownNodeModules: true })
		data = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-upgrade-run-'))
		port = await freePort()
	}, BUILD_TIMEOUT_MS)
	afterAll(async () => {
		for (const shop of shops) await shop.stop()
		await copy?.remove()
		if (data) await fsp.rm(data, { recursive: true, force: true })
	})

	const start = async (how: 'unsupervised' | 'npm start') => {
		const shop = await startShop({
			root: copy.root,
			dataDir: data,
			port,
			env,
			timeoutMs: BUILD_TIMEOUT_MS,
			...(how === 'npm start' ? { command: ['npm', 'start'] } : { script: 'server.js' }),
		})
		shops.push(shop)
		return shop
	}

	function upgrade(...args: string[]) {
		const child = spawn('npm', ['run', 'upgrade', '--', ...args], {
			cwd: copy.root,
			env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...upgradeEnv() },
		})
		let output = ''
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
		return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })))
	}

	function changeAboutPage(marker: string) {
		const about = path.join(copy.root, 'app/routes/about.tsx')
		const source = fs.readFileSync(about, 'utf8')
		const heading = '<h1 className="font-serif text-3xl sm:text-4xl">{t(\'about.title\')}</h1>'
		expect(source).toContain(heading)
		fs.writeFileSync(about, source.replace(heading, `${heading}<p>${marker}</p>`))
	}

	/** The page, and every file under /assets it links (scripts, preloads, stylesheets). */
	async function page(url: string) {
		const html = await aboutPage(url)
		const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((match) => match[0]))]
		expect(assets.length).toBeGreaterThan(0)
		return { html, assets }
	}

	async function expectAllLoad(url: string, assets: string[]) {
		for (const asset of assets) expect((await fetch(`${url}${asset}`)).status, asset).toBe(200)
	}

	const recordOf = () => JSON.parse(fs.readFileSync(path.join(data, 'shop-process.json'), 'utf8')) as { build: string; state: string }

	it(
		'keeps the running shop whole while it builds and switches, then serves the new build after the restart',
		async () => {
			const before = await start('unsupervised')
			const old = await page(before.url)
			changeAboutPage('Upgrade-one-marker')

			const result = await upgrade('--no-backup')
			expect(result.code, result.output).toBe(0)
			expect(result.output).toContain('without a supervisor')
			// Built and switched: the running shop still serves its page, and everything the page loads.
			const during = await page(before.url)
			expect(during.html).not.toContain('Upgrade-one-marker')
			expect(during.assets).toEqual(old.assets)
			await expectAllLoad(before.url, old.assets)

			await before.stop()
			const after = await start('unsupervised')
			const fresh = await page(after.url)
			expect(fresh.html).toContain('Upgrade-one-marker')
			expect(fresh.assets).not.toEqual(old.assets)
			await expectAllLoad(after.url, [...old.assets, ...fresh.assets])
			await after.stop()
		},
		2 * BUILD_TIMEOUT_MS,
	)

	it(
		'restarts a shop run by `npm start` itself, and checks it serves the new build',
		async () => {
			const shop = await start('npm start')
			const old = await page(shop.url)
			changeAboutPage('Upgrade-two-marker')

			const result = await upgrade('--no-backup')
			expect(result.code, result.output).toBe(0)
			expect(result.output).toMatch(/The shop serves build [0-9a-f]{12}\. Upgrade done\./)
			const fresh = await page(shop.url)
			expect(fresh.html).toContain('Upgrade-two-marker')
			await expectAllLoad(shop.url, [...old.assets, ...fresh.assets])
			// The same npm start, still running: it restarted the shop.
			expect(shop.child.exitCode).toBeNull()
			expect(recordOf()).toMatchObject({ state: 'ready', build: result.output.match(/serves build ([0-9a-f]{12})/)![1] })
		},
		2 * BUILD_TIMEOUT_MS,
	)

	it(
		'changes nothing when the build fails, and returns to the previous build and the backup when a migration fails',
		async () => {
			const shop = shops.at(-1)!
			expect(shop.child.exitCode).toBeNull()
			const running = recordOf().build
			// Something written before the upgrade, which the backup holds.
			const subscribe = await fetch(`${shop.url}/en/newsletter`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.url },
				body: new URLSearchParams({ email: 'before-upgrade@example.com', consent: 'on' }),
			})
			expect(subscribe.status).toBe(200)

			// A build that fails: the shop runs on, unchanged.
			const about = path.join(copy.root, 'app/routes/about.tsx')
			const good = fs.readFileSync(about, 'utf8')
			fs.writeFileSync(about, `${good}\nexport const broken = (\n`)
			const failedBuild = await upgrade('--no-backup')
			expect(failedBuild.code).toBe(1)
			expect(failedBuild.output).toContain('The build failed; the shop runs on, unchanged.')
			expect(recordOf()).toMatchObject({ state: 'ready', build: running })
			expect((await page(shop.url)).html).toContain('Upgrade-two-marker')
			fs.writeFileSync(about, good.replace('Upgrade-two-marker', 'Upgrade-three-marker'))

			// A migration that fails as the new build starts.
			const migrations = path.join(copy.root, 'db/migrations')
			fs.writeFileSync(
				path.join(migrations, '9998_broken_upgrade.sql'),
				'CREATE TABLE "upgrade_half" ("id" integer);--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;\n',
			)
			const journalFile = path.join(migrations, 'meta/_journal.json')
			const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number }[] }
			const last = journal.entries.at(-1)!
			journal.entries.push({ idx: last.idx + 1, version: '7', when: last.when + 1000, tag: '9998_broken_upgrade', breakpoints: true } as never)
			fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2))

			const failedMigration = await upgrade()
			expect(failedMigration.code, failedMigration.output).toBe(1)
			expect(failedMigration.output).toContain('The new build did not come up: the shop stopped with code 1 while starting.')
			expect(failedMigration.output).toContain('restore the backup taken before')
			expect(failedMigration.output).toContain(`The shop is back on build ${running}, with the backup taken before the upgrade.`)
			// The same npm start serves the previous build again, with the data written before.
			expect(shop.child.exitCode).toBeNull()
			expect(recordOf()).toMatchObject({ state: 'ready', build: running })
			const back = await page(shop.url)
			expect(back.html).toContain('Upgrade-two-marker')
			await expectAllLoad(shop.url, back.assets)
			await shop.stop()
			shops.pop()
			const handle = await openDatabase({ engine: 'pglite', dataDir: data })
			try {
				const subscribers = (await handle.db.execute(`select email from newsletter_subscribers`)) as unknown as { rows: { email: string }[] }
				expect(subscribers.rows.map((row) => row.email)).toContain('before-upgrade@example.com')
				const half = (await handle.db.execute(`select to_regclass('public.upgrade_half') is not null as present`)) as unknown as {
					rows: { present: boolean }[]
				}
				expect(half.rows[0]!.present).toBe(false)
			} finally {
				await handle.close()
			}
		},
		3 * BUILD_TIMEOUT_MS,
	)
})
