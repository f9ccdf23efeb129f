/**
 * ADR 0111 and 0112 on both engines: the scheduled backup's lease lets one instance write each
 * interval's backup and retention keeps the newest few; the last administrator cannot be removed,
 * not even by two administrators removing each other at the same moment.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { claimScheduledBackup, runScheduledBackup, type ScheduledBackupDeps } from '#server/backup/schedule.ts'
import { listStaff, revokeStaffRole, runUsersCommand, StaffError } from '#server/auth/staff.ts'
import { createLogger } from '#server/logger.ts'
import { createTestUser } from '../support/accounts.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

describe.each(ENGINES)('on %s', (engine) => {
	let database: TestDatabase
	let folder: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'schedule' })
		folder = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-scheduled-'))
	})
	afterAll(async () => {
		await database?.cleanup()
		await fs.rm(folder, { recursive: true, force: true })
	})

	const deps = (handle = database.handle): ScheduledBackupDeps => ({
		database: handle,
		storage: createLocalStorage(path.join(folder, 'uploads')),
		env: {
			BACKUP_INTERVAL_HOURS: 24,
			BACKUP_DIR: path.join(folder, 'backups'),
			BACKUP_KEEP: 2,
			BACKUP_KEY: 'scheduled-backups-key-0123456789abcdef',
			BACKUP_ENCRYPT: false,
		},
		log: createLogger({ LOG_LEVEL: 'silent' }),
	})

	it('one claim per interval, however many instances ask at once', async () => {
		const start = new Date('2030-01-01T00:00:00Z')
		const instances = engine === 'postgres' ? [database.handle, await database.openAnother(), await database.openAnother()] : [database.handle]
		const claims = await Promise.all(instances.flatMap((handle) => [claimScheduledBackup(deps(handle), start), claimScheduledBackup(deps(handle), start)]))
		expect(claims.filter(Boolean)).toHaveLength(1)
		expect(await claimScheduledBackup(deps(), new Date(start.getTime() + 23 * 3_600_000))).toBe(false)
		expect(await claimScheduledBackup(deps(), new Date(start.getTime() + 24 * 3_600_000))).toBe(true)
	})

	it('writes the backup and keeps only the newest BACKUP_KEEP', { timeout: 180_000 }, async () => {
		const written: string[] = []
		for (let day = 10; day < 13; day++) {
			const file = await runScheduledBackup(deps(), new Date(`2031-01-${day}T03:00:00Z`))
			expect(file).not.toBeNull()
			written.push(path.basename(file!))
		}
		expect((await fs.readdir(path.join(folder, 'backups'))).sort()).toEqual(written.slice(-2))
	})

	it('refuses to remove the last administrator, also when two remove each other at once', async () => {
		const db = database.handle.db
		const first = await createTestUser(db, { roles: ['admin'] })
		const second = await createTestUser(db, { roles: ['admin'] })
		const other = engine === 'postgres' ? (await database.openAnother()).db : db
		const results = await Promise.allSettled([revokeStaffRole(db, first.id, 'admin'), revokeStaffRole(other, second.id, 'admin')])
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
		expect(refused.reason).toBeInstanceOf(StaffError)
		expect((refused.reason as StaffError).reason).toBe('last-admin')
		const admins = (await listStaff(db)).filter((member) => member.roles.includes('admin'))
		expect(admins).toHaveLength(1)
		await expect(runUsersCommand({ db, auth: () => undefined as never }, { command: 'revoke', email: admins[0]!.email, role: 'admin' })).rejects.toThrow(
			/last administrator/,
		)
	})
})
