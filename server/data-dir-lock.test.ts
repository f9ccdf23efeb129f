import { fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitUntil } from '../tests/support/wait.ts'
import { acquireDataDirLock, acquireFileLock, dataDirHolder, DataDirLockedError, UNREADABLE_LOCK_GRACE_MS } from './data-dir-lock.ts'

const dirs: string[] = []
function tempDir() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'))
	dirs.push(dir)
	return dir
}
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('DATA_DIR lock file (where the kernel offers no lock)', () => {
	it('is refused while another live process holds it', async () => {
		const dir = tempDir()
		const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
		try {
			fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid: other.pid, hostname: os.hostname(), startedAt: 'x' }))
			expect(() => acquireFileLock(dir)).toThrow(DataDirLockedError)
			expect(() => acquireFileLock(dir)).toThrow(`DATA_DIR ${dir} is already in use by process ${other.pid}`)
		} finally {
			other.kill()
		}
	})

	it('takes over a lock whose process has gone, and releases it', async () => {
		const dir = tempDir()
		const gone = spawn(process.execPath, ['-e', ''])
		await new Promise((resolve) => gone.once('exit', resolve))
		fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid: gone.pid, hostname: os.hostname(), startedAt: 'x' }))
		const lock = acquireFileLock(dir)
		expect(JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).pid).toBe(process.pid)
		lock.release()
		expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false)
	})

	it('leaves a fresh unreadable lock file alone (its writer may be mid-write), and takes over an old one', () => {
		const dir = tempDir()
		const file = path.join(dir, '.lock')
		fs.writeFileSync(file, '{"pid": 12')
		expect(() => acquireFileLock(dir)).toThrow(DataDirLockedError)
		expect(fs.readFileSync(file, 'utf8')).toBe('{"pid": 12')
		const old = (Date.now() - UNREADABLE_LOCK_GRACE_MS - 5_000) / 1000
		fs.utimesSync(file, old, old)
		const lock = acquireFileLock(dir)
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
			const lock = acquireFileLock(dir)
			expect(JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).pid).toBe(process.pid)
			expect(fs.readdirSync(dir)).toEqual(['.lock'])
			expect(link).toHaveBeenCalled()
			lock.release()
		} finally {
			link.mockRestore()
		}
	})
})

type Reply = { trial?: number; held?: boolean; error?: string; ready?: boolean; ended?: boolean }
const TRIALS = 1_000
const RACER = path.resolve(import.meta.dirname, '../tests/support/data-dir-lock-racer.ts')

/** A contender process (the racer) with a mailbox. */
function contender() {
	const child = fork(RACER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
	const queue: Reply[] = []
	let wake: (() => void) | null = null
	child.on('message', (message: Reply) => {
		queue.push(message)
		wake?.()
	})
	const next = async (): Promise<Reply> => {
		while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve))
		wake = null
		return queue.shift()!
	}
	return { child, next }
}

describe.runIf(process.platform === 'linux')('DATA_DIR lock held by the kernel (ADR 0167)', () => {
	it('names the live holder, leaves no file behind, and is free the moment the holder is SIGKILLed', async () => {
		const dir = tempDir()
		const holder = contender()
		try {
			await holder.next()
			holder.child.send({ kind: 'start', trial: 0, dir, at: 0 })
			expect(await holder.next()).toMatchObject({ held: true })
			await expect(acquireDataDirLock(dir)).rejects.toThrow(`DATA_DIR ${dir} is already in use by process ${holder.child.pid}`)
			expect(await dataDirHolder(dir)).toBe(holder.child.pid)
			// The same folder by another name (a symbolic link) is the same lock.
			const alias = path.join(tempDir(), 'alias')
			fs.symlinkSync(dir, alias)
			await expect(acquireDataDirLock(alias)).rejects.toThrow(DataDirLockedError)
			expect(fs.readdirSync(dir)).toEqual([])
			holder.child.kill('SIGKILL')
			await new Promise((resolve) => holder.child.once('exit', resolve))
			const lock = await acquireDataDirLock(dir)
			expect(await dataDirHolder(dir)).toBe(process.pid)
			lock.release()
			await waitUntil(async () => (await dataDirHolder(dir)) === null, { timeoutMs: 5_000, what: 'the lock released' })
		} finally {
			holder.child.kill()
		}
	})

	it(`is never held by two processes at once: ${TRIALS} aligned races between two real processes on a loaded machine`, async () => {
		// Busy processes on every core, so the contenders are preempted at any instruction.
		const burners = Array.from({ length: os.availableParallelism() }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }))
		const racers = [contender(), contender()]
		try {
			await Promise.all(racers.map((racer) => racer.next()))
			const root = tempDir()
			const outcomes: number[] = []
			for (let trial = 0; trial < TRIALS; trial++) {
				const dir = path.join(root, String(trial))
				fs.mkdirSync(dir)
				const at = performance.timeOrigin + performance.now() + 4
				for (const racer of racers) racer.child.send({ kind: 'start', trial, dir, at })
				const replies = await Promise.all(racers.map((racer) => racer.next()))
				for (const reply of replies) expect(reply.error, `trial ${trial}`).toBeUndefined()
				outcomes.push(replies.filter((reply) => reply.held).length)
				for (const racer of racers) racer.child.send({ kind: 'end', trial })
				await Promise.all(racers.map((racer) => racer.next()))
			}
			// Exactly one holder every time: never two, never none.
			expect(outcomes.filter((holders) => holders !== 1)).toEqual([])
			expect(outcomes).toHaveLength(TRIALS)
		} finally {
			for (const racer of racers) racer.child.kill()
			for (const burner of burners) burner.kill()
		}
	}, 300_000)
})
