import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { uploads } from '#db/schema/index.ts'
import { PORTRAIT_PHOTO_MAX_BYTES } from '#domain/portrait.ts'
import { isUuid } from '#domain/ids.ts'
import { createPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import { storeImage, storeOriginalImage, UnsupportedImageError } from '../media/image-pipeline.ts'
import { PRIVATE_PREFIX, type ObjectStorage, type StoredObject } from '../storage/storage.ts'
import { photoLink, UPLOAD_PHOTO_LINK_SECONDS, type PhotoVariant } from './photo-links.ts'

/** Customer photos are stored under this private prefix, each under a random server-made name (ADR 0173). */
export const PORTRAIT_UPLOAD_PREFIX = `${PRIVATE_PREFIX}portraits`
/** Where photos were stored before they were private; moved at start (privatizeLegacyPortraits). */
const LEGACY_PORTRAIT_PREFIX = 'portraits/'
/** Photos are scaled down to fit this box; enough detail to paint from. */
const PORTRAIT_MAX_PIXELS_SIDE = 3000
/** Multipart framing around the file (boundaries, headers) may add this much to the request. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

export type UploadErrorKey = 'portrait.photoRequired' | 'portrait.photoTooLarge' | 'portrait.photoInvalid'

/** A refusal the visitor can act on: an HTTP status and the translation key of the message. */
export class PortraitUploadError extends Error {
	override name = 'PortraitUploadError'
	constructor(
		readonly status: 400 | 413 | 415,
		readonly messageKey: UploadErrorKey,
	) {
		super(messageKey)
	}
}

export type PortraitUpload = { id: string; url: string }

/**
 * Reads the one file of a multipart request (field `photo`), never buffering more than the
 * 10 MB limit; whatever follows is read and thrown away so the client gets the answer.
 */
async function readPhoto(request: Request): Promise<Buffer> {
	const contentType = request.headers.get('content-type') ?? ''
	if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) throw new PortraitUploadError(400, 'portrait.photoRequired')
	const declaredLength = Number(request.headers.get('content-length'))
	if (Number.isFinite(declaredLength) && declaredLength > PORTRAIT_PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
		throw new PortraitUploadError(413, 'portrait.photoTooLarge')
	}

	return new Promise<Buffer>((resolve, reject) => {
		let parser: busboy.Busboy
		try {
			parser = busboy({
				headers: { 'content-type': contentType },
				limits: { fileSize: PORTRAIT_PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
			})
		} catch {
			reject(new PortraitUploadError(400, 'portrait.photoRequired'))
			return
		}
		const chunks: Buffer[] = []
		let found = false
		let tooLarge = false
		parser.on('file', (field, stream) => {
			// A body cut off inside a file errors its stream; unheard, that error would end the process.
			stream.on('error', () => reject(new PortraitUploadError(400, 'portrait.photoRequired')))
			if (field !== 'photo' || found) {
				stream.resume()
				return
			}
			found = true
			stream.on('data', (chunk: Buffer) => {
				if (!tooLarge) chunks.push(chunk)
			})
			stream.on('limit', () => {
				tooLarge = true
				chunks.length = 0
			})
		})
		parser.on('error', () => reject(new PortraitUploadError(400, 'portrait.photoRequired')))
		parser.on('close', () => {
			if (tooLarge) reject(new PortraitUploadError(413, 'portrait.photoTooLarge'))
			else if (!found || chunks.length === 0) reject(new PortraitUploadError(400, 'portrait.photoRequired'))
			else resolve(Buffer.concat(chunks))
		})
		const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>)
		body.on('error', () => reject(new PortraitUploadError(400, 'portrait.photoRequired')))
		body.pipe(parser)
	})
}

/**
 * Takes a customer's portrait photo: checks the real bytes (JPEG, PNG or WebP by magic number, not
 * the declared type) and the 10 MB limit, stores a WebP preview and the original for production
 * (both without EXIF, GPS or other metadata) under random private names, and records them with the
 * signed-in uploader (whose account deletion takes them along). Returns the opaque upload id and a
 * signed, short-lived link to the preview (ADR 0173).
 */
export async function receivePortraitUpload(
	deps: { db: DbExecutor; storage: ObjectStorage; secret: string },
	request: Request,
	options: { userId?: string | null } = {},
): Promise<PortraitUpload> {
	const bytes = await readPhoto(request)
	const keys: string[] = []
	try {
		const preview = await storeImage(deps.storage, bytes, { prefix: PORTRAIT_UPLOAD_PREFIX, maxSize: PORTRAIT_MAX_PIXELS_SIDE, derivatives: false })
		keys.push(preview.key)
		const original = await storeOriginalImage(deps.storage, bytes, (extension) => preview.key.replace(/\.webp$/, `-original.${extension}`))
		keys.push(original.key)
		const [row] = await deps.db
			.insert(uploads)
			.values({
				userId: options.userId ?? null,
				storageKey: preview.key,
				mimeType: 'image/webp',
				size: preview.size,
				width: preview.width,
				height: preview.height,
				originalKey: original.key,
				originalMimeType: original.mimeType,
			})
			.returning({ id: uploads.id })
		return { id: row!.id, url: photoLink(deps.secret, row!.id, { seconds: UPLOAD_PHOTO_LINK_SECONDS }) }
	} catch (error) {
		await Promise.all(keys.map((key) => deps.storage.delete(key)))
		if (error instanceof UnsupportedImageError) throw new PortraitUploadError(415, 'portrait.photoInvalid')
		throw error
	}
}

/** Where a photo's `variant` is stored; the preview stands in for an original kept from before originals were. */
export async function portraitPhotoFile(db: DbExecutor, id: string, variant: PhotoVariant): Promise<{ key: string; mimeType: string } | null> {
	if (!isUuid(id)) return null
	const [row] = await db
		.select({ storageKey: uploads.storageKey, mimeType: uploads.mimeType, originalKey: uploads.originalKey, originalMimeType: uploads.originalMimeType })
		.from(uploads)
		.where(eq(uploads.id, id.toLowerCase()))
		.limit(1)
	if (!row) return null
	return variant === 'original' && row.originalKey
		? { key: row.originalKey, mimeType: row.originalMimeType ?? 'application/octet-stream' }
		: { key: row.storageKey, mimeType: row.mimeType }
}

/** The stored preview of upload `id`, or null: unknown, malformed and deleted ids look the same. */
export async function openPortraitUpload(
	deps: { db: DbExecutor; storage: ObjectStorage },
	id: string,
	variant: PhotoVariant = 'preview',
): Promise<StoredObject | null> {
	const file = await portraitPhotoFile(deps.db, id, variant)
	return file ? deps.storage.get(file.key) : null
}

/** The stored files of an upload row, for deleting them together. */
export function uploadFileKeys(rows: { storageKey: string; originalKey: string | null }[]) {
	return rows.flatMap((row) => (row.originalKey ? [row.storageKey, row.originalKey] : [row.storageKey]))
}

/**
 * Moves photos stored before they were private (`portraits/…`, which /uploads and a public bucket
 * served to anyone) under the private prefix, at start (ADR 0173). Idempotent and safe with several
 * instances: each writes the same bytes to the same new key, and a row whose old file is gone but
 * whose new one is there is simply renamed.
 */
export async function privatizeLegacyPortraits(deps: { db: DbExecutor; storage: ObjectStorage; log?: Logger }): Promise<number> {
	const legacy = await deps.db
		.select({ id: uploads.id, storageKey: uploads.storageKey })
		.from(uploads)
		.where(sql`${uploads.storageKey} like ${LEGACY_PORTRAIT_PREFIX + '%'}`)
	let moved = 0
	for (const row of legacy) {
		const target = `${PRIVATE_PREFIX}${row.storageKey}`
		const object = await deps.storage.get(row.storageKey)
		if (object) {
			const chunks: Buffer[] = []
			for await (const chunk of object.body) chunks.push(chunk as Buffer)
			await deps.storage.put(target, Buffer.concat(chunks), object.contentType)
		} else if (!(await deps.storage.exists(target))) {
			deps.log?.warn({ key: row.storageKey }, 'a portrait photo file is missing: its row now names the private key it would have')
		}
		// The old file goes before the row changes: a crash in between leaves a row that the next start moves on.
		await deps.storage.delete(row.storageKey)
		await deps.db
			.update(uploads)
			.set({ storageKey: target })
			.where(and(eq(uploads.id, row.id), eq(uploads.storageKey, row.storageKey)))
		moved++
	}
	return moved
}

/**
 * Deletes photos that no order claimed within the retention period. The row goes first, in one
 * statement, so a checkout claiming it at the same moment either wins (and the photo stays) or
 * finds it gone; several instances may sweep at once.
 */
export async function deleteUnclaimedUploads(
	deps: { db: DbExecutor; storage: ObjectStorage; log?: Logger },
	options: { retentionDays: number; now?: Date; batchSize?: number },
): Promise<number> {
	const cutoff = new Date((options.now ?? new Date()).getTime() - options.retentionDays * 24 * 60 * 60 * 1000)
	const batchSize = options.batchSize ?? 200
	let deleted = 0
	for (;;) {
		const due = deps.db
			.select({ id: uploads.id })
			.from(uploads)
			.where(and(isNull(uploads.claimedAt), lt(uploads.createdAt, cutoff)))
			.limit(batchSize)
			.for('update', { skipLocked: true })
		const rows = await deps.db
			.delete(uploads)
			.where(and(sql`${uploads.id} in (${due})`, isNull(uploads.claimedAt)))
			.returning({ storageKey: uploads.storageKey, originalKey: uploads.originalKey })
		for (const key of uploadFileKeys(rows)) {
			try {
				await deps.storage.delete(key)
			} catch (error) {
				deps.log?.warn({ err: error, key }, 'could not delete an expired upload file')
			}
		}
		deleted += rows.length
		if (rows.length < batchSize) return deleted
	}
}

export type UploadRetention = Pick<PeriodicJob<number>, 'runOnce' | 'stop'>

/** Runs deleteUnclaimedUploads now and then (hourly by default) in the background. */
export function startUploadRetention(
	deps: { db: DbExecutor; storage: ObjectStorage; log: Logger },
	options: { retentionDays: number; intervalMs?: number },
): UploadRetention {
	const job = createPeriodicJob({
		name: 'upload retention',
		round: async () => {
			const count = await deleteUnclaimedUploads(deps, { retentionDays: options.retentionDays })
			if (count > 0) deps.log.info({ count }, 'deleted unclaimed portrait uploads')
			return count
		},
		onFailure: 0,
		intervalMs: options.intervalMs ?? 60 * 60 * 1000,
		log: deps.log,
	})
	// First round shortly after start, so a restart does not postpone the clean-up by a full interval.
	job.start(30_000)
	return job
}
