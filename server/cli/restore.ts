/**
 * `npm run restore FILE [--force] [--unsigned] [--migrations DIR]`: restores a backup (ADR 0111, 0166) into the
 * configured DATA_DIR or DATABASE_URL, and the configured upload storage. The archive is checked
 * against its signed manifest (BACKUP_KEY) before anything changes; --unsigned accepts one made
 * without a key. The target must be empty unless --force. --migrations names the migrations to
 * restore with (an upgrade returning to the previous build passes that build's own set).
 */
import { parseArgs } from 'node:util'
import path from 'node:path'
import { BackupError } from '../backup/archive.ts'
import { restoreBackup, type RestoreTarget } from '../backup/restore.ts'
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.ts'
import { loadEnvOrExit } from '../main.ts'
import { createStorage } from '../services.ts'
import { setPrivateUmask } from '../private-files.ts'
import { fail } from './running-shop.ts'

const USAGE = 'Usage: npm run restore -- FILE [--force] [--unsigned] [--migrations DIR]'
let parsed: { positionals: string[]; values: { force?: boolean; unsigned?: boolean; migrations?: string } }
try {
	parsed = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' }, unsigned: { type: 'boolean' }, migrations: { type: 'string' } } })
} catch (error) {
	fail(`${(error as Error).message}\n${USAGE}`)
}
const [file, ...rest] = parsed.positionals
if (!file || rest.length > 0) fail(USAGE)
// Backups hold everything: nothing this command writes is readable by other accounts (ADR 0167).
setPrivateUmask()
const env = loadEnvOrExit()
const storage = createStorage(env)

let lock: { release(): void } | null = null
if (env.databaseEngine === 'pglite') {
	try {
		lock = await acquireDataDirLock(env.DATA_DIR)
	} catch (error) {
		if (error instanceof DataDirLockedError) fail(`${error.message} Stop the shop before restoring: a restore replaces its data.`)
		throw error
	}
}
const target: RestoreTarget = env.DATABASE_URL
	? { engine: 'postgres', databaseUrl: env.DATABASE_URL, storage }
	: { engine: 'pglite', dataDir: env.DATA_DIR, storage }
try {
	const result = await restoreBackup(path.resolve(file), target, {
		force: parsed.values.force,
		key: env.BACKUP_KEY,
		allowUnsigned: parsed.values.unsigned,
		migrations: parsed.values.migrations ? path.resolve(parsed.values.migrations) : undefined,
	})
	const rows = Object.values(result.manifest.tables).reduce((sum, count) => sum + count, 0)
	console.log(
		`Restored ${path.basename(file)} (made ${result.manifest.createdAt} on ${result.manifest.engine}, schema ${result.manifest.schema}): ${rows} rows, ${result.files} uploaded files. Start the shop with npm start.`,
	)
} catch (error) {
	// fail() exits at once: the lock goes first, so a refused restore leaves the folder as it found it.
	lock?.release()
	if (error instanceof BackupError) fail(error.message)
	throw error
} finally {
	lock?.release()
}
