import fs from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { PGLITE_EXTENSIONS, pgliteDirectory } from '#db/client.ts'
import { migrationsFolder } from '#db/migrate.ts'
import { contentTypeFor } from '../storage/local-storage.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { makePrivateFolder } from '../private-files.ts'
import { BackupError, scratchFolder, unpackArchive, type BackupManifest, type ReadOptions } from './archive.ts'
import { databaseHasTables, loadTables, type SqlRunner } from './logical-dump.ts'
import { migrationsUpTo } from './schema-steps.ts'

export type RestoreTarget = { engine: 'pglite'; dataDir: string; storage: ObjectStorage } | { engine: 'postgres'; databaseUrl: string; storage: ObjectStorage }

export type RestoreResult = { manifest: BackupManifest; files: number }

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
		await withPostgres(target.databaseUrl, async (client) => {
			if (await databaseHasTables(async (text) => (await client.query(text)).rows as never)) found.push('tables in the PostgreSQL database')
		})
	}
	for await (const key of target.storage.list()) {
		found.push(target.storage.kind === 's3' ? `files in the S3 bucket (${key}, …)` : `uploaded files (${key}, …)`)
		break
	}
	return found
}

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return await work(client)
	} finally {
		await client.end()
	}
}

async function emptyDatabase(target: RestoreTarget) {
	if (target.engine === 'pglite') await fs.rm(pgliteDirectory(target.dataDir), { recursive: true, force: true })
	else
		await withPostgres(target.databaseUrl, (client) =>
			client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public'),
		)
}

async function emptyTarget(target: RestoreTarget) {
	await emptyDatabase(target)
	const keys: string[] = []
	for await (const key of target.storage.list()) keys.push(key)
	for (const key of keys) await target.storage.delete(key)
}

/**
 * Restores a backup into an empty data folder or empty database (ADR 0111, 0166). The archive is
 * checked and unpacked to a scratch folder first (signature, every entry's size and hash, no links
 * or paths out, sizes bounded): anything wrong is refused before the target is looked at. A target
 * that holds data is refused unless `force`, which first removes what is there. The schema is made
 * by the shop's own migrations up to the backup's, the rows are loaded as data, the rest of the
 * migrations run, then the files go to storage. A load that fails leaves the target empty again.
 */
export async function restoreBackup(
	file: string,
	target: RestoreTarget,
	options: ReadOptions & {
		force?: boolean
		/** The migrations to restore with: the source tree's by default, a build's own when returning to it (ADR 0170). */
		migrations?: string
	} = {},
): Promise<RestoreResult> {
	const migrations = options.migrations ?? migrationsFolder()
	const scratch = await scratchFolder('restore')
	try {
		const manifest = await unpackArchive(file, scratch.folder, options)
		const schemaSteps = await migrationsUpTo(manifest.schema, scratch.folder, migrations)
		if (!schemaSteps)
			throw new BackupError(
				`Refused ${path.basename(file)}: it was made by a newer version of the shop (schema ${manifest.schema}); upgrade the shop first. Nothing was changed.`,
			)
		const existing = await findExistingData(target)
		if (existing.length > 0 && !options.force) {
			throw new RestoreTargetNotEmptyError(
				`Refused: the target is not empty (${existing.join('; ')}). Restore into an empty one, or add --force to replace what is there.`,
			)
		}
		if (existing.length > 0) await emptyTarget(target)
		try {
			await restoreDatabase(scratch.folder, schemaSteps, migrations, target)
			const files = await restoreUploads(scratch.folder, manifest, target.storage)
			return { manifest, files }
		} catch (error) {
			await emptyTarget(target).catch(() => {})
			throw error
		}
	} finally {
		await scratch.remove()
	}
}

/** Rows loaded into the schema the backup was taken at, then every later migration of this shop. */
async function restoreDatabase(folder: string, schemaSteps: string, migrations: string, target: RestoreTarget) {
	const data = async (run: SqlRunner) => {
		// The triggers that keep figures wait (units sold, ADR 0165; customers, ADR 0263; sales days, ADR 0271; search texts, ADR 0275): each is counted once below, not once per loaded row or batch.
		await run(`select set_config('shop.bulk_load', 'on', true)`)
		await loadTables(run, folder)
		// The tables were empty when planned for: without statistics the recounts below would plan a
		// long history's joins as a handful of rows each, and a restore of 300,000 orders spent minutes in one recount.
		await run('analyze')
		// Units sold are the database's own sums (ADR 0165): counted again from the loaded lines.
		const [recount] = await run<{ present: boolean }>(`select to_regproc('recount_all_sold_units') is not null as present`)
		if (recount?.present) await run('select recount_all_sold_units()')
		// So are the customers list's figures (ADR 0263), which backups leave out.
		const [customers] = await run<{ present: boolean }>(`select to_regproc('recount_all_customers') is not null as present`)
		if (customers?.present) await run('select recount_all_customers()')
		// And the sales reports' days (ADR 0271).
		const [salesDays] = await run<{ present: boolean }>(`select to_regproc('recount_all_sales_line_days') is not null as present`)
		if (salesDays?.present) await run('select recount_all_sales_line_days()')
		// And what each listed product is found by in each language (ADR 0275).
		const [search] = await run<{ present: boolean }>(`select to_regproc('recount_all_product_search_extra') is not null as present`)
		if (search?.present) await run('select recount_all_product_search_extra()')
	}
	if (target.engine === 'pglite') {
		const dataDir = pgliteDirectory(target.dataDir)
		makePrivateFolder(target.dataDir)
		makePrivateFolder(dataDir)
		const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS })
		try {
			const db = drizzlePglite({ client })
			await migratePglite(db, { migrationsFolder: schemaSteps })
			await client.transaction((tx) => data(async (text, params) => (await tx.query(text, params)).rows as never))
			await migratePglite(db, { migrationsFolder: migrations })
		} finally {
			await client.close()
		}
		return
	}
	await withPostgres(target.databaseUrl, async (client) => {
		const db = drizzleNodePg({ client })
		await migrateNodePg(db, { migrationsFolder: schemaSteps })
		await client.query('begin')
		try {
			await data(async (text, params) => (await client.query(text, params as unknown[])).rows as never)
			await client.query('commit')
		} catch (error) {
			await client.query('rollback').catch(() => {})
			throw error
		}
		await migrateNodePg(db, { migrationsFolder: migrations })
	})
}

/** Every uploads/<key> entry into storage (each already checked: a valid key, at most BACKUP_LIMITS.uploadBytes). */
async function restoreUploads(folder: string, manifest: BackupManifest, storage: ObjectStorage) {
	let count = 0
	for (const name of Object.keys(manifest.entries).filter((entry) => entry.startsWith('uploads/'))) {
		const key = name.slice('uploads/'.length)
		await storage.put(key, await fs.readFile(path.join(folder, ...name.split('/'))), contentTypeFor(key))
		count++
	}
	return count
}
