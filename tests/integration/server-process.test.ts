import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '#db/client.ts'
import { newsletterSubscribers } from '#db/schema/index.ts'
import { ENGINES } from '../support/databases.ts'
import { adminDatabaseUrl, createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { PROJECT_ROOT, startShop, type ShopProcess } from '../support/shop-process.ts'
import { waitUntil } from '../support/wait.ts'

// Each test starts the built shop once or twice (a first PGlite start migrates and seeds): on a busy
// two-core machine that alone can take most of the default minute.
vi.setConfig({ testTimeout: 180_000 })

const running: ShopProcess[] = []
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
	await Promise.all(running.map((shop) => shop.stop('SIGKILL')))
	for (const cleanup of cleanups) await cleanup()
})

async function start(options: Parameters<typeof startShop>[0] = {}) {
	const shop = await startShop(options)
	running.push(shop)
	if (!options.dataDir) cleanups.push(() => fs.rm(shop.dataDir, { recursive: true, force: true }))
	return shop
}

async function postgresDatabase(label: string) {
	const database = await createTemporaryPostgresDatabase(label)
	cleanups.push(() => database.drop())
	return database
}

describe('configuration errors stop the process with one clear line', () => {
	for (const [name, value, expected] of [
		['PORT', 'abc', /^Invalid environment variable PORT: .*"abc"/],
		['PORT', '70000', /^Invalid environment variable PORT: must be between 1 and 65535/],
		['DATABASE_URL', 'mysql://db/shop', /^Invalid environment variable DATABASE_URL: must be a URL like postgres:/],
		['LOG_LEVEL', 'loud', /^Invalid environment variable LOG_LEVEL: must be one of/],
	] as const) {
		it(`${name}=${value}`, async () => {
			const shop = await start({ env: { [name]: value }, waitUntilReady: false })
			expect(await shop.exited).toBe(1)
			const lines = shop.output().trim().split('\n')
			expect(lines).toHaveLength(1)
			expect(lines[0]).toMatch(expected)
		})
	}

	it('never echoes a database password', async () => {
		const shop = await start({ env: { DATABASE_URL: 'postgres://user:hunter2@' }, waitUntilReady: false })
		expect(await shop.exited).toBe(1)
		expect(shop.output()).toMatch(/DATABASE_URL/)
		expect(shop.output()).not.toContain('hunter2')
	})
})

describe('DATA_DIR lock', () => {
	it('lets one process own a data directory; a second one refuses without opening the database', async () => {
		const first = await start()
		const pgdata = path.join(first.dataDir, 'pgdata')
		const before = await fs.stat(path.join(pgdata, 'PG_VERSION'))

		const second = await start({ dataDir: first.dataDir, waitUntilReady: false })
		expect(await second.exited).toBe(1)
		expect(second.output().trim()).toBe(
			`DATA_DIR ${first.dataDir} is already in use by process ${first.child.pid}; stop that process or choose another DATA_DIR.`,
		)
		// The first keeps serving, its cluster untouched by the refused process.
		expect((await fetch(`${first.url}/healthz`)).status).toBe(200)
		expect((await fs.stat(path.join(pgdata, 'PG_VERSION'))).mtimeMs).toBe(before.mtimeMs)

		expect(await first.stop()).toBe(0)
		// Once the owner has stopped, the folder is free again.
		const third = await start({ dataDir: first.dataDir })
		expect((await fetch(`${third.url}/healthz`)).status).toBe(200)
		await third.stop()
	})

	it('takes over a lock left by a process that was killed', async () => {
		const first = await start()
		await first.stop('SIGKILL')
		const again = await start({ dataDir: first.dataDir })
		expect((await fetch(`${again.url}/healthz`)).status).toBe(200)
		await again.stop()
	})
})

describe('MALLOC_ARENA_MAX', () => {
	const reminder = 'MALLOC_ARENA_MAX is not set'
	it('is asked for at start in production on Linux, where glibc reads it, and not once it is set', async () => {
		// On PostgreSQL, which starts faster than a fresh PGlite: the reminder does not depend on the engine.
		const { url } = await postgresDatabase('malloc')
		const without = await start({ env: { LOG_LEVEL: 'info', DATABASE_URL: url } })
		await without.stop()
		expect(without.output().includes(reminder)).toBe(process.platform === 'linux')
		const withIt = await start({ env: { LOG_LEVEL: 'info', MALLOC_ARENA_MAX: '2', DATABASE_URL: url } })
		await withIt.stop()
		expect(withIt.output()).toContain('shop listening')
		expect(withIt.output()).not.toContain(reminder)
	})
})

describe('`npm start`', () => {
	it('names the address HOST binds in its start-up line, and prints no deprecation or npm warning', async () => {
		const { url } = await postgresDatabase('startlog')
		const shop = await start({
			command: ['npm', 'start'],
			env: { LOG_LEVEL: 'info', HOST: '127.0.0.1', MALLOC_ARENA_MAX: '2', PAYMENTS_TEST_MODE: '1', DATABASE_URL: url },
		})
		await waitUntil(() => shop.output().includes('shop listening'), { timeoutMs: 10_000, what: 'the start-up line' })
		await shop.stop()
		const output = shop.output()
		expect(output).toContain(`shop listening on http://127.0.0.1:${shop.port}`)
		expect(output).not.toMatch(/listening on http:\/\/localhost/)
		expect(output).not.toMatch(/deprecat|npm warn|Warning:/i)
		expect(output).not.toContain('"level":40')
	})
})

describe('/healthz', () => {
	it('reports PGlite', async () => {
		const shop = await start()
		const response = await fetch(`${shop.url}/healthz`)
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ status: 'ok', db: 'pglite' })
		await shop.stop()
	})

	it('reports PostgreSQL, answers 503 while the database is unreachable, and recovers', async () => {
		const database = await postgresDatabase('health')
		const shop = await start({ env: { DATABASE_URL: database.url } })
		const response = await fetch(`${shop.url}/healthz`)
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ status: 'ok', db: 'postgres' })

		const admin = new pg.Client({ connectionString: adminDatabaseUrl() })
		await admin.connect()
		try {
			await admin.query(`alter database "${database.name}" allow_connections false`)
			await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [database.name])
			const down = await fetch(`${shop.url}/healthz`)
			expect(down.status).toBe(503)
			expect(await down.json()).toEqual({ status: 'unavailable', db: 'postgres' })
		} finally {
			await admin.query(`alter database "${database.name}" allow_connections true`)
			await admin.end()
		}
		expect((await fetch(`${shop.url}/healthz`)).status).toBe(200)
		await shop.stop()
	})
})

describe('a rendered page', () => {
	it('leaves no timer behind once it has been sent: each one kept the whole page alive for six seconds', async () => {
		const preload = path.join(PROJECT_ROOT, 'tests/support/report-active-timers.mjs')
		const shop = await start({ env: { NODE_OPTIONS: `--import=${preload}`, PAGE_CACHE_MB: '0' } })
		const pendingTimers = async () => {
			const before = shop.output().length
			shop.child.kill('SIGUSR2')
			let count = -1
			await waitUntil(
				() => {
					const match = /active timers: (\d+)/.exec(shop.output().slice(before))
					if (match) count = Number(match[1])
					return match !== null
				},
				{ timeoutMs: 10_000, what: 'the shop to report its timers' },
			)
			return count
		}
		for (const page of ['/en', '/en/catalog']) expect((await fetch(shop.url + page)).status).toBe(200)
		const idle = await pendingTimers()
		for (let i = 0; i < 20; i++) {
			const response = await fetch(shop.url + ['/en', '/en/catalog', '/en/about', '/en/faq'][i % 4])
			expect(response.status).toBe(200)
			await response.arrayBuffer()
		}
		// Twenty pages rendered within the six seconds: with the deadline left running there were 20 more.
		expect(await pendingTimers()).toBeLessThan(idle + 5)
	})
})

describe('SIGTERM', () => {
	for (const engine of ENGINES) {
		it(`finishes the writes in flight and exits cleanly (${engine})`, async () => {
			const database = engine === 'postgres' ? await postgresDatabase('sigterm') : undefined
			const shop = await start({ env: { DATABASE_URL: database?.url } })
			const emails = Array.from({ length: 40 }, (_, index) => `sigterm-${index}@example.com`)
			let answers = 0
			// Not a wait: the requests are spread over 200 ms, so the SIGTERM falls among them.
			const requests = emails.map((email, index) =>
				new Promise((resolve) => setTimeout(resolve, index * 5)).then(() =>
					fetch(`${shop.url}/en/newsletter`, {
						method: 'POST',
						headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
						body: new URLSearchParams({ email, consent: 'on' }),
					}).then(
						(response) => (answers++, { email, status: response.status }),
						() => ({ email, status: 0 }),
					),
				),
			)
			// The shop is answering and later requests are still to come or in flight.
			await waitUntil(() => answers > 0, { timeoutMs: 10_000, intervalMs: 5, what: 'the first newsletter answer' })
			shop.child.kill('SIGTERM')
			const results = await Promise.all(requests)
			expect(await shop.exited).toBe(0)

			const answered = results.filter((r) => r.status !== 0)
			expect(answered.length).toBeGreaterThan(0)
			// A request either completed (200) or was never accepted (connection refused): nothing half-done.
			for (const result of answered) expect(result.status).toBe(200)

			const handle =
				engine === 'postgres' ? await openDatabase({ engine: 'postgres', url: database!.url }) : await openDatabase({ engine: 'pglite', dataDir: shop.dataDir })
			try {
				const stored = new Set((await handle.db.select().from(newsletterSubscribers)).map((row) => row.email))
				for (const result of answered) expect(stored.has(result.email)).toBe(true)
			} finally {
				await handle.close()
			}
		})
	}
})

describe('npm run db:seed', () => {
	function runSeed(env: Record<string, string>) {
		const result = spawnSync(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['server/cli/seed.ts'], {
			cwd: PROJECT_ROOT,
			env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
			encoding: 'utf8',
		})
		return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() }
	}

	it('loads the demo catalogue on demand, once, and refuses while the shop owns the data directory', async () => {
		const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-seed-'))
		cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }))
		expect(runSeed({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })).toEqual({
			status: 0,
			output: expect.stringMatching(/^Demo catalogue loaded: \d+ categories, \d+ products\.$/),
		})
		expect(runSeed({ DATA_DIR: dataDir })).toEqual({ status: 0, output: 'The database already has a catalogue; nothing was changed.' })

		const shop = await start({ dataDir })
		const refused = runSeed({ DATA_DIR: dataDir })
		expect(refused.status).toBe(1)
		expect(refused.output).toMatch(/is already in use by process \d+.*Stop the shop first/)
		await shop.stop()
	})
})
