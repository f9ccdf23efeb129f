import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { DatabaseHandle } from '#db/client.ts'
import { appSettings } from '#db/schema/index.ts'
import type { Env } from '../config/env.ts'
import { createPeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { backupFileName, createBackup } from './backup.ts'

/** The row that says when the last scheduled backup began; the instance that moves it runs the backup. */
const LEASE_KEY = 'scheduled_backup_started_at'
const BACKUP_FILE = /^shop-backup-.*\.tar\.gz(\.enc)?$/

export type ScheduledBackupDeps = {
	database: DatabaseHandle
	storage: ObjectStorage
	env: Pick<Env, 'BACKUP_INTERVAL_HOURS' | 'BACKUP_DIR' | 'BACKUP_KEEP' | 'BACKUP_KEY' | 'BACKUP_ENCRYPT'>
	log: Logger
}

/**
 * Claims this interval's backup: in one transaction the lease row is locked and moved to now only
 * if the last backup began an interval ago, so of several instances exactly one wins each interval.
 */
export async function claimScheduledBackup(deps: ScheduledBackupDeps, now = new Date()): Promise<boolean> {
	const intervalMs = deps.env.BACKUP_INTERVAL_HOURS * 3_600_000
	return deps.database.db.transaction(async (tx) => {
		await tx
			.insert(appSettings)
			.values({ key: LEASE_KEY, value: new Date(0).toISOString() })
			.onConflictDoNothing({ target: appSettings.key })
		const [row] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, LEASE_KEY)).for('update')
		if (now.getTime() - new Date(row!.value).getTime() < intervalMs) return false
		await tx.update(appSettings).set({ value: now.toISOString() }).where(eq(appSettings.key, LEASE_KEY))
		return true
	})
}

/** Deletes all but the newest `keep` backups in the folder (only files named like the shop's backups). */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
	const names = (await fs.readdir(folder).catch(() => [] as string[])).filter((name) => BACKUP_FILE.test(name)).sort()
	const removed = names.slice(0, Math.max(0, names.length - keep))
	for (const name of removed) await fs.rm(path.join(folder, name), { force: true })
	return removed
}

/** One round: a backup if this instance claims the interval, then retention. Returns the file written. */
export async function runScheduledBackup(deps: ScheduledBackupDeps, now = new Date()): Promise<string | null> {
	if (!(await claimScheduledBackup(deps, now))) return null
	const file = path.join(deps.env.BACKUP_DIR, backupFileName(now, deps.env.BACKUP_ENCRYPT))
	const result = await createBackup(
		{ database: deps.database, storage: deps.storage, key: deps.env.BACKUP_KEY, encrypt: deps.env.BACKUP_ENCRYPT, warn: (message) => deps.log.warn(message) },
		file,
	)
	const removed = await pruneBackups(deps.env.BACKUP_DIR, deps.env.BACKUP_KEEP)
	deps.log.info({ file, bytes: result.bytes, removed }, 'scheduled backup written')
	return file
}

/** Off unless BACKUP_INTERVAL_HOURS is set. Looks every few minutes; the lease decides whether it is time. */
export function startScheduledBackups(deps: ScheduledBackupDeps) {
	if (deps.env.BACKUP_INTERVAL_HOURS === 0) return null
	const job = createPeriodicJob({
		name: 'scheduled backup',
		round: () => runScheduledBackup(deps),
		onFailure: null,
		intervalMs: Math.min(deps.env.BACKUP_INTERVAL_HOURS * 3_600_000, 5 * 60_000),
		log: deps.log,
	})
	job.start(60_000)
	return job
}
