import { desc, eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { media } from '#db/schema/index.ts'
import type { MediaFolder } from '#domain/enums.ts'
import { deleteImage } from './image-pipeline.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { displayFilename, storeAdminImage } from './admin-images.ts'
import { findImageUses, type ImageUse } from './usage.ts'

/** Media ordered by created_at descending (one folder at a time), each with where it is used (ADR 0132). */
export async function listMedia(db: DbExecutor, folder: MediaFolder) {
	const rows = await db
		.select({ id: media.id, filename: media.filename, url: media.url, size: media.size, mimeType: media.mimeType, createdAt: media.createdAt })
		.from(media)
		.where(eq(media.folder, folder))
		.orderBy(desc(media.createdAt), desc(media.id))
	const uses = await findImageUses(
		db,
		rows.map((row) => row.url),
	)
	return rows.map((row) => ({ ...row, uses: uses.get(row.url) ?? [] }))
}

/** A library image something still shows: deleting it would leave those places without it. */
export class MediaInUseError extends Error {
	override name = 'MediaInUseError'
	readonly status = 409
	constructor(readonly uses: ImageUse[]) {
		super('media in use')
	}
}

/**
 * Stores an uploaded image at `{folder}/{timestamp}-{random}.webp` (re-encoded, so the
 * extension is webp), then inserts the row with the uploader's id. If the row cannot be written the
 * stored files are removed again.
 */
export async function uploadMedia(
	deps: { db: DbExecutor; storage: ObjectStorage },
	input: { folder: MediaFolder; filename: string; bytes: Uint8Array; uploadedBy: string },
) {
	const stored = await storeAdminImage(deps.storage, input.bytes, input.folder)
	try {
		const [row] = await deps.db
			.insert(media)
			.values({
				filename: displayFilename(input.filename),
				folder: input.folder,
				url: stored.url,
				storageKey: stored.key,
				size: stored.size,
				mimeType: 'image/webp',
				uploadedBy: input.uploadedBy,
			})
			.returning()
		return row!
	} catch (error) {
		await deleteImage(deps.storage, stored.key)
		throw error
	}
}

/**
 * Removes the storage object (and its narrower copies), then the row. Null when there is no
 * such file; MediaInUseError, naming the places, when a product, category or the home page uses it.
 */
export async function deleteMedia(deps: { db: DbExecutor; storage: ObjectStorage }, id: string) {
	const [row] = await deps.db.select({ storageKey: media.storageKey, url: media.url }).from(media).where(eq(media.id, id)).limit(1)
	if (!row) return null
	const uses = (await findImageUses(deps.db, [row.url])).get(row.url) ?? []
	if (uses.length > 0) throw new MediaInUseError(uses)
	await deleteImage(deps.storage, row.storageKey)
	await deps.db.delete(media).where(eq(media.id, id))
	return { id }
}
