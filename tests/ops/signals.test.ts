/**
 * A stop signal reaches the shop however it is started (ADR 0171): `npm start` as the README says
 * (npm passes SIGTERM and SIGINT to its script, which `exec`s node, which supervises the shop), and
 * the image's command as CI runs it (no container engine here: the Dockerfile's CMD, which tini as
 * ENTRYPOINT runs and passes signals to). Each stops within 10 s: nothing listens any more, the shop
 * process is gone and DATA_DIR is free for the next start.
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { acquireDataDirLock } from '#server/data-dir-lock.ts'
import { readLiveRecord } from '../../scripts/shop-process.mjs'
import { runtimeCommand } from '../support/container-files.ts'
import { ensureBuild, startShop } from '../support/shop-process.ts'
import { waitUntil } from '../support/wait.ts'

const STOP_WITHIN_MS = 10_000
const env = { SEED_DEMO_CATALOG: '0', PAYMENTS_TEST_MODE: '1', LOG_LEVEL: 'info' }

function isRunning(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

async function listening(url: string) {
	return fetch(`${url}/healthz`).then(
		() => true,
		() => false,
	)
}

function tiniOnThisMachine() {
	try {
		return execFileSync('sh', ['-c', 'command -v tini'], { encoding: 'utf8' }).trim() || null
	} catch {
		return null
	}
}

async function expectStopsCleanly(command: [string, ...string[]], signal: NodeJS.Signals) {
	ensureBuild()
	const shop = await startShop({ command, env })
	// npm start's supervisor names itself in DATA_DIR; the shop is its child.
	const supervisor = readLiveRecord(shop.dataDir)
	expect(supervisor?.supervisor).toBe('npm-start')
	await waitUntil(() => readLiveRecord(shop.dataDir)?.state === 'ready', { timeoutMs: 10_000, what: 'the supervisor to record the shop as ready' })
	const shopPid = Number(
		execFileSync('pgrep', ['-P', String(supervisor!.pid)], { encoding: 'utf8' })
			.trim()
			.split('\n')[0],
	)
	expect(isRunning(shopPid)).toBe(true)

	const sentAt = Date.now()
	shop.child.kill(signal)
	const code = await Promise.race([shop.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_WITHIN_MS))])
	expect(code, `stopped within ${STOP_WITHIN_MS} ms:\n${shop.output()}`).toBe(0)
	expect(Date.now() - sentAt).toBeLessThan(STOP_WITHIN_MS)
	expect(shop.output()).toContain(`"signal":"${signal}"`)
	expect(shop.output()).toContain('"msg":"stopped"')
	expect(isRunning(shopPid)).toBe(false)
	expect(isRunning(supervisor!.pid)).toBe(false)
	expect(await listening(shop.url)).toBe(false)
	expect(readLiveRecord(shop.dataDir)).toBeNull()
	// The lock is free: the next shop (here, this test) may take DATA_DIR at once.
	const lock = await acquireDataDirLock(shop.dataDir)
	lock.release()
}

describe('stop signals', () => {
	for (const signal of ['SIGTERM', 'SIGINT'] as const) {
		it(`${signal} to \`npm start\` stops the shop within 10 s and frees DATA_DIR`, async () => {
			await expectStopsCleanly(['npm', 'start'], signal)
		}, 120_000)
	}

	for (const signal of ['SIGTERM', 'SIGINT'] as const) {
		it(`${signal} to the image's command stops the shop within 10 s and frees DATA_DIR`, async () => {
			const { entrypoint, cmd } = runtimeCommand()
			expect(entrypoint[0]).toMatch(/(^|\/)tini$/)
			// With tini here too, run exactly what the image runs; else its CMD, which tini hands each signal to.
			const tini = tiniOnThisMachine()
			const command = (tini ? [tini, ...entrypoint.slice(1), ...cmd] : cmd) as [string, ...string[]]
			expect(command.at(-1)).toBe('scripts/start.mjs')
			await expectStopsCleanly(command, signal)
		}, 120_000)
	}
})
