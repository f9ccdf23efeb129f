// `npm start`: builds the app when there is no build or the sources changed since the last one
// (the build stamp, ADR 0110), then runs the shop (`node server.js`) in a child process it supervises
// (ADR 0171):
// - SIGTERM and SIGINT are passed to the shop, which finishes its requests and stops; then this exits.
// - SIGHUP restarts the shop on the active build (`npm run upgrade` sends it), SIGUSR2 stops it and
//   waits (an upgrade's rollback restores the backup meanwhile). A shop that fails to come back after
//   a restart leaves this waiting for the next SIGHUP; one that stops by itself ends `npm start` with its code.
// It is also the demo launcher: with no payment settings at all, checkout runs on the built-in test
// card page so a newcomer can try a whole order (ADR 0082). Production runs it (or `node server.js`)
// with a Stripe key, where an unconfigured shop keeps checkout closed.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { staleBuildReason } from './build-stamp.mjs'
import { withoutUpstreamDeprecations } from './build-output.mjs'
import { dataDirFromEnv, PAUSE_SIGNAL, removeRecord, RESTART_EXIT_CODE, RESTART_SIGNAL, writeRecord } from './shop-process.mjs'

const root = path.resolve(import.meta.dirname, '..')

// The same .env file server.js reads (variables already in the environment win), so a Stripe key
// or PAYMENTS_TEST_MODE kept there counts as set.
const envFile = path.join(root, '.env')
if (fs.existsSync(envFile)) process.loadEnvFile(envFile)

const blank = (name) => process.env[name] === undefined || process.env[name] === ''
// A setting may also come from a file (NAME_FILE, ADR 0172).
const unset = (name) => blank(name) && blank(`${name}_FILE`)
if (unset('STRIPE_SECRET_KEY') && unset('PAYMENTS_TEST_MODE')) {
	process.env.PAYMENTS_TEST_MODE = '1'
	console.warn(
		'WARNING: no STRIPE_SECRET_KEY or PAYMENTS_TEST_MODE set: `npm start` turns on PAYMENTS_TEST_MODE=1, so checkout uses the built-in TEST MODE card page and takes no real payments. Set STRIPE_SECRET_KEY (or PAYMENTS_TEST_MODE=0) for a real shop.',
	)
}

// SHOP_KEEP_BUILD=1 runs the active build whatever the sources say (after `npm run upgrade` returned to the previous build).
const stale = process.env.SHOP_KEEP_BUILD === '1' ? null : staleBuildReason(root)
if (stale) {
	const builder = path.join(root, 'node_modules/@react-router/dev/bin.js')
	if (!fs.existsSync(builder)) {
		// A production-only install (the container image, ADR 0142) has no build tools: its build must match its sources.
		console.error(`The shop needs a new build (${stale}), but the build tools are not installed. Run \`npm install\`, or rebuild the image.`)
		process.exit(1)
	}
	console.log(`Building the shop: ${stale}. This takes a little while…`)
	const result = spawnSync(process.execPath, [builder, 'build'], {
		cwd: root,
		stdio: ['inherit', 'inherit', 'pipe'],
		encoding: 'utf8',
		// A production bundle whatever NODE_ENV the shell has (test or development would bundle React's slow build).
		env: { ...process.env, NODE_ENV: 'production' },
	})
	process.stderr.write(withoutUpstreamDeprecations(result.stderr ?? ''))
	if (result.status !== 0) {
		console.error('The build failed, so the shop did not start; fix the error above and run `npm start` again.')
		process.exit(result.status ?? 1)
	}
}

const dataDir = dataDirFromEnv()
const port = Number(process.env.PORT || 3000)
/** The shop process, while one runs. */
let shop = null
/** What the next exit of the shop means: a restart or pause asked for, or the end of `npm start`. */
let intent = 'run'
let everReady = false
let state = 'starting'
let build
let lastExit

function record() {
	writeRecord(dataDir, { supervisor: 'npm-start', pid: process.pid, port, state, build, lastExit })
}

function startShop() {
	state = 'starting'
	build = undefined
	record()
	const child = spawn(process.execPath, [path.join(root, 'server.js')], {
		cwd: root,
		stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
		env: { ...process.env, SHOP_SUPERVISOR: 'npm-start' },
	})
	shop = child
	intent = 'run'
	child.on('message', (message) => {
		if (message?.type !== 'shop-ready') return
		everReady = true
		state = 'ready'
		build = message.build
		record()
	})
	child.on('exit', (code, signal) => {
		shop = null
		const wasReady = state === 'ready'
		lastExit = { code, signal, at: new Date().toISOString() }
		state = 'stopped'
		if (intent === 'stop') finish(code ?? 0)
		else if (intent === 'restart' || code === RESTART_EXIT_CODE) startShop()
		else if (intent === 'pause') {
			record()
			console.log('The shop is stopped for an upgrade; `npm run upgrade` starts it again (or stop this with Ctrl-C).')
		} else if (!everReady || wasReady) finish(code ?? 1)
		else {
			// Came back from a restart and failed before serving: keep waiting for the rollback's restart.
			record()
			console.error('The shop did not start after the restart; waiting for `npm run upgrade` to restore the previous build (or stop this with Ctrl-C).')
		}
	})
}

function finish(code) {
	removeRecord(dataDir)
	process.exit(code)
}

/** Stops the running shop gracefully (it ends itself within its shutdown deadline), then does `next`. */
function stopShop(next, signal = 'SIGTERM') {
	intent = next
	if (shop) shop.kill(signal)
	else if (next === 'restart') startShop()
	else if (next === 'stop') finish(0)
	else record()
}

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stopShop('stop', signal))
process.on(RESTART_SIGNAL, () => stopShop('restart'))
process.on(PAUSE_SIGNAL, () => stopShop('pause'))

// Signal handlers alone do not keep Node running: while no shop runs (a pause, a failed restart) this must stay.
setInterval(() => {}, 2 ** 30)
startShop()
