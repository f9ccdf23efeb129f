import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { DatabaseHandle } from '#db/client.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { PRIVATE_FILE_MODE } from '../private-files.ts'
import {
	BACKUP_FORMAT,
	BACKUP_FORMAT_VERSION,
	BackupError,
	MANIFEST,
	packArchive,
	scratchFolder,
	sha256File,
	SIGNATURE,
	signManifest,
	type BackupEntry,
	type BackupManifest,
} from './archive.ts'
import { dumpTables, type SqlRunner } from './logical-dump.ts'
import { readJournal } from './schema-steps.ts'

export type BackupSources = {
	database: DatabaseHandle
	storage: ObjectStorage
	/** BACKUP_KEY: signs the manifest; with `encrypt`, also encrypts the archive. */
	key?: string
	encrypt?: boolean
	/** Told about anything the backup had to do without (e.g. no BACKUP_KEY to sign with). */
	warn?: (message: string) => void
}

export type BackupResult = { file: string; manifest: BackupManifest; bytes: number; signed: boolean; encrypted: boolean }

/** A name that sorts by time: shop-backup-2026-11-25T10-00-00Z.tar.gz (.enc when encrypted). */
export function backupFileName(now = new Date(), encrypted = false) {
	const stamp = now
		.toISOString()
		.replace(/\.\d+Z$/, 'Z')
		.replaceAll(':', '-')
	return `shop-backup-${stamp}.tar.gz${encrypted ? '.enc' : ''}`
}

/**
 * Writes one archive holding the database and every uploaded file, consistent while the shop takes
 * orders (ADR 0111, format of ADR 0166): every table is read in one snapshot as data (JSON rows,
 * nothing a restore would run), then the files are copied (a file is stored before the row that
 * names it commits, so every file the snapshot names is there). The manifest lists each entry's
 * size and SHA-256 and is signed with BACKUP_KEY.
 */
export async function createBackup(sources: BackupSources, target: string): Promise<BackupResult> {
	if (sources.encrypt && !sources.key) throw new BackupError('BACKUP_ENCRYPT needs BACKUP_KEY: the key the backup is encrypted with.')
	const scratch = await scratchFolder('backup')
	try {
		const folder = scratch.folder
		const { schema, tables, files: dataFiles } = await dumpDatabase(sources.database, folder)
		const uploads = await copyUploads(sources.storage, folder)
		const entries: Record<string, BackupEntry> = {}
		for (const name of [...dataFiles, ...uploads]) {
			const file = path.join(folder, ...name.split('/'))
			entries[name] = { bytes: (await fs.stat(file)).size, sha256: await sha256File(file) }
		}
		const manifest: BackupManifest = {
			format: BACKUP_FORMAT,
			formatVersion: BACKUP_FORMAT_VERSION,
			createdAt: new Date().toISOString(),
			engine: sources.database.engine,
			schema,
			tables,
			files: uploads.length,
			entries,
		}
		const manifestBytes = Buffer.from(JSON.stringify(manifest, null, '\t'))
		await fs.writeFile(path.join(folder, MANIFEST), manifestBytes, { mode: PRIVATE_FILE_MODE })
		const head = [MANIFEST]
		if (sources.key) {
			await fs.writeFile(path.join(folder, SIGNATURE), signManifest(sources.key, manifestBytes), { mode: PRIVATE_FILE_MODE })
			head.push(SIGNATURE)
		} else {
			sources.warn?.(
				'BACKUP_KEY is not set, so this backup is not signed: a restore cannot tell it from a changed copy and asks for --unsigned. Set BACKUP_KEY (32 characters or more) and keep it apart from the backups.',
			)
		}
		await packArchive(folder, [...head, ...dataFiles, ...uploads], target, { encryptWith: sources.encrypt ? sources.key : undefined })
		return { file: target, manifest, bytes: (await fs.stat(target)).size, signed: !!sources.key, encrypted: !!sources.encrypt }
	} finally {
		await scratch.remove()
	}
}

/** Every table's rows, in one snapshot, and the tag of the last migration that made the schema. */
async function dumpDatabase(database: DatabaseHandle, folder: string) {
	const read = async (run: SqlRunner) => {
		const schema = await lastAppliedMigration(run)
		return { schema, ...(await dumpTables(run, folder)) }
	}
	if (database.engine === 'pglite') {
		const pglite = database.pglite
		if (!pglite) throw new BackupError('the PGlite handle is missing')
		// PGlite runs transactions one at a time: nothing else writes while this one reads.
		return pglite.transaction(async (tx) => read(async (text, params) => (await tx.query(text, params)).rows as never))
	}
	const pool = database.pool
	if (!pool) throw new BackupError('the PostgreSQL pool is missing')
	const client = await pool.connect()
	try {
		await client.query('begin isolation level repeatable read read only')
		// Reading every table takes as long as it takes: the requests' statement timeout is not for this.
		await client.query('set local statement_timeout = 0')
		const result = await read(async (text, params) => (await client.query(text, params as unknown[])).rows as never)
		await client.query('commit')
		return result
	} catch (error) {
		await client.query('rollback').catch(() => {})
		throw error
	} finally {
		client.release()
	}
}

/** The tag of the newest migration applied to this database, as db/migrations/meta/_journal.json names it. */
async function lastAppliedMigration(run: SqlRunner): Promise<string> {
	const [row] = await run<{ when: string | null }>(`select max(created_at)::text as when from drizzle.__drizzle_migrations`)
	const when = Number(row?.when ?? 0)
	const entry = (await readJournal()).find((candidate) => candidate.when === when)
	if (!entry) throw new BackupError('the database was migrated by another version of the shop than this one; back it up with that version.')
	return entry.tag
}

/** Copies every stored file to uploads/<key>; returns the entry names. */
async function copyUploads(storage: ObjectStorage, folder: string) {
	const names: string[] = []
	for await (const key of storage.list()) {
		const object = await storage.get(key)
		if (!object) continue // deleted since it was listed (an expired, unclaimed upload)
		const name = `uploads/${key}`
		const file = path.join(folder, ...name.split('/'))
		await fs.mkdir(path.dirname(file), { recursive: true })
		await pipeline(object.body, createWriteStream(file, { mode: PRIVATE_FILE_MODE }))
		names.push(name)
	}
	return names.sort()
}
