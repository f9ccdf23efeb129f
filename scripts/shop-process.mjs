// How `npm start`'s supervisor, the server and `npm run upgrade` find each other (ADR 0171): a small
// record in DATA_DIR naming the process that restarts the shop, and the signals and exit code they use.
// Plain JavaScript: `npm start` and `npm run upgrade` read it with bare Node, before anything is built.
import fs from 'node:fs'
import path from 'node:path'

/** The record's name inside DATA_DIR. Only a supervised shop writes one (npm start, systemd). */
export const RECORD_FILE = 'shop-process.json'
/** Sent to the supervisor (npm start) or to the server (systemd): stop gracefully and start again on the active build. */
export const RESTART_SIGNAL = 'SIGHUP'
/** Sent to `npm start`'s supervisor: stop the shop gracefully and wait (a rollback restores the backup meanwhile). */
export const PAUSE_SIGNAL = 'SIGUSR2'
/** The server's exit code after a restart was asked for: systemd (`Restart=on-failure`) and the supervisor start it again. */
export const RESTART_EXIT_CODE = 75

/** DATA_DIR as the server reads it (default ./data, relative to the working directory). */
export function dataDirFromEnv(env = process.env) {
	return path.resolve(env.DATA_DIR?.trim() || './data')
}

export function recordPath(dataDir) {
	return path.join(dataDir, RECORD_FILE)
}

/** Replaces the record in one step (readers never see half of it), readable by its owner only. */
export function writeRecord(dataDir, record) {
	fs.mkdirSync(dataDir, { recursive: true })
	const file = recordPath(dataDir)
	const temporary = `${file}.${process.pid}.tmp`
	fs.writeFileSync(temporary, JSON.stringify(record) + '\n', { mode: 0o600 })
	fs.renameSync(temporary, file)
}

/** The record, if its process still runs; null otherwise. */
export function readLiveRecord(dataDir) {
	let record
	try {
		record = JSON.parse(fs.readFileSync(recordPath(dataDir), 'utf8'))
	} catch {
		return null
	}
	if (!Number.isSafeInteger(record?.pid)) return null
	try {
		process.kill(record.pid, 0)
	} catch (error) {
		if (error.code !== 'EPERM') return null
	}
	return record
}

/** Removes the record if it is still this process's. */
export function removeRecord(dataDir, pid = process.pid) {
	try {
		const record = JSON.parse(fs.readFileSync(recordPath(dataDir), 'utf8'))
		if (record.pid === pid) fs.rmSync(recordPath(dataDir), { force: true })
	} catch {
		// Gone already, or never written.
	}
}
