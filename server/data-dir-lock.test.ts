import { fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { acquireDataDirLock, DataDirLockedError, UNREADABLE_LOCK_GRACE_MS } from './data-dir-lock.ts'

const dirs: string[] = []
function tempDir() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'))
	dirs.push(dir)
	return dir
}
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('DATA_DIR lock', () => {
	it('is refused while another live process holds it', async () => {
		const dir = tempDir()
		const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
		try {
			fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid: other.pid, hostname: os.hostname(), startedAt: 'x' }))
			expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
			expect(() => acquireDataDirLock(dir)).toThrow(`DATA_DIR ${dir} is already in use by process ${other.pid}`)
		} finally {
			other.kill()
		}
	})

	it('takes over a lock whose process has gone, and releases it', async () => {
		const dir = tempDir()
		const gone = spawn(process.execPath, ['-e', ''])
		await new Promise((resolve) => gone.once('exit', resolve))
		fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid: gone.pid, hostname: os.hostname(), startedAt: 'x' }))
		const lock = acquireDataDirLock(dir)
		expect(JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).pid).toBe(process.pid)
		lock.release()
		expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false)
	})

	it('leaves a fresh unreadable lock file alone (its writer may be mid-write), and takes over an old one', () => {
		const dir = tempDir()
		const file = path.join(dir, '.lock')
		fs.writeFileSync(file, '{"pid": 12')
		expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
		expect(fs.readFileSync(file, 'utf8')).toBe('{"pid": 12')
		const old = (Date.now() - UNREADABLE_LOCK_GRACE_MS - 5_000) / 1000
		fs.utimesSync(file, old, old)
		const lock = acquireDataDirLock(dir)
		expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid)
		lock.release()
		expect(fs.existsSync(file)).toBe(false)
	})

	it('falls back to create-exclusive on a file system without hard links', () => {
		const dir = tempDir()
		const link = vi.spyOn(fs, 'linkSync').mockImplementation(() => {
			throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' })
		})
		try {
			const lock = acquireDataDirLock(dir)
			expect(JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).pid).toBe(process.pid)
			expect(fs.readdirSync(dir)).toEqual(['.lock'])
			expect(link).toHaveBeenCalled()
			lock.release()
		} finally {
			link.mockRestore()
		}
	})

	it('is never held by two processes at once: 300 aligned races between two real processes, fresh and over a dead owner’s lock', async () => {
		const gone = spawn(process.execPath, ['-e', ''])
		await new Promise((resolve) => gone.once('exit', resolve))
		const racers = [0, 1].map(() => fork(RACER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }))
		const inbox = racers.map((racer) => {
			const queue: Reply[] = []
			let wake: (() => void) | null = null
			racer.on('message', (message: Reply) => {
				queue.push(message)
				wake?.()
			})
			return async function next(): Promise<Reply> {
				while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve))
				wake = null
				return queue.shift()!
			}
		})
		try {
			await Promise.all(inbox.map((next) => next()))
			const root = tempDir()
			let doubleHolds = 0
			const outcomes: string[] = []
			for (let trial = 0; trial < TRIALS; trial++) {
				const dir = path.join(root, String(trial))
				fs.mkdirSync(dir)
				// Every other trial starts over a complete lock left by a process that has died.
				if (trial % 2 === 1) fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid: gone.pid, hostname: os.hostname(), startedAt: 'x' }))
				const at = performance.timeOrigin + performance.now() + 4
				for (const racer of racers) racer.send({ kind: 'start', trial, dir, at })
				const replies = await Promise.all(inbox.map((next) => next()))
				for (const reply of replies) expect(reply.error, `trial ${trial}`).toBeUndefined()
				const holders = replies.filter((reply) => reply.held).length
				if (holders > 1) doubleHolds++
				outcomes.push(String(holders))
				for (const racer of racers) racer.send({ kind: 'end', trial })
				await Promise.all(inbox.map((next) => next()))
			}
			expect(doubleHolds).toBe(0)
			// Someone always gets it: the loser sees a live owner, never a lock nobody holds.
			expect(outcomes.filter((count) => count !== '1')).toEqual([])
		} finally {
			for (const racer of racers) racer.kill()
		}
	}, 60_000)
})

type Reply = { trial?: number; held?: boolean; error?: string; ready?: boolean; ended?: boolean }
const TRIALS = 300
const RACER = path.resolve(import.meta.dirname, '../tests/support/data-dir-lock-racer.ts')
