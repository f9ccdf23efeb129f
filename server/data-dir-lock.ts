import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export class DataDirLockedError extends Error {
	override name = 'DataDirLockedError'
}

type LockRecord = { pid: number; hostname: string; startedAt: string }

const LOCK_FILE = '.lock'
/** Held only while one process checks and removes a dead owner's lock, so two never do it at once. */
const BREAK_GUARD = '.lock.break'
/**
 * An unreadable lock file younger than this may still be in the hands of its writer (an older
 * version of the shop wrote it in two steps); older, nobody is writing it and it may go.
 */
export const UNREADABLE_LOCK_GRACE_MS = 10_000

function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		// EPERM: the process exists but belongs to someone else.
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

type Read = { kind: 'missing' } | { kind: 'unreadable'; ageMs: number } | { kind: 'held'; record: LockRecord; raw: string }

function readLock(file: string): Read {
	let raw: string
	let ageMs: number
	try {
		raw = fs.readFileSync(file, 'utf8')
		ageMs = Date.now() - fs.statSync(file).mtimeMs
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
		throw error
	}
	try {
		const record = JSON.parse(raw) as Partial<LockRecord>
		if (Number.isSafeInteger(record.pid) && typeof record.hostname === 'string' && typeof record.startedAt === 'string') {
			return { kind: 'held', record: record as LockRecord, raw }
		}
	} catch {
		// Falls through: not a complete record.
	}
	return { kind: 'unreadable', ageMs }
}

/**
 * Publishes `content` at `file` only if nothing is there, complete from its first moment: the
 * content is written and flushed to a private temporary file, which link() then puts in place
 * (link fails with EEXIST, atomically, when the name is taken). Returns false when it was taken.
 */
function publishExclusive(file: string, content: string): boolean {
	const temporary = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`
	const fd = fs.openSync(temporary, 'wx')
	try {
		fs.writeSync(fd, content)
		fs.fsyncSync(fd)
	} finally {
		fs.closeSync(fd)
	}
	try {
		fs.linkSync(temporary, file)
		return true
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'EEXIST') return false
		if (code !== undefined && NO_HARD_LINKS.has(code)) return createExclusive(file, content)
		throw error
	} finally {
		fs.rmSync(temporary, { force: true })
	}
}

/** What link() answers on file systems without hard links (some network and FAT volumes). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'])

/**
 * The fallback where link() is not available: create-exclusive, then write. The file is briefly
 * empty, which readers treat as "being written" (never as stale) until UNREADABLE_LOCK_GRACE_MS.
 */
function createExclusive(file: string, content: string): boolean {
	try {
		fs.writeFileSync(file, content, { flag: 'wx' })
		return true
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
		throw error
	}
}

/**
 * Removes the lock at `file` if it is still exactly the one judged dead (`judgedRaw`, or an old
 * unreadable file). Without the guard, two processes that both judged the same dead lock could
 * interleave so that the second removes the live lock the first had just taken.
 */
function breakDeadLock(file: string, judged: Read) {
	const guard = path.join(path.dirname(file), BREAK_GUARD)
	const mine = JSON.stringify({ pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() })
	if (!publishExclusive(guard, mine)) {
		// Someone else is breaking it right now: give them a moment. Their guard lives for a few
		// system calls; one left by a process that died inside them is old and may go.
		if (Date.now() - mtimeOrNow(guard) > UNREADABLE_LOCK_GRACE_MS) fs.rmSync(guard, { force: true })
		else sleepSync(5)
		return
	}
	try {
		const now = readLock(file)
		const same =
			(judged.kind === 'held' && now.kind === 'held' && now.raw === judged.raw) ||
			(judged.kind === 'unreadable' && now.kind === 'unreadable' && now.ageMs > UNREADABLE_LOCK_GRACE_MS)
		if (same) fs.rmSync(file, { force: true })
	} finally {
		const current = readLock(guard)
		if (current.kind === 'held' && JSON.stringify(current.record) === mine) fs.rmSync(guard, { force: true })
	}
}

function mtimeOrNow(file: string) {
	try {
		return fs.statSync(file).mtimeMs
	} catch {
		return Date.now()
	}
}

/** Start-up code only: a few milliseconds' pause without giving up the synchronous flow. */
function sleepSync(ms: number) {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * The lock where the kernel has none to offer (not Linux): a lock file naming its owner, never
 * visible half-written (publishExclusive). A lock whose process no longer runs (a crash, a SIGKILL,
 * a restarted container) is taken over; an unreadable one only once it is old enough that nobody
 * can still be writing it.
 */
export function acquireFileLock(dataDir: string): DataDirLock {
	fs.mkdirSync(dataDir, { recursive: true })
	const file = path.join(dataDir, LOCK_FILE)
	const mine: LockRecord = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() }
	const content = JSON.stringify(mine)

	for (let attempt = 0; attempt < 20; attempt++) {
		if (publishExclusive(file, content)) {
			return {
				release() {
					const current = readLock(file)
					if (current.kind === 'held' && current.raw === content) fs.rmSync(file, { force: true })
				},
			}
		}
		const holder = readLock(file)
		if (holder.kind === 'missing') continue
		if (holder.kind === 'held' && holder.record.pid !== process.pid && isAlive(holder.record.pid)) {
			throw new DataDirLockedError(`DATA_DIR ${dataDir} is already in use by process ${holder.record.pid}; stop that process or choose another DATA_DIR.`)
		}
		if (holder.kind === 'unreadable' && holder.ageMs <= UNREADABLE_LOCK_GRACE_MS) break
		// A complete lock whose owner is dead (or an earlier life of this very pid), or an old unreadable file.
		breakDeadLock(file, holder)
	}
	throw new DataDirLockedError(
		`DATA_DIR ${dataDir} is being claimed by another process (or its ${LOCK_FILE} file is unreadable); try again, or remove ${file} if no shop uses this folder.`,
	)
}

function fileLockHolder(dataDir: string): number | null {
	const holder = readLock(path.join(dataDir, LOCK_FILE))
	if (holder.kind !== 'held' || holder.record.hostname !== os.hostname()) return null
	return isAlive(holder.record.pid) ? holder.record.pid : null
}

export type DataDirLock = { release(): void }

/** Linux binds abstract Unix sockets: a name in the kernel, no file, gone with the process. */
const KERNEL_LOCKS = process.platform === 'linux'

/** The abstract socket name for a folder: one per real path, so two spellings of one folder meet. */
export function lockSocketName(dataDir: string) {
	const real = fs.realpathSync(dataDir)
	return `\0atelier-shop-data-dir/${crypto.createHash('sha256').update(real).digest('hex')}`
}

function lockedError(dataDir: string, pid: number | null) {
	return new DataDirLockedError(
		`DATA_DIR ${dataDir} is already in use by ${pid ? `process ${pid}` : 'another process'}; stop that process or choose another DATA_DIR.`,
	)
}

/**
 * PGlite runs one process per data directory, so the app claims DATA_DIR before opening it
 * (ADR 0167). On Linux the claim is an abstract Unix socket bound under a name made from the
 * folder's real path: binding is atomic, a second bind fails with EADDRINUSE, and the kernel
 * releases the name when the process ends however it ends (a crash, SIGKILL, the container
 * stopped), so there is no stale lock to judge. The socket answers whoever connects with the
 * holder's pid. Elsewhere a lock file stands in. One data directory serves one machine (one
 * network namespace: containers sharing a volume must share the host's, or not share the folder).
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
	fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
	if (!KERNEL_LOCKS) return acquireFileLock(dataDir)
	const server = net.createServer((socket) => {
		socket.on('error', () => {})
		socket.end(`${process.pid}\n`)
	})
	server.unref()
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(lockSocketName(dataDir), () => resolve())
	}).catch(async (error: NodeJS.ErrnoException) => {
		if (error.code === 'EADDRINUSE') throw lockedError(dataDir, await dataDirHolder(dataDir))
		throw error
	})
	return { release: () => void server.close() }
}

/** The live process holding DATA_DIR (a running shop), or null when nobody does. */
export async function dataDirHolder(dataDir: string): Promise<number | null> {
	if (!fs.existsSync(dataDir)) return null
	if (!KERNEL_LOCKS) return fileLockHolder(dataDir)
	return new Promise((resolve) => {
		let answer = ''
		const socket = net.connect(lockSocketName(dataDir))
		const give = (pid: number | null) => {
			socket.destroy()
			resolve(pid)
		}
		socket.setTimeout(2_000, () => give(null))
		socket.on('data', (chunk) => (answer += chunk.toString()))
		socket.on('end', () => give(Number.parseInt(answer, 10) || null))
		socket.on('error', () => give(null))
	})
}
