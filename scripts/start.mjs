// `npm start`: builds the app the first time (or when the build is missing), then serves it.
// It is the demo launcher: with no payment settings at all, checkout runs on the built-in test card
// page so a newcomer can try a whole order (ADR 0082). Production runs `node server.js` with a
// Stripe key, where an unconfigured shop keeps checkout closed.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const serverBuild = path.join(root, 'build/server/index.js')

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

if (!fs.existsSync(serverBuild)) {
	console.log('No build found: building the shop once (this takes a few seconds)…')
	const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
		cwd: root,
		stdio: 'inherit',
	})
	if (result.status !== 0) process.exit(result.status ?? 1)
}

await import(path.join(root, 'server.js'))
