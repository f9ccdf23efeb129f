import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts'

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

	it('takes over an unreadable lock file', () => {
		const dir = tempDir()
		fs.writeFileSync(path.join(dir, '.lock'), '{"pid": 12')
		const lock = acquireDataDirLock(dir)
		lock.release()
	})
})
