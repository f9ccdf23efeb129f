import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { assertValidKey, isValidKey, type ObjectStorage } from './storage.ts'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts'

export const LOCAL_UPLOADS_ROUTE = '/uploads'

const CONTENT_TYPES: Record<string, string> = {
	'.webp': 'image/webp',
	'.jpg': 'image/jpeg',
	'.jpeg': 'image/jpeg',
	'.png': 'image/png',
	'.json': 'application/json',
}

export function contentTypeFor(key: string) {
	return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream'
}

/** Files in a folder (DATA_DIR/uploads by default), served by the app under /uploads. */
export function createLocalStorage(root: string): ObjectStorage {
	const fileFor = (key: string) => {
		assertValidKey(key)
		return path.join(root, ...key.split('/'))
	}
	return {
		kind: 'local',
		async put(key, body) {
			const file = fileFor(key)
			await fsp.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE })
			// Write then rename, so a reader never sees half a file.
			const temporary = `${file}.${process.pid}.tmp`
			await fsp.writeFile(temporary, body, { mode: PRIVATE_FILE_MODE })
			await fsp.rename(temporary, file)
		},
		async get(key) {
			const file = fileFor(key)
			try {
				const stat = await fsp.stat(file)
				if (!stat.isFile()) return null
				return { body: fs.createReadStream(file), contentType: contentTypeFor(key), size: stat.size }
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
				throw error
			}
		},
		async exists(key) {
			try {
				return (await fsp.stat(fileFor(key))).isFile()
			} catch {
				return false
			}
		},
		async delete(key) {
			await fsp.rm(fileFor(key), { force: true })
		},
		async *list() {
			const walk = async function* (folder: string, prefix: string): AsyncGenerator<string> {
				let entries: fs.Dirent[]
				try {
					entries = await fsp.readdir(folder, { withFileTypes: true })
				} catch (error) {
					if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
					throw error
				}
				for (const entry of entries) {
					const key = prefix ? `${prefix}/${entry.name}` : entry.name
					if (entry.isDirectory()) yield* walk(path.join(folder, entry.name), key)
					// Skips a write in progress (put's temporary file) and anything not made by the shop.
					else if (entry.isFile() && !entry.name.endsWith('.tmp') && isValidKey(key)) yield key
				}
			}
			yield* walk(root, '')
		},
		publicUrl(key) {
			assertValidKey(key)
			return `${LOCAL_UPLOADS_ROUTE}/${key}`
		},
		async presignedUrl() {
			return null
		},
	}
}
