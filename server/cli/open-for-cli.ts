import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { runMigrations } from '#db/migrate.ts'
import type { Env } from '../config/env.ts'
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.ts'
import { setPrivateUmask } from '../private-files.ts'
import { loadEnvOrExit } from '../main.ts'

/**
 * Opens the configured database for a command-line task. On PGlite the task needs the data
 * directory to itself, so it refuses (one line, exit 1) while the server runs.
 */
export async function openDatabaseForCli(): Promise<{ env: Env; handle: DatabaseHandle; close(): Promise<void> }> {
	setPrivateUmask()
	const env = loadEnvOrExit()
	let lock: { release(): void } | undefined
	if (env.databaseEngine === 'pglite') {
		try {
			lock = await acquireDataDirLock(env.DATA_DIR)
		} catch (error) {
			if (error instanceof DataDirLockedError) {
				process.stderr.write(`${error.message} Stop the shop first, or use PostgreSQL (DATABASE_URL).\n`)
				process.exit(1)
			}
			throw error
		}
	}
	const handle = await openDatabase(env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL } : { engine: 'pglite', dataDir: env.DATA_DIR })
	await runMigrations(handle)
	return {
		env,
		handle,
		async close() {
			await handle.close()
			lock?.release()
		},
	}
}
