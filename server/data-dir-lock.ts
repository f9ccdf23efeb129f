import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export class DataDirLockedError extends Error {
	override name = 'DataDirLockedError'
}

type LockRecord = { pid: number; hostname: string; startedAt: string }

const LOCK_FILE = '.lock'

function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		// EPERM: the process exists but belongs to someone else.
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

function readLock(file: string): LockRecord | null {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as LockRecord
	} catch {
		return null
	}
}

/**
 * PGlite runs one process per data directory, so the app claims DATA_DIR before opening it.
 * The lock file names its owner; a lock whose process no longer runs (a crash, a SIGKILL,
 * a restarted container) is taken over. One data directory serves one machine.
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
	fs.mkdirSync(dataDir, { recursive: true })
	const file = path.join(dataDir, LOCK_FILE)
	const mine: LockRecord = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() }

	for (let attempt = 0; attempt < 3; attempt++) {
		try {
			fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' })
			return {
				release() {
					const current = readLock(file)
					if (current?.pid === mine.pid && current.startedAt === mine.startedAt) fs.rmSync(file, { force: true })
				},
			}
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
		const holder = readLock(file)
		if (holder !== null && holder.pid !== process.pid && isAlive(holder.pid)) {
			throw new DataDirLockedError(
				`DATA_DIR ${dataDir} is already in use by process ${holder.pid}; stop that process or choose another DATA_DIR.`,
			)
		}
		// Stale (or unreadable because its writer died mid-write): move it aside atomically, then retry.
		try {
			fs.renameSync(file, `${file}.stale-${process.pid}-${attempt}`)
			fs.rmSync(`${file}.stale-${process.pid}-${attempt}`, { force: true })
		} catch {
			// Another starting process moved it first; the retry settles who wins.
		}
	}
	throw new DataDirLockedError(`DATA_DIR ${dataDir} is being claimed by another process; try again.`)
}
