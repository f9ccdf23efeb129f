import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/** What every backup carries at its top level (manifest.json). */
export const BACKUP_FORMAT = 'atelier-shop-backup'
export const BACKUP_FORMAT_VERSION = 1

export type BackupManifest = {
	format: typeof BACKUP_FORMAT
	formatVersion: number
	createdAt: string
	engine: 'pglite' | 'postgres'
	/** Rows per table in data/ (the portable copy every backup has). */
	tables: Record<string, number>
	/** Uploaded files under uploads/, by key. */
	files: number
	/** Which engine-native copies are inside: pgdata.tar (PGlite's data dump), postgres.dump (pg_dump). */
	native: { pgliteDataDir?: string; pgDump?: string }
}

export class BackupError extends Error {
	override name = 'BackupError'
}

function run(command: string, args: string[], what: string, env?: NodeJS.ProcessEnv): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env })
		let stderr = ''
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
		child.once('error', (error: NodeJS.ErrnoException) =>
			reject(new BackupError(error.code === 'ENOENT' ? `${command} was not found on PATH; it is needed to ${what}.` : `${what} failed: ${error.message}`)),
		)
		child.once('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${what} failed (${command} exited with ${code}): ${stderr.trim()}`))))
	})
}

/** A scratch folder for one backup or restore; remove() deletes it. */
export async function scratchFolder(label: string) {
	const folder = await fs.mkdtemp(path.join(os.tmpdir(), `shop-${label}-`))
	return { folder, remove: () => fs.rm(folder, { recursive: true, force: true }) }
}

/**
 * Packs a folder into one .tar.gz with the system's tar. It is written beside the target under a
 * temporary name and renamed at the end, so a file with the backup's name is always complete.
 */
export async function packFolder(folder: string, target: string) {
	await fs.mkdir(path.dirname(target), { recursive: true })
	const partial = `${target}.partial`
	try {
		await run('tar', ['-czf', partial, '-C', folder, '.'], 'write the backup archive')
		await fs.rename(partial, target)
	} finally {
		await fs.rm(partial, { force: true })
	}
}

export async function unpackArchive(file: string, folder: string) {
	await fs.access(file).catch(() => {
		throw new BackupError(`Backup file ${file} does not exist or cannot be read.`)
	})
	await run('tar', ['-xzf', file, '-C', folder], `read the backup archive ${file}`)
	let manifest: BackupManifest
	try {
		manifest = JSON.parse(await fs.readFile(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest
	} catch {
		throw new BackupError(`${file} is not a shop backup (it has no manifest.json).`)
	}
	if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a shop backup.`)
	if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
		throw new BackupError(`${file} was written by a newer version of the shop (backup format ${manifest.formatVersion}); upgrade the shop first.`)
	}
	return manifest
}

export { run as runTool }
