// `npm run upgrade`, after `git pull` (or unpacking a new release) — ADR 0110, 0170, 0171:
//   1. a backup (npm run backup; the shop keeps running),
//   2. the locked dependencies (npm install with the committed lockfile, as CI does),
//   3. a new build in builds/<id>, while the shop runs on build/ untouched,
//   4. the switch: the new build merged into build/, next to the hashed files of the builds kept, so
//      pages the running shop (or a browser) loaded from the previous build still find their scripts,
//   5. the restart, by whatever supervises the shop: `npm start`'s own supervisor or systemd (a
//      restart signal), then a check that /healthz answers from the new build, migrations applied.
//      With no shop running, it starts one (`npm start`) and stays in front of it.
//   If the new build does not come up, the previous build is switched back, the backup restored and
//   the shop restarted on them. An unsupervised shop (`node server.js`) is left to its owner to restart.
// `--no-backup` skips step 1 (say, when a scheduled backup has just run); `--timeout=SECONDS` is how
// long the new build may take to come up (default 180).
import crypto from 'node:crypto'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { activateBuild, keepActiveBuild, keepStagedBuild, stagingDir } from './builds.mjs'
import { dataDirFromEnv, PAUSE_SIGNAL, readLiveRecord, RESTART_SIGNAL } from './shop-process.mjs'

const root = path.resolve(import.meta.dirname, '..')
const envFile = path.join(root, '.env')
if (fs.existsSync(envFile)) process.loadEnvFile(envFile)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
const timeoutMs = Number(option('timeout') ?? process.env.UPGRADE_TIMEOUT_SECONDS ?? 180) * 1000
const dataDir = dataDirFromEnv()
const port = Number(process.env.PORT || 3000)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function say(text) {
	console.log(`\n::: ${text}`)
}

function step(title, args, env = {}) {
	say(`${title}: npm ${args.join(' ')}`)
	const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
	return result.status === 0
}

/** Sends `signal` to `pid`; false when that process is gone. */
function signal(pid, name) {
	try {
		process.kill(pid, name)
		return true
	} catch (error) {
		if (error.code === 'ESRCH') return false
		throw error
	}
}

function stop(message) {
	console.error(`\n${message}`)
	process.exit(1)
}

async function healthy() {
	try {
		return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })).ok
	} catch {
		return false
	}
}

/**
 * Waits until the supervised shop serves build `id` (its supervisor's record says so and /healthz
 * answers), or says why it will not: a start that failed, npm start gone, or the time allowed gone by.
 * Under systemd the record is briefly absent while the service restarts.
 */
async function cameUp(id, since, { recordStays }) {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		const record = readLiveRecord(dataDir)
		if (!record && recordStays) return 'npm start stopped'
		if (record?.state === 'ready' && record.build === id && (await healthy())) return null
		if (record?.state === 'stopped' && record.lastExit && Date.parse(record.lastExit.at) >= since) {
			return `the shop stopped with code ${record.lastExit.code ?? record.lastExit.signal} while starting`
		}
		await sleep(250)
	}
	return `it did not answer within ${timeoutMs / 1000} s`
}

/** Waits until `npm start`'s supervisor has stopped its shop (paused) and holds nothing. */
async function paused(pid) {
	const deadline = Date.now() + 30_000
	while (Date.now() < deadline) {
		const record = readLiveRecord(dataDir)
		if (!record || record.pid !== pid || record.state === 'stopped') return
		await sleep(200)
	}
	stop('The shop did not stop for the rollback; stop it, then restore the backup by hand (npm run restore -- FILE --force).')
}

/** A file's SHA-256, or null when it cannot be read. */
function fileHash(file) {
	try {
		return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
	} catch {
		return null
	}
}

// --- 1 to 3: backup, dependencies, build (the running shop is not touched)
const record = readLiveRecord(dataDir)
const running = record !== null || (await healthy())
let backup = null
/** The backup's SHA-256 as this run wrote it: a rollback restores that file and no other. */
let backupHash = null
if (!process.argv.includes('--no-backup')) {
	const folder = path.resolve(process.env.BACKUP_DIR?.trim() || path.join(dataDir, 'backups'))
	backup = path.join(folder, `before-upgrade-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`)
	if (!step('backup', ['run', 'backup', '--', backup]))
		stop('The upgrade stopped at the backup; nothing changed. Fix the error above and run npm run upgrade again.')
	backupHash = fileHash(backup)
}
// The build tools too, whatever NODE_ENV says (npm leaves dev dependencies out under NODE_ENV=production).
if (!step('install the locked dependencies', ['install', '--include=dev', '--no-audit', '--no-fund'])) {
	stop('The upgrade stopped at "install"; the build did not change. Fix the error above and run npm run upgrade again.')
}
const staging = stagingDir(root)
// A production bundle whatever NODE_ENV the shell has (as npm start builds).
if (!step('build', ['run', 'build'], { SHOP_BUILD_DIRECTORY: path.relative(root, staging), NODE_ENV: 'production' })) {
	fs.rmSync(staging, { recursive: true, force: true })
	stop(`The build failed; the shop${running ? ' runs on, unchanged' : ' did not change'}. Fix the error above and run npm run upgrade again.`)
}
const next = keepStagedBuild(root, staging)
const previous = keepActiveBuild(root)
if (previous === next) {
	say(`The build is the one already active (${next}): nothing to switch.`)
	if (running) process.exit(0)
}

// --- 4: the switch
say(`switch: build ${previous ?? '(none)'} → ${next}`)
activateBuild(root, next)

/** Back to the previous build and the backup, with the shop stopped in between (by `pauseShop`). */
async function rollBack(reason, { pauseShop, restartShop }) {
	console.error(`\nThe new build did not come up: ${reason}. Returning to the previous build${backup ? ' and the backup' : ''}.`)
	if (!previous) stop('There is no previous build to return to; fix the error above and run npm run upgrade again.')
	activateBuild(root, previous)
	await pauseShop()
	// The file this run wrote a minute ago, unchanged since (its hash): trusted even when unsigned (no
	// BACKUP_KEY), which a restore otherwise refuses. A changed file is refused like any other.
	const own = backup && fileHash(backup) === backupHash ? ['--unsigned'] : []
	// With the previous build's own migrations (the active build/ now): the sources may hold the new
	// build's, one of which may be what failed.
	const migrations = ['--migrations', path.join(root, 'build', 'server', 'db', 'migrations')]
	if (backup && !step('restore the backup taken before', ['run', 'restore', '--', backup, '--force', ...own, ...migrations])) {
		stop(`The backup could not be restored; the previous build is active. Restore it by hand: npm run restore -- ${backup} --force`)
	}
	await restartShop()
}

// --- 5: the restart, and the check
if (record?.supervisor === 'npm-start') {
	const supervisor = record.pid
	say(`restart: the shop runs under npm start (process ${supervisor}); restarting it on build ${next}`)
	const since = Date.now()
	signal(supervisor, RESTART_SIGNAL)
	const failure = await cameUp(next, since, { recordStays: true })
	if (!failure) {
		say(`The shop serves build ${next}. Upgrade done.`)
		process.exit(0)
	}
	await rollBack(failure, {
		pauseShop: async () => {
			if (signal(supervisor, PAUSE_SIGNAL)) await paused(supervisor)
		},
		restartShop: async () => {
			const again = Date.now()
			if (!signal(supervisor, RESTART_SIGNAL))
				stop(`npm start is no longer running: start the shop again with SHOP_KEEP_BUILD=1 npm start (build ${previous}).`)
			const stillFailing = await cameUp(previous, again, { recordStays: true })
			if (stillFailing) stop(`The previous build did not come back either (${stillFailing}). Look at the shop's output.`)
		},
	})
	stop(
		`The shop is back on build ${previous}${backup ? ', with the backup taken before the upgrade' : ''}. The upgrade did not happen. Until the sources are fixed, a plain \`npm start\` would build them again: start with SHOP_KEEP_BUILD=1 to run build ${previous}.`,
	)
} else if (record?.supervisor === 'systemd') {
	say(`restart: systemd runs the shop (process ${record.pid}); it restarts it on build ${next}`)
	const since = Date.now()
	signal(record.pid, RESTART_SIGNAL)
	const failure = await cameUp(next, since, { recordStays: false })
	if (!failure) {
		say(`The shop serves build ${next}. Upgrade done.`)
		process.exit(0)
	}
	// systemd keeps restarting the service; the next start runs the previous build again.
	console.error(`\nThe new build did not come up: ${failure}. Returning to build ${previous}.`)
	if (previous) activateBuild(root, previous)
	const current = readLiveRecord(dataDir)
	if (current) signal(current.pid, RESTART_SIGNAL)
	stop(
		`Build ${previous} is active again; systemd restarts the shop on it.` +
			(backup
				? ` If the new build changed the database before failing, restore the backup with the service stopped: systemctl stop <service> && npm run restore -- ${backup} --force && systemctl start <service>`
				: ''),
	)
} else if (running) {
	say(
		`A shop is running on port ${port} without a supervisor the upgrade can ask (started with \`node server.js\`?). It keeps serving; restart it now to run build ${next} (its migrations apply as it starts). Under \`npm start\` or systemd (docs/upgrading.md) the upgrade restarts it itself.`,
	)
	process.exit(0)
} else {
	// No shop running: start one here, in front of the owner, and stay as its parent.
	const startShop = (build, extraEnv = {}) => {
		say(`start: npm start on build ${build}`)
		const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } })
		return { child, exit: new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1))) }
	}
	let shop = startShop(next)
	for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => shop.child.kill(signal))
	const since = Date.now()
	const failure = await Promise.race([cameUp(next, since, { recordStays: false }), shop.exit.then((code) => `npm start ended with code ${code}`)])
	if (failure) {
		if (shop.child.exitCode === null) {
			shop.child.kill('SIGTERM')
			await shop.exit
		}
		await rollBack(failure, {
			pauseShop: async () => {},
			// The sources are the new ones: npm start must run the build as it is, not rebuild them.
			restartShop: async () => {
				shop = startShop(previous, { SHOP_KEEP_BUILD: '1' })
			},
		})
		console.error(`\nThe shop runs on build ${previous}${backup ? ', with the backup taken before the upgrade' : ''}. The upgrade did not happen.`)
		process.exitCode = 1
	} else {
		say(`The shop serves build ${next}. Upgrade done; it keeps running here (Ctrl-C stops it).`)
	}
	const code = await shop.exit
	if (code) process.exitCode = code
}
