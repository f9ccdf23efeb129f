// `npm run upgrade`, after `git pull` (or unpacking a new release) — ADR 0110:
//   1. a backup (npm run backup; the shop may keep running),
//   2. the locked dependencies (npm install with the committed lockfile, as CI does),
//   3. a new build, carrying its own migrations and source stamp (npm run build),
//   4. migrations and start: the new build applies its migrations as it starts (npm start). If a shop
//      is still running, it says so and leaves the restart to whatever runs the shop (systemd, compose).
// `--no-backup` skips step 1 (say, when a scheduled backup has just run).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const envFile = path.join(root, '.env')
if (fs.existsSync(envFile)) process.loadEnvFile(envFile)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function step(title, args) {
	console.log(`\n::: ${title}: npm ${args.join(' ')}`)
	const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' })
	if (result.status !== 0) {
		console.error(`\nThe upgrade stopped at "${title}"; nothing after it ran. Fix the error above and run npm run upgrade again.`)
		process.exit(result.status ?? 1)
	}
}

if (!process.argv.includes('--no-backup')) step('backup', ['run', 'backup'])
step('install the locked dependencies', ['install', '--no-audit', '--no-fund'])
step('build', ['run', 'build'])

const port = process.env.PORT || '3000'
const running = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
	() => true,
	() => false,
)
if (running) {
	console.log(
		`\nA shop is running on port ${port}, still on the old code. Restart it now (systemctl restart <service>, docker compose up -d --build, or stop it and run npm start): the new build applies its migrations as it starts.`,
	)
} else {
	console.log('\n::: migrate and start: npm start')
	await import(path.join(root, 'scripts/start.mjs'))
}
