import { inArray } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { media } from '#db/schema/index.ts'
import type { Logger } from '../logger.ts'
import { findImageUses } from './usage.ts'
import { deleteImage, storeImage, UnsupportedImageError, type StoredImage } from './image-pipeline.ts'
import type { ObjectStorage } from '../storage/storage.ts'

/*
 * Admin pictures as stored objects: checking and storing an upload, its display name, and deleting
 * the catalogue pictures a deleted row used. Used by the catalogue services and the media library;
 * reading the upload from the request is server/admin/upload.ts.
 */

export type UploadRefusal = 'missing' | 'invalid' | 'too-large'

/** An upload the server refuses: 400 nothing sent, 413 over 5 MB, 415 not a JPEG/PNG/WebP by its bytes. */
export class AdminUploadError extends Error {
	override name = 'AdminUploadError'
	constructor(readonly reason: UploadRefusal) {
		super(reason)
	}
	get status() {
		return this.reason === 'too-large' ? 413 : this.reason === 'invalid' ? 415 : 400
	}
}

/**
 * Checks the real bytes (JPEG, PNG or WebP by magic number; SVG and everything else refused),
 * re-encodes as WebP without metadata and stores it with the storefront's narrower copies.
 */
export async function storeAdminImage(storage: ObjectStorage, bytes: Uint8Array, prefix: string): Promise<StoredImage> {
	try {
		return await storeImage(storage, bytes, { prefix })
	} catch (error) {
		if (error instanceof UnsupportedImageError) throw new AdminUploadError('invalid')
		throw error
	}
}

/** The storage key behind a URL that `storage.publicUrl` made, or null for any other URL. */
export function keyFromPublicUrl(storage: ObjectStorage, url: string): string | null {
	const probe = 'products/probe.webp'
	const base = storage.publicUrl(probe).slice(0, -probe.length)
	if (!url.startsWith(base)) return null
	const key = url.slice(base.length)
	return /^(products|categories)\/[a-z0-9._-]+$/.test(key) ? key : null
}

/** A file name safe to show and store: no folders, control characters or markup, at most 200 characters. */
export function displayFilename(name: string) {
	const base = name.split(/[\\/]/).pop() ?? ''
	// eslint-disable-next-line no-control-regex
	const clean = base.replace(/[\u0000-\u001f\u007f<>"]/g, '').trim()
	return (clean || 'imagine').slice(0, 200)
}

/**
 * Deletes stored catalogue pictures (and their narrower copies) by their public URLs, after the row
 * that used them is gone. Pictures of the media library stay (the library owns them, ADR 0132), and
 * so does a picture something else still shows. Never throws: the row is already deleted; a file
 * left behind is logged.
 */
export async function deleteCatalogImages(app: { db: DbExecutor; storage: ObjectStorage; log: Logger }, urls: readonly string[]) {
	if (urls.length === 0) return
	let orphans: string[]
	try {
		const [library, uses] = await Promise.all([
			app.db
				.select({ url: media.url })
				.from(media)
				.where(inArray(media.url, [...urls])),
			findImageUses(app.db, urls),
		])
		const kept = new Set(library.map((row) => row.url))
		orphans = urls.filter((url) => !kept.has(url) && (uses.get(url) ?? []).length === 0)
	} catch (error) {
		app.log.warn({ err: error }, 'catalogue images not deleted: their use could not be checked')
		return
	}
	for (const url of orphans) {
		const key = keyFromPublicUrl(app.storage, url)
		if (key) await deleteImage(app.storage, key).catch((error: unknown) => app.log.warn({ err: error, key }, 'catalogue image not deleted'))
	}
}
