#!/usr/bin/env node
/**
 * What `npm test` needs beyond node_modules, checked before the first test (ADR 0182): Chromium
 * (browser tests, Lighthouse), SpamAssassin (the order emails' spam score), the e-Factura
 * validator's tools (xmllint, Java, Python, Saxon-HE) and a PostgreSQL server to create test
 * databases on. What it can set up it does, saying so: as root with apt-get it installs the
 * packages, and it starts a local PostgreSQL cluster that is installed but stopped. Otherwise it
 * stops within seconds with one line naming what is missing and the command that fixes it.
 *
 *   node scripts/test-preflight.mjs      (the first step of `npm test`; .ci/run calls it too)
 *
 * Environment: CHROMIUM_PATH, SAXON_JAR and TEST_DATABASE_URL as the tests read them;
 * PREFLIGHT_NO_INSTALL=1 reports instead of installing or starting anything.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
const CONNECT_TIMEOUT_MS = 3_000
const CLUSTER_START_WAIT_MS = 30_000

/** Each tool: how to find it and the Debian package that brings it. */
export function tools(env) {
	return [
		{ name: 'Chromium', file: env.CHROMIUM_PATH || '/usr/bin/chromium', package: 'chromium', recommends: true },
		{ name: 'SpamAssassin', command: 'spamassassin', package: 'spamassassin' },
		{ name: 'xmllint', command: 'xmllint', package: 'libxml2-utils' },
		{ name: 'Java', command: 'java', package: 'default-jre-headless' },
		{ name: 'Python 3', command: 'python3', package: 'python3' },
		{ name: 'Saxon-HE', file: env.SAXON_JAR || '/usr/share/java/Saxon-HE.jar', package: 'libsaxonhe-java', plainFile: true },
	]
}

function executable(file) {
	try {
		fs.accessSync(file, fs.constants.X_OK)
		return fs.statSync(file).isFile()
	} catch {
		return false
	}
}

/** The command's path on PATH, or null. */
export function onPath(command, env) {
	for (const folder of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
		if (executable(path.join(folder, command))) return path.join(folder, command)
	}
	return null
}

function present(tool, env) {
	if (tool.command) return onPath(tool.command, env) !== null
	return tool.plainFile ? fs.existsSync(tool.file) : executable(tool.file)
}

/** Whether a connection to the database answers a query: null when it does, else why not. */
export async function databaseProblem(url) {
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: CONNECT_TIMEOUT_MS })
	client.on('error', () => {})
	try {
		await client.connect()
		await client.query('select 1')
		return null
	} catch (error) {
		return error.code === 'ECONNREFUSED' ? 'nothing listens there' : error.message.split('\n')[0]
	} finally {
		await client.end().catch(() => {})
	}
}

/** Debian's clusters (`pg_lsclusters`): version, name, port and whether each is running. */
export function parseClusters(output) {
	return output
		.split('\n')
		.slice(1)
		.map((line) => line.trim().split(/\s+/))
		.filter((columns) => columns.length >= 4 && /^\d+$/.test(columns[2]))
		.map(([version, name, port, status]) => ({ version, name, port: Number(port), running: status.startsWith('online') }))
}

const isLocal = (url) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)

/**
 * Checks (and where allowed, sets up) everything; returns the problems left, each with its fix.
 * `system` runs commands, reaches the database and says who we are, so a test can stand in for
 * apt-get, pg_ctlcluster and the server.
 */
export async function preflight({ env = process.env, system = realSystem(env), say = (line) => console.info(line) } = {}) {
	const canInstall = env.PREFLIGHT_NO_INSTALL !== '1' && system.isRoot && onPath('apt-get', env) !== null
	let missing = tools(env).filter((tool) => !present(tool, env))
	if (missing.length > 0 && canInstall) {
		say(`npm test: installing ${missing.map((tool) => tool.name).join(', ')} with apt-get`)
		for (const recommends of [true, false]) {
			const packages = missing.filter((tool) => Boolean(tool.recommends) === recommends).map((tool) => tool.package)
			if (packages.length === 0) continue
			const args = ['install', '-y', ...(recommends ? [] : ['--no-install-recommends']), ...packages]
			if (system.run('apt-get', args) !== 0) {
				system.run('apt-get', ['update'])
				system.run('apt-get', args)
			}
		}
		missing = tools(env).filter((tool) => !present(tool, env))
	}
	const problems = missing.map((tool) => ({
		what: tool.command ? tool.name : `${tool.name} (${tool.file})`,
		packages: [tool.package],
	}))

	const database = await checkDatabase(env, system, say)
	return database ? [...problems, database] : problems
}

/** The test database server: reachable, or started when it is a local cluster that is only stopped. */
async function checkDatabase(env, system, say) {
	const databaseUrl = env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL
	const url = new URL(databaseUrl)
	let problem = await system.databaseProblem(databaseUrl)
	if (!problem) return null
	const where = `PostgreSQL at ${url.host}`
	if (!isLocal(url)) return { what: `${where} (${problem})`, fix: 'start that server or correct TEST_DATABASE_URL' }
	const port = Number(url.port || 5432)
	const clusters = onPath('pg_lsclusters', env) ? parseClusters(system.output('pg_lsclusters', []) ?? '') : []
	const stopped = clusters.find((cluster) => cluster.port === port && !cluster.running)
	if (stopped && env.PREFLIGHT_NO_INSTALL !== '1' && system.isRoot) {
		say(`npm test: starting the stopped PostgreSQL cluster ${stopped.version}/${stopped.name} on port ${port}`)
		system.run('pg_ctlcluster', ['--skip-systemctl-redirect', stopped.version, stopped.name, 'start'])
		const deadline = Date.now() + CLUSTER_START_WAIT_MS
		while ((problem = await system.databaseProblem(databaseUrl)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500))
		if (!problem) return null
	}
	const what = `${where} (${problem})`
	if (stopped) return { what, fix: `pg_ctlcluster ${stopped.version} ${stopped.name} start` }
	if (clusters.length > 0) return { what, fix: `start PostgreSQL on port ${port}, or set TEST_DATABASE_URL` }
	const user = url.username || 'postgres'
	return { what, packages: ['postgresql'], fix: `let ${user} in from ${url.hostname} without a password (pg_hba.conf), or set TEST_DATABASE_URL` }
}

/** One line: everything missing, then the commands that fix it. */
export function problemLine(problems, { isRoot }) {
	const packages = [...new Set(problems.flatMap((problem) => problem.packages ?? []))]
	const fixes = [
		...(packages.length > 0 ? [`${isRoot ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}`] : []),
		...problems.filter((problem) => problem.fix).map((problem) => problem.fix),
	]
	return `npm test cannot start: missing ${problems.map((problem) => problem.what).join(', ')}. Fix: ${fixes.join('; ')}`
}

function realSystem(env) {
	const options = { env, stdio: ['ignore', 'ignore', 'inherit'] }
	return {
		isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
		databaseProblem,
		run: (command, args) => spawnSync(command, args, { ...options, env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }).status ?? 1,
		output: (command, args) => {
			const result = spawnSync(command, args, { env, encoding: 'utf8' })
			return result.status === 0 ? result.stdout : null
		},
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const system = realSystem(process.env)
	const problems = await preflight({ system })
	if (problems.length > 0) {
		console.error(problemLine(problems, system))
		process.exit(1)
	}
}
