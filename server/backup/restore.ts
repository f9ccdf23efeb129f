import fs from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { pgliteDirectory } from '#db/client.ts'
import { contentTypeFor } from '../storage/local-storage.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { BackupError, runTool, scratchFolder, unpackArchive, type BackupManifest } from './archive.ts'
import { postgresToolEnv } from './backup.ts'
import { databaseHasTables, loadTables, type SqlRunner } from './logical-dump.ts'

export type RestoreTarget = { engine: 'pglite'; dataDir: string; storage: ObjectStorage } | { engine: 'postgres'; databaseUrl: string; storage: ObjectStorage }

export type RestoreResult = { manifest: BackupManifest; method: 'pglite data dump' | 'pg_restore' | 'portable copy'; files: number }

/** The target already holds a shop; the message says what is there and how to overwrite it. */
export class RestoreTargetNotEmptyError extends BackupError {
	override name = 'RestoreTargetNotEmptyError'
}

/** What is already in the target (empty list: nothing; a restore may go ahead). */
export async function findExistingData(target: RestoreTarget): Promise<string[]> {
	const found: string[] = []
	if (target.engine === 'pglite') {
		const pgdata = pgliteDirectory(target.dataDir)
		if ((await fs.readdir(pgdata).catch(() => [])).length > 0) found.push(`a database in ${pgdata}`)
	} else {
		const client = new pg.Client({ connectionString: target.databaseUrl })
		await client.connect()
		try {
			if (await databaseHasTables(async (text) => (await client.query(text)).rows as never)) found.push('tables in the PostgreSQL database')
		} finally {
			await client.end()
		}
	}
	for await (const key of target.storage.list()) {
		found.push(target.storage.kind === 's3' ? `files in the S3 bucket (${key}, …)` : `uploaded files (${key}, …)`)
		break
	}
	return found
}

async function emptyTarget(target: RestoreTarget) {
	if (target.engine === 'pglite') {
		await fs.rm(pgliteDirectory(target.dataDir), { recursive: true, force: true })
	} else {
		const client = new pg.Client({ connectionString: target.databaseUrl })
		await client.connect()
		try {
			await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public')
		} finally {
			await client.end()
		}
	}
	const keys: string[] = []
	for await (const key of target.storage.list()) keys.push(key)
	for (const key of keys) await target.storage.delete(key)
}

/**
 * Restores a backup into an empty data folder or empty database (ADR 0111). A target that holds
 * data is refused unless `force`, which first removes what is there. The engine's own copy is used
 * when it fits (PGlite's data dump into PGlite, pg_restore into PostgreSQL); otherwise the portable
 * copy: the backup's own migrations make the schema and the rows load into it, which is how a
 * PGlite shop moves to PostgreSQL.
 */
export async function restoreBackup(
	file: string,
	target: RestoreTarget,
	options: { force?: boolean; warn?: (message: string) => void } = {},
): Promise<RestoreResult> {
	const existing = await findExistingData(target)
	if (existing.length > 0 && !options.force) {
		throw new RestoreTargetNotEmptyError(
			`Refused: the target is not empty (${existing.join('; ')}). Restore into an empty one, or add --force to replace what is there.`,
		)
	}
	const scratch = await scratchFolder('restore')
	try {
		const manifest = await unpackArchive(file, scratch.folder)
		if (existing.length > 0) await emptyTarget(target)
		const method = await restoreDatabase(scratch.folder, manifest, target, options.warn)
		const files = await restoreUploads(path.join(scratch.folder, 'uploads'), target.storage)
		return { manifest, method, files }
	} finally {
		await scratch.remove()
	}
}

async function restoreDatabase(
	folder: string,
	manifest: BackupManifest,
	target: RestoreTarget,
	warn?: (message: string) => void,
): Promise<RestoreResult['method']> {
	if (target.engine === 'pglite') {
		const dataDir = pgliteDirectory(target.dataDir)
		if (manifest.native.pgliteDataDir) {
			try {
				const dump = await fs.readFile(path.join(folder, manifest.native.pgliteDataDir))
				const client = await PGlite.create({ dataDir, loadDataDir: new Blob([dump]) })
				await client.query('select 1')
				await client.close()
				return 'pglite data dump'
			} catch (error) {
				warn?.(`PGlite could not load its data dump (${(error as Error).message}); restoring the portable copy instead.`)
				await fs.rm(dataDir, { recursive: true, force: true })
			}
		}
		await fs.mkdir(dataDir, { recursive: true })
		const client = await PGlite.create({ dataDir })
		try {
			await migratePglite(drizzlePglite({ client }), { migrationsFolder: path.join(folder, 'migrations') })
			await client.transaction(async (tx) => {
				await loadTables(async (text, params) => (await tx.query(text, params)).rows as never, path.join(folder, 'data'))
			})
		} finally {
			await client.close()
		}
		return 'portable copy'
	}

	if (manifest.native.pgDump) {
		const { env, dbname } = postgresToolEnv(target.databaseUrl)
		try {
			await runTool(
				'pg_restore',
				['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, path.join(folder, manifest.native.pgDump)],
				'restore with pg_restore',
				env,
			)
			return 'pg_restore'
		} catch (error) {
			warn?.(`${(error as Error).message} Restoring the portable copy instead.`)
			await emptyDatabase(target.databaseUrl)
		}
	}
	const client = new pg.Client({ connectionString: target.databaseUrl })
	await client.connect()
	try {
		await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: path.join(folder, 'migrations') })
		const run: SqlRunner = async (text, params) => (await client.query(text, params as unknown[])).rows as never
		await client.query('begin')
		await loadTables(run, path.join(folder, 'data'))
		await client.query('commit')
	} catch (error) {
		await client.query('rollback').catch(() => {})
		throw error
	} finally {
		await client.end()
	}
	return 'portable copy'
}

async function emptyDatabase(url: string) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public')
	} finally {
		await client.end()
	}
}

async function restoreUploads(folder: string, storage: ObjectStorage) {
	let count = 0
	const walk = async (dir: string, prefix: string) => {
		for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
			const key = prefix ? `${prefix}/${entry.name}` : entry.name
			if (entry.isDirectory()) await walk(path.join(dir, entry.name), key)
			else if (entry.isFile()) {
				await storage.put(key, await fs.readFile(path.join(dir, entry.name)), contentTypeFor(key))
				count++
			}
		}
	}
	await walk(folder, '')
	return count
}
