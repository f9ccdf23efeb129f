import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { staleBuildReason } from '../build-stamp.mjs'

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

/**
 * Builds the app unless the build matches the sources (its stamp, as `npm start` checks it);
 * SHOP_SKIP_BUILD=1 trusts any build that is there.
 */
export function ensureBuild() {
	const built = fs.existsSync(path.join(PROJECT_ROOT, 'build/server/index.js'))
	if (built && process.env.SHOP_SKIP_BUILD === '1') return
	if (staleBuildReason(PROJECT_ROOT) === null) return
	const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/@react-router/dev/bin.js'), 'build'], {
		cwd: PROJECT_ROOT,
		// Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
		env: { ...process.env, NODE_ENV: 'production' },
		stdio: ['ignore', 'pipe', 'pipe'],
		encoding: 'utf8',
	})
	if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`)
}

export type ShopProcess = {
	url: string
	port: number
	dataDir: string
	child: ChildProcess
	/** Everything the process wrote so far. */
	output(): string
	/** Resolves with the exit code once the process has ended. */
	exited: Promise<number | null>
	stop(signal?: NodeJS.Signals): Promise<number | null>
}

export type StartShopOptions = {
	env?: Record<string, string | undefined>
	/** Reuse a data directory (to restart on the same data); a fresh temporary one otherwise. */
	dataDir?: string
	port?: number
	/** Wait for /healthz to answer 200 (default true). */
	waitUntilReady?: boolean
	timeoutMs?: number
	/** Another checkout of the shop to run (default: this one). */
	root?: string
	/** The script to run inside it (default server.js; scripts/start.mjs is `npm start`). */
	script?: string
	/** A whole command instead of `node script`, e.g. ['npm', 'start']; a leading `node` is this Node. */
	command?: [string, ...string[]]
}

/** Starts the built shop (`node server.js`) as its own process, the way `npm start` does. */
export async function startShop(options: StartShopOptions = {}): Promise<ShopProcess> {
	const port = options.port ?? (await freePort())
	const dataDir = options.dataDir ?? (await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-data-')))
	const env: Record<string, string> = {
		PATH: process.env.PATH ?? '',
		HOME: process.env.HOME ?? '',
		NODE_ENV: 'production',
		PORT: String(port),
		HOST: '127.0.0.1',
		DATA_DIR: dataDir,
		LOG_LEVEL: 'warn',
		EMAIL_POLL_INTERVAL_MS: '200',
	}
	for (const [key, value] of Object.entries(options.env ?? {})) {
		if (value === undefined) delete env[key]
		else env[key] = value
	}
	const root = options.root ?? PROJECT_ROOT
	const [program, ...args] = options.command ?? [process.execPath, path.join(root, options.script ?? 'server.js')]
	const child = spawn(program === 'node' ? process.execPath : program, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	const url = `http://127.0.0.1:${port}`
	const shop: ShopProcess = {
		url,
		port,
		dataDir,
		child,
		output: () => output,
		exited,
		async stop(signal = 'SIGTERM') {
			if (child.exitCode === null && child.signalCode === null) child.kill(signal)
			return exited
		},
	}
	if (options.waitUntilReady === false) return shop

	const deadline = Date.now() + (options.timeoutMs ?? 120_000)
	let exitCode: number | null | undefined
	void exited.then((code) => (exitCode = code))
	while (Date.now() < deadline) {
		if (exitCode !== undefined) throw new Error(`shop exited with ${exitCode} before it was ready:\n${output}`)
		try {
			const response = await fetch(`${url}/healthz`)
			if (response.ok) return shop
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	await shop.stop('SIGKILL')
	throw new Error(`shop did not become ready within ${options.timeoutMs ?? 120_000} ms:\n${output}`)
}
