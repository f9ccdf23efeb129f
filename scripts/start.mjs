// `npm start`: builds the app the first time (or when the build is missing), then serves it.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const serverBuild = path.join(root, 'build/server/index.js')

if (!fs.existsSync(serverBuild)) {
	console.log('No build found: building the shop once (this takes a few seconds)…')
	const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
		cwd: root,
		stdio: 'inherit',
	})
	if (result.status !== 0) process.exit(result.status ?? 1)
}

await import(path.join(root, 'server.js'))
