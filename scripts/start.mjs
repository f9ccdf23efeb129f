// `npm start`: builds the app when there is no build or the sources changed since the last one
// (the build stamp, ADR 0110), then serves it.
// It is the demo launcher: with no payment settings at all, checkout runs on the built-in test card
// page so a newcomer can try a whole order (ADR 0082). Production runs `node server.js` with a
// Stripe key, where an unconfigured shop keeps checkout closed.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { staleBuildReason } from './build-stamp.mjs'

const root = path.resolve(import.meta.dirname, '..')

// The same .env file server.js reads (variables already in the environment win), so a Stripe key
// or PAYMENTS_TEST_MODE kept there counts as set.
const envFile = path.join(root, '.env')
if (fs.existsSync(envFile)) process.loadEnvFile(envFile)

const unset = (name) => process.env[name] === undefined || process.env[name] === ''
if (unset('STRIPE_SECRET_KEY') && unset('PAYMENTS_TEST_MODE')) {
	process.env.PAYMENTS_TEST_MODE = '1'
	console.warn(
		'WARNING: no STRIPE_SECRET_KEY or PAYMENTS_TEST_MODE set: `npm start` turns on PAYMENTS_TEST_MODE=1, so checkout uses the built-in TEST MODE card page and takes no real payments. Set STRIPE_SECRET_KEY (or PAYMENTS_TEST_MODE=0) for a real shop.',
	)
}

const stale = staleBuildReason(root)
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
		stdio: 'inherit',
		// A production bundle whatever NODE_ENV the shell has (test or development would bundle React's slow build).
		env: { ...process.env, NODE_ENV: 'production' },
	})
	if (result.status !== 0) {
		console.error('The build failed, so the shop did not start; fix the error above and run `npm start` again.')
		process.exit(result.status ?? 1)
	}
}

await import(path.join(root, 'server.js'))
