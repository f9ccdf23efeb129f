import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { freePort, PROJECT_ROOT } from '../lib/shop-process.ts'
import { measureCpuPerRequest } from './real-traffic.ts'
import { measureThroughput, type LoadFigures } from './http-load.ts'

const FLOOR_DIR = path.join(PROJECT_ROOT, 'bench/floor')

export type FloorFigures = LoadFigures & { cpuMsPerRequest: number | null }

/**
 * The framework's floor: bench/floor, a React Router app with one route and no data,
 * built with the shop's react-router and vite, served by Express with compression. Its throughput
 * is what a page of the shop could reach at best on this machine, in this run.
 */
export async function measureFloor(options: { connections: number; durationSeconds: number }): Promise<FloorFigures> {
	const build = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/@react-router/dev/bin.js'), 'build'], {
		cwd: FLOOR_DIR,
		env: { ...process.env, NODE_ENV: 'production' },
		encoding: 'utf8',
	})
	if (build.status !== 0) throw new Error(`the floor app did not build:\n${build.stdout}\n${build.stderr}`)
	const port = await freePort()
	const child = spawn(process.execPath, [path.join(FLOOR_DIR, 'server.js')], {
		cwd: FLOOR_DIR,
		env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', MALLOC_ARENA_MAX: '2' },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const exited = new Promise((resolve) => child.once('exit', resolve))
	try {
		const url = `http://127.0.0.1:${port}`
		await new Promise<void>((resolve, reject) => {
			child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('floor ready') && resolve())
			child.once('exit', (code) => reject(new Error(`the floor app exited with ${code}`)))
		})
		const cpu = await measureCpuPerRequest(url, child.pid!, { label: 'floor', kind: 'anonymous', path: '/' }, { cacheOn: false, requests: 300 })
		const throughput = await measureThroughput(url, '/', options)
		return { ...throughput, path: 'floor /', cpuMsPerRequest: cpu.cpuMsPerRequest }
	} finally {
		child.kill('SIGTERM')
		await exited
	}
}
