/**
 * `npm run restore FILE [--force]`: restores a backup (ADR 0111) into the configured DATA_DIR or
 * DATABASE_URL, and the configured upload storage. The target must be empty unless --force.
 */
import { parseArgs } from 'node:util'
import path from 'node:path'
import { BackupError } from '../backup/archive.ts'
import { restoreBackup, type RestoreTarget } from '../backup/restore.ts'
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.ts'
import { loadEnvOrExit } from '../main.ts'
import { createStorage } from '../services.ts'
import { fail } from './running-shop.ts'

const USAGE = 'Usage: npm run restore -- FILE [--force]'
let parsed: { positionals: string[]; values: { force?: boolean } }
try {
	parsed = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } })
} catch (error) {
	fail(`${(error as Error).message}\n${USAGE}`)
}
const [file, ...rest] = parsed.positionals
if (!file || rest.length > 0) fail(USAGE)
const env = loadEnvOrExit()
const storage = createStorage(env)

let lock: { release(): void } | null = null
if (env.databaseEngine === 'pglite') {
	try {
		lock = acquireDataDirLock(env.DATA_DIR)
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
		warn: (message) => process.stderr.write(`Warning: ${message}\n`),
	})
	const rows = Object.values(result.manifest.tables).reduce((sum, count) => sum + count, 0)
	console.log(
		`Restored ${path.basename(file)} (made ${result.manifest.createdAt} on ${result.manifest.engine}) with the ${result.method}: ${rows} rows, ${result.files} uploaded files. Start the shop with npm start.`,
	)
} catch (error) {
	if (error instanceof BackupError) fail(error.message)
	throw error
} finally {
	lock?.release()
}
