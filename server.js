// Starts the shop: the built server in production, or Vite's dev server with `--dev`.
import fs from 'node:fs'
import path from 'node:path'

// Settings from a .env file next to this one; variables already set in the environment win.
const envFile = path.resolve(import.meta.dirname, '.env')
if (fs.existsSync(envFile)) process.loadEnvFile(envFile)

const development = process.argv.includes('--dev')
const clientBuildDir = path.resolve(import.meta.dirname, 'build/client')

if (development) {
	process.env.NODE_ENV ??= 'development'
	const { createServer } = await import('vite')
	const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
	const { start } = await vite.ssrLoadModule('./server/index.ts')
	await start({ clientBuildDir, vite })
} else {
	// React picks its production build from NODE_ENV; unset must not mean the slow development one.
	process.env.NODE_ENV ??= 'production'
	const { start } = await import('./build/server/index.js')
	await start({ clientBuildDir })
}
