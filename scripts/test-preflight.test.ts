import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseClusters, preflight, problemLine } from './test-preflight.mjs'

const SCRIPT = path.resolve(import.meta.dirname, 'test-preflight.mjs')
const folders: string[] = []
afterEach(() => {
	for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** A folder of stand-in executables (never run: the system below, or nothing, runs commands). */
function binFolder(...commands: string[]) {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-'))
	folders.push(folder)
	for (const command of commands) fs.writeFileSync(path.join(folder, command), '#!/bin/sh\nexit 0\n', { mode: 0o755 })
	return folder
}

const TOOLS = ['spamassassin', 'xmllint', 'java', 'python3']

describe('npm test preflight', () => {
	it('on a machine without the tools or a database, stops within seconds with one line naming them and the fix', () => {
		// Nothing of the machine's on PATH (and so no apt-get to install with), a database port nobody listens on.
		const empty = binFolder()
		const started = Date.now()
		const result = spawnSync(process.execPath, [SCRIPT], {
			encoding: 'utf8',
			env: {
				PATH: empty,
				CHROMIUM_PATH: path.join(empty, 'chromium'),
				SAXON_JAR: path.join(empty, 'Saxon-HE.jar'),
				TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres',
			},
		})
		expect(Date.now() - started).toBeLessThan(10_000)
		expect(result.status).toBe(1)
		expect(result.stdout).toBe('')
		const lines = result.stderr.trim().split('\n')
		expect(lines).toHaveLength(1)
		expect(lines[0]).toBe(
			`npm test cannot start: missing Chromium (${empty}/chromium), SpamAssassin, xmllint, Java, Python 3, Saxon-HE (${empty}/Saxon-HE.jar), ` +
				'PostgreSQL at 127.0.0.1:1 (nothing listens there). ' +
				`Fix: ${process.getuid?.() === 0 ? '' : 'sudo '}apt-get install -y chromium spamassassin libxml2-utils default-jre-headless python3 libsaxonhe-java postgresql; ` +
				'let postgres in from 127.0.0.1 without a password (pg_hba.conf), or set TEST_DATABASE_URL',
		)
	}, 20_000)

	it('names only what is missing, with sudo when not root', () => {
		const line = problemLine([{ what: 'SpamAssassin', packages: ['spamassassin'] }], { isRoot: false })
		expect(line).toBe('npm test cannot start: missing SpamAssassin. Fix: sudo apt-get install -y spamassassin')
	})

	it('as root with apt-get, installs what is missing and starts a stopped local cluster, saying so', async () => {
		const bin = binFolder('apt-get', 'pg_lsclusters', 'spamassassin', 'python3')
		const chromium = path.join(bin, 'chromium')
		const saxon = path.join(bin, 'Saxon-HE.jar')
		const ran: string[] = []
		let clusterRunning = false
		const said: string[] = []
		const problems = await preflight({
			env: { PATH: bin, CHROMIUM_PATH: chromium, SAXON_JAR: saxon },
			say: (line) => said.push(line),
			system: {
				isRoot: true,
				run(command, args) {
					ran.push([command, ...args].join(' '))
					// What the packages would bring.
					if (command === 'apt-get' && args.includes('chromium')) fs.writeFileSync(chromium, '', { mode: 0o755 })
					if (command === 'apt-get' && args.includes('libxml2-utils')) {
						for (const tool of ['xmllint', 'java']) fs.writeFileSync(path.join(bin, tool), '', { mode: 0o755 })
						fs.writeFileSync(saxon, '')
					}
					if (command === 'pg_ctlcluster') clusterRunning = true
					return 0
				},
				output: (command) =>
					command === 'pg_lsclusters'
						? `Ver Cluster Port Status Owner\n15  main    5432 ${clusterRunning ? 'online' : 'down'}   postgres /var/lib/postgresql/15/main log\n`
						: null,
				databaseProblem: async () => (clusterRunning ? null : 'nothing listens there'),
			},
		})
		expect(problems).toEqual([])
		expect(ran).toEqual([
			'apt-get install -y chromium',
			'apt-get install -y --no-install-recommends libxml2-utils default-jre-headless libsaxonhe-java',
			'pg_ctlcluster --skip-systemctl-redirect 15 main start',
		])
		expect(said).toEqual([
			'npm test: installing Chromium, xmllint, Java, Saxon-HE with apt-get',
			'npm test: starting the stopped PostgreSQL cluster 15/main on port 5432',
		])
		for (const tool of TOOLS) expect(fs.existsSync(path.join(bin, tool))).toBe(true)
	})

	it('with PREFLIGHT_NO_INSTALL=1 installs and starts nothing, and names the cluster to start', async () => {
		const bin = binFolder('apt-get', 'pg_lsclusters', ...TOOLS)
		fs.writeFileSync(path.join(bin, 'chromium'), '', { mode: 0o755 })
		fs.writeFileSync(path.join(bin, 'Saxon-HE.jar'), '')
		const ran: string[] = []
		const problems = await preflight({
			env: { PATH: bin, CHROMIUM_PATH: path.join(bin, 'chromium'), SAXON_JAR: path.join(bin, 'Saxon-HE.jar'), PREFLIGHT_NO_INSTALL: '1' },
			say: () => {},
			system: {
				isRoot: true,
				run: (command) => (ran.push(command), 0),
				output: () => 'Ver Cluster Port Status\n15  main    5432 down   postgres /var/lib/postgresql/15/main log\n',
				databaseProblem: async () => 'nothing listens there',
			},
		})
		expect(ran).toEqual([])
		expect(problemLine(problems, { isRoot: true })).toBe(
			'npm test cannot start: missing PostgreSQL at 127.0.0.1:5432 (nothing listens there). Fix: pg_ctlcluster 15 main start',
		)
	})

	it("reads Debian's cluster list", () => {
		expect(parseClusters('Ver Cluster Port Status Owner\n15  main    5432 online postgres /d /l\n16  other   5433 down   postgres /d /l\n')).toEqual([
			{ version: '15', name: 'main', port: 5432, running: true },
			{ version: '16', name: 'other', port: 5433, running: false },
		])
	})
})
