/**
 * ADR 0166: a restore checks the archive against its signed manifest
 * before it touches anything. Each tampered archive is refused with a clear message, and the
 * target, a PGlite data folder and a PostgreSQL database that each hold a shop, restored with
 * --force (which would empty them), is left exactly as it was: every file's bytes and mode, every
 * table's rows, every stored upload.
 */
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import tar from 'tar-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows, type DatabaseHandle } from '#db/client.ts'
import { runMigrations } from '#db/migrate.ts'
import { createBackup } from '#server/backup/backup.ts'
import { restoreBackup, type RestoreTarget } from '#server/backup/restore.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { newObjectKey } from '#server/storage/storage.ts'
import { createProduct } from '../support/checkout-fixtures.ts'
import { runCli } from '../support/cli-process.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'

const KEY = 'the-shop-backup-key-0123456789abcdefghij'
const OTHER_KEY = 'somebody-elses-key-0123456789abcdefghijk'

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await cleanup()
})
async function tempDir(label: string) {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), `shop-${label}-`))
	cleanups.push(() => fs.rm(dir, { recursive: true, force: true }))
	return dir
}

/** A shop's database with a product and an uploaded file, and a backup of it made with `key`. */
async function shopWithBackup(label: string, options: { key?: string; encrypt?: boolean } = {}) {
	const dataDir = await tempDir(label)
	const handle = await openDatabase({ engine: 'pglite', dataDir })
	try {
		await runMigrations(handle)
		await createProduct(handle.db, { stock: 5, name: `Lumânare ${label}` })
		const storage = createLocalStorage(path.join(dataDir, 'uploads'))
		await storage.put(newObjectKey('media/products', 'webp'), crypto.randomBytes(4096), 'image/webp')
		const file = path.join(await tempDir(`${label}-backups`), options.encrypt ? 'backup.tar.gz.enc' : 'backup.tar.gz')
		await createBackup({ database: handle, storage, key: options.key, encrypt: options.encrypt }, file)
		return file
	} finally {
		await handle.close()
	}
}

/** Unpacks an (unencrypted) archive with the system's tar, lets `change` edit it, packs it again manifest first. */
async function tampered(original: string, name: string, change: (folder: string) => Promise<string[]>) {
	const folder = await tempDir('tamper')
	execFileSync('tar', ['-xzf', original, '-C', folder])
	const extra = await change(folder)
	const file = path.join(path.dirname(original), name)
	const own = ['manifest.json', 'manifest.sig', 'data', 'uploads'].filter((entry) => existsSync(path.join(folder, entry)))
	execFileSync('tar', ['-czf', file, '-C', folder, ...own, ...extra])
	return file
}

/** An archive whose entries are written by hand: the manifest and signature of `original`, then `extra`. */
async function crafted(original: string, name: string, extra: (pack: tar.Pack) => void) {
	const folder = await tempDir('craft')
	execFileSync('tar', ['-xzf', original, '-C', folder, 'manifest.json', 'manifest.sig'])
	const pack = tar.pack()
	for (const entry of ['manifest.json', 'manifest.sig']) pack.entry({ name: entry }, await fs.readFile(path.join(folder, entry)))
	extra(pack)
	pack.finalize()
	const file = path.join(path.dirname(original), name)
	await pipeline(pack as never, zlib.createGzip(), createWriteStream(file))
	return file
}

/** A tar header for a regular file claiming `size` bytes (with only a few behind it): what a 3 GB upload looks like as it arrives. */
function hugeEntryHeader(name: string, size: number) {
	const header = Buffer.alloc(512)
	header.write(name, 0, 'utf8')
	header.write('0000600\0', 100)
	header.write('0000000\0', 108)
	header.write('0000000\0', 116)
	header.write(`${size.toString(8).padStart(11, '0')}\0`, 124)
	header.write('00000000000\0', 136)
	header.write('0', 156)
	header.write('ustar\u000000', 257)
	header.fill(' ', 148, 156)
	const checksum = header.reduce((sum, byte) => sum + byte, 0)
	header.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148)
	return header
}

async function fileTree(root: string) {
	const lines: string[] = []
	const walk = async (dir: string) => {
		for (const entry of (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
			const full = path.join(dir, entry.name)
			const stat = await fs.lstat(full)
			if (entry.isDirectory()) {
				lines.push(`${path.relative(root, full)}/ ${stat.mode.toString(8)}`)
				await walk(full)
			} else {
				const hash = crypto.createHash('sha256')
				await pipeline(createReadStream(full), hash)
				lines.push(`${path.relative(root, full)} ${stat.mode.toString(8)} ${stat.size} ${hash.digest('hex')}`)
			}
		}
	}
	await walk(root)
	return lines
}

async function tableContents(handle: DatabaseHandle) {
	const tables = await queryRows<{ name: string }>(
		handle.db,
		sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
	)
	const out: string[] = []
	for (const { name } of tables) {
		const [row] = await queryRows<{ n: number; digest: string | null }>(
			handle.db,
			sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from public."${name}" t`),
		)
		out.push(`${name} ${row!.n} ${row!.digest}`)
	}
	return out
}

describe('a restore refuses a tampered backup and changes nothing', () => {
	let good: string
	let unsigned: string
	let otherKey: string
	let encrypted: string
	const targets: { name: string; target: RestoreTarget; fingerprint(): Promise<string[]> }[] = []

	beforeAll(async () => {
		;[good, unsigned, otherKey, encrypted] = [
			await shopWithBackup('source', { key: KEY }),
			await shopWithBackup('unsigned'),
			await shopWithBackup('other-key', { key: OTHER_KEY }),
			await shopWithBackup('encrypted', { key: KEY, encrypt: true }),
		]
		// Targets that each hold a shop: the good backup restored into them.
		const pgliteDir = await tempDir('target-pglite')
		const pgliteTarget: RestoreTarget = { engine: 'pglite', dataDir: pgliteDir, storage: createLocalStorage(path.join(pgliteDir, 'uploads')) }
		await restoreBackup(good, pgliteTarget, { key: KEY })
		targets.push({ name: 'PGlite', target: pgliteTarget, fingerprint: () => fileTree(pgliteDir) })

		const database = await createTemporaryPostgresDatabase('tamper-target')
		cleanups.push(() => database.drop())
		const postgresUploads = await tempDir('target-postgres-uploads')
		const postgresTarget: RestoreTarget = { engine: 'postgres', databaseUrl: database.url, storage: createLocalStorage(postgresUploads) }
		await restoreBackup(good, postgresTarget, { key: KEY })
		targets.push({
			name: 'PostgreSQL',
			target: postgresTarget,
			async fingerprint() {
				const handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 1 })
				try {
					return [...(await tableContents(handle)), ...(await fileTree(postgresUploads))]
				} finally {
					await handle.close()
				}
			},
		})
	})

	async function expectRefused(file: string, message: RegExp, options: { key?: string; allowUnsigned?: boolean } = { key: KEY }) {
		for (const { name, target, fingerprint } of targets) {
			const before = await fingerprint()
			const error = await restoreBackup(file, target, { ...options, force: true }).then(
				() => null,
				(failure: unknown) => failure as Error,
			)
			expect(error?.message, `${name}: ${path.basename(file)}`).toMatch(message)
			expect(error?.message).toMatch(/Nothing was changed\.$/)
			expect(await fingerprint(), `${name} changed by ${path.basename(file)}`).toEqual(before)
		}
	}

	it('restores the untouched backup, signed or encrypted (the control case)', async () => {
		for (const file of [good, encrypted]) {
			const dir = await tempDir('control')
			const result = await restoreBackup(file, { engine: 'pglite', dataDir: dir, storage: createLocalStorage(path.join(dir, 'uploads')) }, { key: KEY })
			expect(result.files).toBe(1)
			expect(result.manifest.tables.products).toBe(1)
		}
	})

	it('an archive with an added migration', async () => {
		const file = await tampered(good, 'added-migration.tar.gz', async (folder) => {
			await fs.mkdir(path.join(folder, 'migrations'))
			await fs.writeFile(path.join(folder, 'migrations', '0099_evil.sql'), "COPY (SELECT 1) TO PROGRAM 'touch /tmp/pwned';")
			return ['migrations']
		})
		await expectRefused(file, /holds migrations\/0099_evil\.sql, which its manifest does not list/)
	})

	it('an archive with an added statement in its dump, or a dump of its own', async () => {
		const edited = await tampered(good, 'edited-data.tar.gz', async (folder) => {
			const data = path.join(folder, 'data', 'products', '000000.json')
			await fs.writeFile(data, `${await fs.readFile(data, 'utf8')};\nDROP TABLE orders;`)
			return []
		})
		await expectRefused(edited, /data\/products\/000000\.json is \d+ bytes, not the \d+ its manifest lists/)
		const sameSize = await tampered(good, 'same-size-edit.tar.gz', async (folder) => {
			const data = path.join(folder, 'data', 'products', '000000.json')
			const text = await fs.readFile(data, 'utf8')
			await fs.writeFile(data, text.replace('Lumânare', 'Lumânar3'))
			return []
		})
		await expectRefused(sameSize, /data\/products\/000000\.json does not match its manifest/)
		const dump = await tampered(good, 'added-dump.tar.gz', async (folder) => {
			await fs.writeFile(path.join(folder, 'postgres.dump'), "CREATE FUNCTION evil() RETURNS void AS $$ COPY (SELECT 1) TO PROGRAM 'id' $$ LANGUAGE sql;")
			return ['postgres.dump']
		})
		await expectRefused(dump, /holds postgres\.dump, which its manifest does not list/)
	})

	it('a ../ entry', async () => {
		const file = await crafted(good, 'dot-dot.tar.gz', (pack) => pack.entry({ name: '../../outside.txt' }, 'escaped'))
		await expectRefused(file, /points outside the backup/)
	})

	it('a symlink', async () => {
		const file = await crafted(good, 'symlink.tar.gz', (pack) => pack.entry({ name: 'uploads/media/link.webp', type: 'symlink', linkname: '/etc/passwd' }))
		await expectRefused(file, /holds a symbolic link/)
	})

	it('a 3 GB sparse file, and a 3 GB upload', async () => {
		const folder = await tempDir('sparse')
		await fs.mkdir(path.join(folder, 'uploads', 'portraits'), { recursive: true })
		execFileSync('tar', ['-xzf', good, '-C', folder, 'manifest.json', 'manifest.sig'])
		await fs.writeFile(path.join(folder, 'uploads', 'portraits', 'huge.webp'), '')
		await fs.truncate(path.join(folder, 'uploads', 'portraits', 'huge.webp'), 3 * 1024 ** 3)
		const sparse = path.join(path.dirname(good), 'sparse.tar.gz')
		execFileSync('tar', ['--sparse', '-czf', sparse, '-C', folder, 'manifest.json', 'manifest.sig', 'uploads'])
		await expectRefused(sparse, /a shop backup holds files only|which its manifest does not list/)

		// A plain 3 GB entry: refused from its header, before any of it is read.
		const header = path.join(path.dirname(good), 'huge-entry.tar.gz')
		const head = await crafted(good, 'head.tar', () => {})
		const start = zlib.gunzipSync(await fs.readFile(head))
		await fs.writeFile(
			header,
			zlib.gzipSync(Buffer.concat([start.subarray(0, findEnd(start)), hugeEntryHeader('uploads/portraits/huge.webp', 3 * 1024 ** 3), Buffer.alloc(4096)])),
		)
		await expectRefused(header, /uploads\/portraits\/huge\.webp, which its manifest does not list/)
	})

	it('a truncated archive, plain or encrypted', async () => {
		for (const original of [good, encrypted]) {
			const bytes = await fs.readFile(original)
			const cut = path.join(path.dirname(original), `cut-${path.basename(original)}`)
			await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)))
			await expectRefused(cut, /damaged or incomplete|incomplete \(cut short\)/)
		}
	})

	it('an archive signed with another key, an unsigned one (unless --unsigned), and an encrypted one with another key', async () => {
		await expectRefused(otherKey, /signature does not match: it was changed after it was made, or signed with another BACKUP_KEY/)
		await expectRefused(unsigned, /it is not signed/)
		await expectRefused(encrypted, /damaged, was changed, or was made with another BACKUP_KEY/, { key: OTHER_KEY })
		await expectRefused(good, /it is signed: set BACKUP_KEY/, {})
		// The operator may vouch for an unsigned file: it then restores as data (into an empty target).
		const dir = await tempDir('unsigned-ok')
		const result = await restoreBackup(
			unsigned,
			{ engine: 'pglite', dataDir: dir, storage: createLocalStorage(path.join(dir, 'uploads')) },
			{ allowUnsigned: true },
		)
		expect(result.manifest.tables.products).toBe(1)
	})

	it('npm run restore says why, exits 1 and leaves the data folder alone', async () => {
		const [pglite] = targets
		const before = await pglite!.fingerprint()
		const answer = await runCli('server/cli/restore.ts', [otherKey, '--force'], { DATA_DIR: (pglite!.target as { dataDir: string }).dataDir, BACKUP_KEY: KEY })
		expect(answer.code).toBe(1)
		expect(answer.stderr).toMatch(/^Refused backup\.tar\.gz: its signature does not match/m)
		expect(await pglite!.fingerprint()).toEqual(before)
	})
})

/** Where the two zero blocks that end a tar archive begin. */
function findEnd(archive: Buffer) {
	for (let offset = 0; offset + 1024 <= archive.length; offset += 512) {
		if (archive.subarray(offset, offset + 1024).every((byte) => byte === 0)) return offset
	}
	return archive.length
}
