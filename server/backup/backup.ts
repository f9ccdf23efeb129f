import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createWriteStream } from 'node:fs'
import type { PoolClient } from 'pg'
import type { DatabaseHandle } from '#db/client.ts'
import { migrationsFolder } from '#db/migrate.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, packFolder, scratchFolder, type BackupManifest } from './archive.ts'
import { dumpTables, type SqlRunner } from './logical-dump.ts'

export type BackupSources = {
	database: DatabaseHandle
	/** The PostgreSQL URL (pg_dump connects on its own); unset on PGlite. */
	databaseUrl?: string
	storage: ObjectStorage
	/** Told about anything the backup had to do without (e.g. no pg_dump). */
	warn?: (message: string) => void
}

export type BackupResult = { file: string; manifest: BackupManifest; bytes: number }

/** A name that sorts by time: shop-backup-2026-11-25T10-00-00Z.tar.gz. */
export function backupFileName(now = new Date()) {
	return `shop-backup-${now
		.toISOString()
		.replace(/\.\d+Z$/, 'Z')
		.replaceAll(':', '-')}.tar.gz`
}

/**
 * Writes one .tar.gz holding the database and every uploaded file, consistent while the shop
 * takes orders (ADR 0111): the database is read in one snapshot, then the files are copied (a
 * file is stored before the row that names it commits, so every file the snapshot names is there).
 * The database goes in twice: a portable copy (data/, loads into either engine) and the engine's
 * own (PGlite's data dump, or pg_dump's archive when pg_dump is installed).
 */
export async function createBackup(sources: BackupSources, target: string): Promise<BackupResult> {
	const scratch = await scratchFolder('backup')
	try {
		const folder = scratch.folder
		const native: BackupManifest['native'] = {}
		const dataFolder = path.join(folder, 'data')
		const applied = { last: 0 }
		let tables: Record<string, number>
		if (sources.database.engine === 'pglite') {
			const pglite = sources.database.pglite
			if (!pglite) throw new BackupError('the PGlite handle is missing')
			await pglite.query('checkpoint')
			// One transaction: no other transaction runs meanwhile (PGlite runs them one at a time),
			// so the rows and the data dump are the same moment.
			tables = await pglite.transaction(async (tx) => {
				const run: SqlRunner = async (text, params) => (await tx.query(text, params)).rows as never
				applied.last = await lastAppliedMigration(run)
				const counts = await dumpTables(run, dataFolder)
				// Uncompressed: the archive around it is gzipped by the system's tar, much faster than in JavaScript.
				const dump = await pglite.dumpDataDir('none')
				await fs.writeFile(path.join(folder, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()))
				native.pgliteDataDir = 'pgdata.tar'
				return counts
			})
		} else {
			const pool = sources.database.pool
			if (!pool || !sources.databaseUrl) throw new BackupError('the PostgreSQL pool or URL is missing')
			const client = await pool.connect()
			try {
				await client.query('begin isolation level repeatable read read only')
				const run: SqlRunner = async (text, params) => (await client.query(text, params as unknown[])).rows as never
				applied.last = await lastAppliedMigration(run)
				const snapshot = await exportSnapshot(client)
				const pgDump = runPgDump(sources.databaseUrl, snapshot, path.join(folder, 'postgres.dump')).then(
					() => (native.pgDump = 'postgres.dump'),
					(error: Error) => sources.warn?.(`${error.message} The backup holds the shop's portable copy of the database only, which restores as well.`),
				)
				tables = await dumpTables(run, dataFolder)
				await pgDump
				await client.query('commit')
			} catch (error) {
				await client.query('rollback').catch(() => {})
				throw error
			} finally {
				client.release()
			}
		}
		await copyMigrations(path.join(folder, 'migrations'), applied.last)
		const files = await copyUploads(sources.storage, path.join(folder, 'uploads'))
		const manifest: BackupManifest = {
			format: BACKUP_FORMAT,
			formatVersion: BACKUP_FORMAT_VERSION,
			createdAt: new Date().toISOString(),
			engine: sources.database.engine,
			tables,
			files,
			native,
		}
		await fs.writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest, null, '\t'))
		await packFolder(folder, target)
		return { file: target, manifest, bytes: (await fs.stat(target)).size }
	} finally {
		await scratch.remove()
	}
}

async function exportSnapshot(client: PoolClient) {
	const result = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
	return result.rows[0]!.snapshot
}

/** The `when` of the newest migration applied to this database (drizzle records it as created_at). */
async function lastAppliedMigration(run: SqlRunner): Promise<number> {
	const [row] = await run<{ last: string | null }>(`select max(created_at)::text as last from drizzle.__drizzle_migrations`)
	return Number(row?.last ?? 0)
}

/** The migrations that made this database's schema (not newer ones): a restore replays exactly these. */
async function copyMigrations(target: string, lastApplied: number) {
	const source = migrationsFolder()
	await fs.cp(source, target, { recursive: true })
	const journalFile = path.join(target, 'meta', '_journal.json')
	const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { when: number; tag: string }[] }
	const kept = journal.entries.filter((entry) => entry.when <= lastApplied)
	for (const dropped of journal.entries.filter((entry) => entry.when > lastApplied)) await fs.rm(path.join(target, `${dropped.tag}.sql`), { force: true })
	await fs.writeFile(journalFile, JSON.stringify({ ...journal, entries: kept }, null, 2))
}

async function copyUploads(storage: ObjectStorage, target: string) {
	let count = 0
	for await (const key of storage.list()) {
		const object = await storage.get(key)
		if (!object) continue // deleted since it was listed (an expired, unclaimed upload)
		const file = path.join(target, ...key.split('/'))
		await fs.mkdir(path.dirname(file), { recursive: true })
		await pipeline(object.body, createWriteStream(file))
		count++
	}
	return count
}

/** Connection settings for the PostgreSQL tools, with the password in the environment (not on the command line). */
export function postgresToolEnv(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
	const parsed = new URL(url)
	const password = decodeURIComponent(parsed.password)
	parsed.password = ''
	return { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, dbname: parsed.toString() }
}

function runPgDump(url: string, snapshot: string, file: string): Promise<void> {
	const { env, dbname } = postgresToolEnv(url)
	return new Promise((resolve, reject) => {
		const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`], {
			env,
			stdio: ['ignore', 'ignore', 'pipe'],
		})
		let stderr = ''
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
		child.once('error', (error: NodeJS.ErrnoException) =>
			reject(
				new BackupError(
					error.code === 'ENOENT'
						? 'pg_dump was not found on PATH: install the PostgreSQL client tools (the postgresql-client package, the same major version as the server or newer).'
						: `pg_dump could not start: ${error.message}.`,
				),
			),
		)
		child.once('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`pg_dump failed (exit ${code}): ${stderr.trim()}.`))))
	})
}
