/**
 * `npm run backup [FILE]`: one .tar.gz with the database and every uploaded file (ADR 0111),
 * written while the shop runs. Without FILE it goes to BACKUP_DIR (DATA_DIR/backups by default).
 */
import path from 'node:path'
import { openDatabase } from '#db/client.ts'
import { BackupError } from '../backup/archive.ts'
import { backupFileName, createBackup, type BackupResult } from '../backup/backup.ts'
import { acquireDataDirLock } from '../data-dir-lock.ts'
import { loadEnvOrExit } from '../main.ts'
import { createStorage } from '../services.ts'
import { setPrivateUmask } from '../private-files.ts'
import { fail, viaRunningShop } from './running-shop.ts'

const args = process.argv.slice(2).filter((arg) => arg !== '--')
if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) fail('Usage: npm run backup [FILE]')
// Backups hold everything: nothing this command writes is readable by other accounts (ADR 0167).
setPrivateUmask()
const env = loadEnvOrExit()
const file = path.resolve(args[0] ?? path.join(env.BACKUP_DIR, backupFileName(new Date(), env.BACKUP_ENCRYPT)))
const warn = (message: string) => process.stderr.write(`Warning: ${message}\n`)

let result: BackupResult
const answer = await viaRunningShop(env, '/backup', { file })
if (answer) {
	for (const warning of (answer.warnings as string[]) ?? []) warn(warning)
	result = answer as unknown as BackupResult
} else {
	// No shop holds the data (or it is on PostgreSQL): read it directly.
	const lock = env.databaseEngine === 'pglite' ? await acquireDataDirLock(env.DATA_DIR) : null
	const handle = await openDatabase(env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL, poolSize: 2 } : { engine: 'pglite', dataDir: env.DATA_DIR })
	try {
		result = await createBackup({ database: handle, storage: createStorage(env), key: env.BACKUP_KEY, encrypt: env.BACKUP_ENCRYPT, warn }, file)
	} catch (error) {
		if (error instanceof BackupError) fail(`Backup failed: ${error.message}`)
		throw error
	} finally {
		await handle.close()
		lock?.release()
	}
}
const rows = Object.values(result.manifest.tables).reduce((sum, count) => sum + count, 0)
const sealed = result.encrypted ? 'signed and encrypted' : result.signed ? 'signed' : 'not signed'
console.log(`Backup written: ${result.file} (${(result.bytes / 1024).toFixed(0)} KB; ${rows} rows, ${result.manifest.files} uploaded files; ${sealed}).`)
