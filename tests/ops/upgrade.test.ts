/**
 * Issue 22, acceptance 1: an upgrade cannot run stale code. In a copy of the checkout, `npm start`
 * builds, serves a page; the page's source changes (as a `git pull` would change it) and the next
 * `npm start` says it rebuilds and serves the new page. A migration added to the sources is not
 * applied by the old build (`node server.js`), only by the build that carries it.
 */
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#db/client.ts'
import { copyCheckout } from '../support/checkout-copy.ts'
import { startShop } from '../support/shop-process.ts'

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
