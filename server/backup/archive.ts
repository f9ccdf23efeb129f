import crypto from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Transform, type Readable, type TransformCallback, type Writable } from 'node:stream'

/** One step of a stream pipeline (tar-stream's streams are streamx ones, typed apart from Node's). */
type Stage = NodeJS.ReadableStream | NodeJS.WritableStream | NodeJS.ReadWriteStream
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import tar from 'tar-stream'
import { PRIVATE_FILE_MODE } from '../private-files.ts'

/**
 * The backup archive (ADR 0166): a gzipped tar whose first entry is manifest.json, listing every
 * other entry with its size and SHA-256, then manifest.sig, an HMAC of the manifest made with a key
 * derived from BACKUP_KEY. A restore reads the manifest, checks the signature, and then accepts
 * only the entries the manifest lists, each of exactly the listed size and hash, all before the
 * target is touched. With BACKUP_ENCRYPT the whole archive is also encrypted (AES-256-GCM in
 * authenticated chunks, so a cut or edited file fails as soon as the damage is reached).
 */
export const BACKUP_FORMAT = 'atelier-shop-backup'
export const BACKUP_FORMAT_VERSION = 2

export type BackupEntry = { bytes: number; sha256: string }

export type BackupManifest = {
	format: typeof BACKUP_FORMAT
	formatVersion: number
	createdAt: string
	engine: 'pglite' | 'postgres'
	/** The last migration applied to the backed-up database (a tag in db/migrations): a restore makes that schema with the shop's own migrations. */
	schema: string
	/** Rows per table. */
	tables: Record<string, number>
	/** Uploaded files under uploads/. */
	files: number
	/** Every entry but the manifest and its signature: data/<table>/<chunk>.json and uploads/<key>. */
	entries: Record<string, BackupEntry>
}

export const MANIFEST = 'manifest.json'
export const SIGNATURE = 'manifest.sig'

/** Upper bounds while unpacking: anything larger is refused before it is read. */
export const BACKUP_LIMITS = {
	manifestBytes: 32 * 1024 * 1024,
	/** A data file holds one chunk of a table's rows (DUMP_CHUNK_ROWS). */
	dataFileBytes: 256 * 1024 * 1024,
	/** The largest file the shop itself accepts is a 10 MB portrait photo. */
	uploadBytes: 64 * 1024 * 1024,
	entries: 2_000_000,
} as const

export class BackupError extends Error {
	override name = 'BackupError'
}

/** A scratch folder (owner-only, as mkdtemp makes it) for one backup or restore; remove() deletes it. */
export async function scratchFolder(label: string) {
	const folder = await fs.mkdtemp(path.join(os.tmpdir(), `shop-${label}-`))
	return { folder, remove: () => fs.rm(folder, { recursive: true, force: true }) }
}

export async function sha256File(file: string) {
	const hash = crypto.createHash('sha256')
	await pipeline(createReadStream(file), hash)
	return hash.digest('hex')
}

/** Keys derived from BACKUP_KEY, one per use, so the signature never shares a key with the cipher. */
function deriveKey(secret: string, salt: Buffer, use: string) {
	return Buffer.from(crypto.hkdfSync('sha256', Buffer.from(secret, 'utf8'), salt, `atelier-shop backup ${use}`, 32))
}

export function signManifest(secret: string, manifest: Buffer) {
	return crypto
		.createHmac('sha256', deriveKey(secret, Buffer.alloc(0), 'manifest signature'))
		.update(manifest)
		.digest('hex')
}

function signatureMatches(secret: string, manifest: Buffer, signature: string) {
	const expected = Buffer.from(signManifest(secret, manifest), 'hex')
	const given = Buffer.from(signature.trim(), 'hex')
	return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

// ---- Encryption: MAGIC, a 16-byte salt, then records of [4-byte header][ciphertext][16-byte tag].

const MAGIC = Buffer.from('ATELIER-SHOP-BACKUP-AES256GCM-1\n')
const SALT_BYTES = 16
const RECORD_BYTES = 64 * 1024
const FINAL_RECORD = 0x8000_0000
const TAG_BYTES = 16

function recordNonce(counter: number) {
	const nonce = Buffer.alloc(12)
	nonce.writeUInt32BE(counter, 8)
	return nonce
}

/** Encrypts a stream: each record authenticated with its own header (its length, and whether it is the last). */
function encryptStream(secret: string): Transform {
	const salt = crypto.randomBytes(SALT_BYTES)
	const key = deriveKey(secret, salt, 'archive encryption')
	let pending = Buffer.alloc(0)
	let counter = 0
	const seal = (plain: Buffer, final: boolean) => {
		const header = Buffer.alloc(4)
		header.writeUInt32BE(((final ? FINAL_RECORD : 0) | plain.length) >>> 0)
		const cipher = crypto.createCipheriv('aes-256-gcm', key, recordNonce(counter++))
		cipher.setAAD(header)
		return Buffer.concat([header, cipher.update(plain), cipher.final(), cipher.getAuthTag()])
	}
	return new Transform({
		construct(callback) {
			this.push(Buffer.concat([MAGIC, salt]))
			callback()
		},
		transform(chunk: Buffer, _encoding, callback: TransformCallback) {
			pending = Buffer.concat([pending, chunk])
			while (pending.length > RECORD_BYTES) {
				this.push(seal(pending.subarray(0, RECORD_BYTES), false))
				pending = pending.subarray(RECORD_BYTES)
			}
			callback()
		},
		flush(callback) {
			this.push(seal(pending, true))
			callback()
		},
	})
}

/** Decrypts what encryptStream wrote; refuses a record that fails its tag, data after the last record, or a stream that stops before it. */
function decryptStream(secret: string, salt: Buffer): Transform {
	const key = deriveKey(secret, salt, 'archive encryption')
	let pending = Buffer.alloc(0)
	let counter = 0
	let finished = false
	const damaged = () => new BackupError('the encrypted backup is damaged, was changed, or was made with another BACKUP_KEY.')
	return new Transform({
		transform(chunk: Buffer, _encoding, callback: TransformCallback) {
			pending = Buffer.concat([pending, chunk])
			try {
				while (pending.length >= 4) {
					if (finished) throw damaged()
					const header = pending.subarray(0, 4)
					const word = header.readUInt32BE()
					const length = word & ~FINAL_RECORD
					if (length > RECORD_BYTES) throw damaged()
					if (pending.length < 4 + length + TAG_BYTES) break
					const decipher = crypto.createDecipheriv('aes-256-gcm', key, recordNonce(counter++))
					decipher.setAAD(header)
					decipher.setAuthTag(pending.subarray(4 + length, 4 + length + TAG_BYTES))
					let plain: Buffer
					try {
						plain = Buffer.concat([decipher.update(pending.subarray(4, 4 + length)), decipher.final()])
					} catch {
						throw damaged()
					}
					this.push(plain)
					pending = pending.subarray(4 + length + TAG_BYTES)
					finished = (word & FINAL_RECORD) !== 0
				}
				callback()
			} catch (error) {
				callback(error as Error)
			}
		},
		flush(callback) {
			callback(finished && pending.length === 0 ? null : new BackupError('the encrypted backup is incomplete (cut short).'))
		},
	})
}

// ---- Writing

/**
 * Packs `folder`'s manifest, signature and listed entries, in that order, into one archive at
 * `target`, owner-only, written under a temporary name and renamed when complete.
 */
export async function packArchive(folder: string, names: string[], target: string, options: { encryptWith?: string } = {}) {
	await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
	const partial = `${target}.partial`
	const pack = tar.pack()
	const stages: Stage[] = [
		pack as unknown as Readable,
		zlib.createGzip({ level: 6 }),
		...(options.encryptWith ? [encryptStream(options.encryptWith)] : []),
		createWriteStream(partial, { mode: PRIVATE_FILE_MODE }),
	]
	const writing = pipeline(stages)
	try {
		for (const name of names) {
			const file = path.join(folder, ...name.split('/'))
			const { size } = await fs.stat(file)
			const entry = pack.entry({ name, size, mode: PRIVATE_FILE_MODE, type: 'file' })
			await pipeline(createReadStream(file), entry as unknown as Writable)
		}
		pack.finalize()
		await writing
		await fs.chmod(partial, PRIVATE_FILE_MODE)
		await fs.rename(partial, target)
	} catch (error) {
		pack.destroy()
		await writing.catch(() => {})
		throw error
	} finally {
		await fs.rm(partial, { force: true })
	}
}

// ---- Reading

export type ReadOptions = {
	/** BACKUP_KEY: checks the signature, and decrypts an encrypted archive. */
	key?: string
	/** Accept an archive without a signature (the operator vouches for the file: `--unsigned`). */
	allowUnsigned?: boolean
}

/** Where a name may point inside the archive: nothing absolute, no `..`, no odd characters. */
function checkedName(name: string): string {
	const clean = name.replace(/^\.\//, '')
	// eslint-disable-next-line no-control-regex -- control characters in a name are refused
	if (clean === '' || clean.startsWith('/') || clean.includes('\\') || /[\u0000-\u001f\u007f]/.test(clean))
		throw new BackupError(`it holds an entry with an unsafe name (${JSON.stringify(name)}).`)
	const parts = clean.split('/')
	if (parts.some((part) => part === '..' || part === '.' || part === ''))
		throw new BackupError(`it holds an entry that points outside the backup (${JSON.stringify(name)}).`)
	return clean
}

const TYPE_NAMES: Record<string, string> = { symlink: 'a symbolic link', link: 'a hard link' }

function limitFor(name: string) {
	if (name.startsWith('data/')) return BACKUP_LIMITS.dataFileBytes
	if (name.startsWith('uploads/')) return BACKUP_LIMITS.uploadBytes
	return 0
}

/** Counts the bytes the archive unpacks to and stops at `limit()`: a small file cannot expand into a full disk. */
function byteLimit(limit: () => number): Transform {
	let seen = 0
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			seen += chunk.length
			callback(seen > limit() ? new BackupError('it unpacks to more than its manifest lists.') : null, chunk)
		},
	})
}

function parseManifest(bytes: Buffer): BackupManifest {
	let manifest: BackupManifest
	try {
		manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest
	} catch {
		throw new BackupError('its manifest is not readable.')
	}
	if (manifest?.format !== BACKUP_FORMAT) throw new BackupError('it is not a shop backup.')
	if (manifest.formatVersion < BACKUP_FORMAT_VERSION)
		throw new BackupError(
			`it was written by an older version of the shop (backup format ${manifest.formatVersion}), without a signed list of its contents; restore it with that version, then back up again with this one.`,
		)
	if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
		throw new BackupError(`it was written by a newer version of the shop (backup format ${manifest.formatVersion}); upgrade the shop first.`)
	const entries = manifest.entries
	if (typeof entries !== 'object' || entries === null || typeof manifest.schema !== 'string') throw new BackupError('its manifest is incomplete.')
	if (Object.keys(entries).length > BACKUP_LIMITS.entries) throw new BackupError('its manifest lists more files than a shop holds.')
	for (const [name, entry] of Object.entries(entries)) {
		checkedName(name)
		if (!name.startsWith('data/') && !name.startsWith('uploads/'))
			throw new BackupError(`its manifest lists ${name}; a shop backup holds data/ and uploads/ only.`)
		const limit = limitFor(name)
		if (!Number.isSafeInteger(entry?.bytes) || entry.bytes < 0 || entry.bytes > limit || !/^[0-9a-f]{64}$/.test(String(entry.sha256)))
			throw new BackupError(`its manifest lists ${name} with a size or hash a shop backup cannot have.`)
	}
	return manifest
}

async function readHead(file: string, bytes: number) {
	const handle = await fs.open(file, 'r')
	try {
		const buffer = Buffer.alloc(bytes)
		const { bytesRead } = await handle.read(buffer, 0, bytes, 0)
		return buffer.subarray(0, bytesRead)
	} finally {
		await handle.close()
	}
}

/**
 * Checks and unpacks a backup into `folder` (an empty scratch folder), refusing, with a BackupError
 * that says why, anything but what the shop writes: an unsigned archive unless allowed, a
 * signature made with another key, an entry the manifest does not list or of another size or hash,
 * a link, a name that leaves the folder, a listed entry missing, a cut or corrupted file. Nothing
 * outside `folder` is written; the caller changes its target only once this has resolved.
 */
export async function unpackArchive(file: string, folder: string, options: ReadOptions = {}): Promise<BackupManifest> {
	try {
		return await unpackChecked(file, folder, options)
	} catch (error) {
		if (error instanceof BackupError) throw new BackupError(`Refused ${path.basename(file)}: ${error.message} Nothing was changed.`)
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'ENOENT' || code === 'EACCES') throw new BackupError(`Backup file ${file} does not exist or cannot be read.`)
		throw new BackupError(`Refused ${path.basename(file)}: it is damaged or incomplete (${(error as Error).message}). Nothing was changed.`)
	}
}

async function unpackChecked(file: string, folder: string, options: ReadOptions): Promise<BackupManifest> {
	const head = await readHead(file, MAGIC.length + SALT_BYTES)
	const encrypted = head.subarray(0, MAGIC.length).equals(MAGIC)
	if (encrypted && !options.key) throw new BackupError('it is encrypted: set BACKUP_KEY to the key it was made with.')

	let manifest: BackupManifest | null = null
	let manifestBytes: Buffer | null = null
	let trusted = false
	const seen = new Set<string>()
	let expanded: number = BACKUP_LIMITS.manifestBytes + 64 * 1024

	/** Called once the manifest (and its signature, if any) are in: decides whether anything else may be read. */
	const trust = (signature: string | null) => {
		if (!manifest || !manifestBytes) throw new BackupError('it does not start with a manifest.')
		if (signature === null) {
			if (!options.allowUnsigned)
				throw new BackupError(
					options.key
						? 'it is not signed, so it may have been changed since it was made. Restore it anyway with --unsigned only if you trust where it came from.'
						: 'it is not signed (it was made without BACKUP_KEY). Restore it with --unsigned only if you trust where it came from.',
				)
		} else if (!options.key) {
			throw new BackupError('it is signed: set BACKUP_KEY to the key it was made with, so the signature can be checked.')
		} else if (!signatureMatches(options.key, manifestBytes, signature)) {
			throw new BackupError('its signature does not match: it was changed after it was made, or signed with another BACKUP_KEY.')
		}
		trusted = true
		const listed = Object.values(manifest.entries).reduce((sum, entry) => sum + entry.bytes + 1024, 0)
		expanded = manifestBytes.length + 2048 + listed + 1024 * 1024
	}

	const extract = tar.extract()
	/** The first reason to refuse: it wins over whatever the stream reports as it is torn down. */
	let refusal: unknown = null
	extract.on('error', () => {}) // reported through the pipeline, or through `refusal` once it has ended
	extract.on('entry', (header, body, next) => {
		const done = (error?: unknown) => {
			if (!error) return next()
			refusal ??= error
			if (!extract.destroyed) extract.destroy(error as Error)
		}
		// The entry's stream is torn down with the archive when it is refused; its error is reported once, above.
		body.on('error', () => {})
		void (async () => {
			if (header.type === 'directory') {
				// Folders come from the files' own names; an entry for one (system tar adds them) only needs a safe name.
				checkedName(header.name.replace(/\/$/, ''))
				return body.resume()
			}
			if (header.type !== 'file') {
				const kind = TYPE_NAMES[header.type ?? ''] ?? `an entry of type ${header.type}`
				throw new BackupError(`it holds ${kind} (${JSON.stringify(header.name)}); a shop backup holds files only.`)
			}
			const name = checkedName(header.name)
			const size = header.size ?? 0
			if (!manifest) {
				if (name !== MANIFEST) throw new BackupError('it does not start with a manifest.')
				if (size > BACKUP_LIMITS.manifestBytes) throw new BackupError('its manifest is larger than any shop backup needs.')
				manifestBytes = await readAll(body as unknown as Readable)
				manifest = parseManifest(manifestBytes)
				return
			}
			if (!trusted) {
				if (name === SIGNATURE) {
					if (size > 1024) throw new BackupError('its signature is not one.')
					trust((await readAll(body as unknown as Readable)).toString('utf8'))
					return
				}
				trust(null)
			}
			const listed = manifest.entries[name]
			if (!listed) throw new BackupError(`it holds ${name}, which its manifest does not list.`)
			if (seen.has(name)) throw new BackupError(`it holds ${name} twice.`)
			if (size !== listed.bytes) throw new BackupError(`${name} is ${size} bytes, not the ${listed.bytes} its manifest lists.`)
			seen.add(name)
			const target = path.join(folder, ...name.split('/'))
			await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
			const hash = crypto.createHash('sha256')
			await pipeline(
				body as unknown as Readable,
				new Transform({
					transform(chunk: Buffer, _encoding, callback) {
						hash.update(chunk)
						callback(null, chunk)
					},
				}),
				createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
			)
			if (hash.digest('hex') !== listed.sha256) throw new BackupError(`${name} does not match its manifest (changed or damaged).`)
		})().then(() => done(), done)
	})

	const source: Readable = createReadStream(file, encrypted ? { start: MAGIC.length + SALT_BYTES } : {})
	const stages: Stage[] = [
		source,
		...(encrypted ? [decryptStream(options.key!, head.subarray(MAGIC.length, MAGIC.length + SALT_BYTES))] : []),
		zlib.createGunzip(),
		byteLimit(() => expanded),
		extract as unknown as Writable,
	]
	await pipeline(stages).catch((error: unknown) => {
		throw refusal ?? error
	})
	if (refusal) throw refusal
	if (!manifest) throw new BackupError('it is empty or not a shop backup.')
	if (!trusted) trust(null)
	const missing = Object.keys((manifest as BackupManifest).entries).filter((name) => !seen.has(name))
	if (missing.length > 0) throw new BackupError(`it is incomplete: ${missing.length} listed file(s) missing, ${missing[0]} first.`)
	return manifest
}

async function readAll(body: Readable) {
	const chunks: Buffer[] = []
	for await (const chunk of body) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks)
}
