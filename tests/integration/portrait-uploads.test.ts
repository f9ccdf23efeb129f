import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads } from '#db/schema/index.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import type { ObjectStorage } from '#server/storage/storage.ts'
import { checkPhotoLink } from '#server/uploads/photo-links.ts'
import { deleteUnclaimedUploads, openPortraitUpload, PortraitUploadError, receivePortraitUpload } from '#server/uploads/portrait-uploads.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { imageSize, jpegWithGps, metadataLeaks, oversizedJpegLike, png, webp } from '../support/images.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'

const TEST_SECRET = 'portrait-upload-test-secret-0123456789abcdef'
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const ELEVEN_MB = 11 * 1024 * 1024

function multipart(bytes: Buffer, options: { filename?: string; type?: string; field?: string } = {}) {
	const form = new FormData()
	form.append(options.field ?? 'photo', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/jpeg' }), options.filename ?? 'photo.jpg')
	return form
}

function uploadRequest(form: FormData) {
	return new Request('http://shop.test/api/uploads/portrait', { method: 'POST', body: form })
}

async function readAll(stream: NodeJS.ReadableStream) {
	const chunks: Buffer[] = []
	for await (const chunk of stream) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks)
}

for (const engine of ENGINES) {
	describe(`portrait uploads on ${engine}`, () => {
		let database: TestDatabase
		let storage: ObjectStorage
		let root: string
		beforeAll(async () => {
			database = await createTestDatabase(engine, { label: 'uploads' })
			root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-uploads-'))
			storage = createLocalStorage(root)
		})
		afterAll(async () => {
			await database?.cleanup()
			await fs.rm(root, { recursive: true, force: true })
		})
		const deps = () => ({ db: database.handle.db, storage, secret: TEST_SECRET })

		async function refusal(form: FormData | Request) {
			const error = await receivePortraitUpload(deps(), form instanceof Request ? form : uploadRequest(form)).then(
				() => null,
				(caught: unknown) => caught,
			)
			expect(error).toBeInstanceOf(PortraitUploadError)
			return error as PortraitUploadError
		}

		it('stores a JPEG re-encoded without EXIF or GPS, under a random name, and records it', async () => {
			const photo = await jpegWithGps()
			expect(await metadataLeaks(photo)).toMatchObject({ exif: true, gps: true, ownerMark: true })

			const upload = await receivePortraitUpload(deps(), uploadRequest(multipart(photo)))
			expect(upload.id).toMatch(UUID_V4)
			// A signed, short-lived link to the preview (ADR 0173).
			const link = new URL(upload.url, 'http://shop.test')
			expect(link.pathname).toBe(`/api/uploads/portrait/${upload.id}`)
			expect(checkPhotoLink(TEST_SECRET, upload.id, link.searchParams)).toBe('preview')
			expect(checkPhotoLink(TEST_SECRET, upload.id, link.searchParams, Date.now() + 3 * 3600 * 1000)).toBeNull()

			const [row] = await database.handle.db.select().from(uploads).where(eq(uploads.id, upload.id))
			expect(row).toMatchObject({ mimeType: 'image/webp', width: 120, height: 90, claimedAt: null, originalMimeType: 'image/jpeg' })
			expect(row!.storageKey).toMatch(/^private\/portraits\/\d+-[0-9a-f]{32}\.webp$/)
			expect(row!.originalKey).toBe(row!.storageKey.replace(/\.webp$/, '-original.jpg'))
			expect(row!.storageKey).not.toContain(upload.id)
			expect(row!.storageKey).not.toContain('photo')

			const stored = await openPortraitUpload(deps(), upload.id)
			expect(stored?.contentType).toBe('image/webp')
			const bytes = await readAll(stored!.body)
			expect(await metadataLeaks(bytes)).toEqual({ exif: false, gps: false, ownerMark: false, format: 'webp' })

			// The original for production: its own format and full size, without EXIF or GPS.
			const original = await openPortraitUpload(deps(), upload.id, 'original')
			expect(original?.contentType).toBe('image/jpeg')
			const originalBytes = await readAll(original!.body)
			expect(await metadataLeaks(originalBytes)).toEqual({ exif: false, gps: false, ownerMark: false, format: 'jpeg' })
			expect(await imageSize(originalBytes)).toEqual(await imageSize(photo))
		})

		it('accepts PNG and WebP, judged by their bytes whatever they are called', async () => {
			for (const bytes of [await png(), await webp()]) {
				const upload = await receivePortraitUpload(deps(), uploadRequest(multipart(bytes, { filename: 'x.jpg', type: 'text/plain' })))
				expect(upload.id).toMatch(UUID_V4)
			}
		})

		it('refuses a text file renamed .jpg with the non-image message', async () => {
			const error = await refusal(multipart(Buffer.from('just some text, not a picture\n'.repeat(20)), { filename: 'photo.jpg', type: 'image/jpeg' }))
			expect(error.status).toBe(415)
			expect(error.messageKey).toBe('portrait.photoInvalid')
		})

		it('refuses an image type other than JPEG, PNG or WebP', async () => {
			const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')
			expect((await refusal(multipart(gif, { filename: 'a.gif', type: 'image/gif' }))).status).toBe(415)
		})

		it('refuses a bytes-only JPEG header that does not decode', async () => {
			expect((await refusal(multipart(oversizedJpegLike(2048)))).messageKey).toBe('portrait.photoInvalid')
		})

		it('refuses more than 10 MB with the size message, and stores nothing', async () => {
			const before = await database.handle.db.select({ count: sql<number>`count(*)::int` }).from(uploads)
			const error = await refusal(multipart(oversizedJpegLike(ELEVEN_MB)))
			expect(error.status).toBe(413)
			expect(error.messageKey).toBe('portrait.photoTooLarge')
			const after = await database.handle.db.select({ count: sql<number>`count(*)::int` }).from(uploads)
			expect(after[0]!.count).toBe(before[0]!.count)
		})

		it('requires a photo', async () => {
			expect((await refusal(new FormData())).messageKey).toBe('portrait.photoRequired')
			expect((await refusal(multipart(await png(), { field: 'other' }))).messageKey).toBe('portrait.photoRequired')
			const notMultipart = new Request('http://shop.test/api/uploads/portrait', { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/plain' } })
			expect((await refusal(notMultipart)).status).toBe(400)
		})

		it('finds nothing for unknown, malformed or path-like ids', async () => {
			for (const id of [crypto.randomUUID(), 'not-a-uuid', '../portraits', '', '00000000-0000-0000-0000-000000000000']) {
				expect(await openPortraitUpload(deps(), id)).toBeNull()
			}
		})

		it('deletes uploads no order claimed after the retention period, keeping claimed and recent ones', async () => {
			const make = async () => receivePortraitUpload(deps(), uploadRequest(multipart(await png())))
			const [old, claimed, recent] = [await make(), await make(), await make()]
			const db = database.handle.db
			const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000)
			await db.update(uploads).set({ createdAt: eightDaysAgo }).where(eq(uploads.id, old.id))
			await db.update(uploads).set({ createdAt: eightDaysAgo, claimedAt: new Date() }).where(eq(uploads.id, claimed.id))
			const [oldRow] = await db.select().from(uploads).where(eq(uploads.id, old.id))
			expect(oldRow!.originalKey).toBeTruthy()

			const deleted = await deleteUnclaimedUploads(deps(), { retentionDays: 7, batchSize: 1 })
			expect(deleted).toBe(1)
			expect(await openPortraitUpload(deps(), old.id)).toBeNull()
			expect(await storage.exists(oldRow!.storageKey)).toBe(false)
			expect(await storage.exists(oldRow!.originalKey!)).toBe(false)
			expect(await openPortraitUpload(deps(), claimed.id)).not.toBeNull()
			expect(await openPortraitUpload(deps(), recent.id)).not.toBeNull()
			expect(await deleteUnclaimedUploads(deps(), { retentionDays: 7 })).toBe(0)
		})
	})
}

describe('the upload endpoint over HTTP', () => {
	let shop: ShopProcess
	beforeAll(async () => {
		shop = await startShop({ env: { SEED_DEMO_CATALOG: 'false' } })
	})
	afterAll(async () => {
		await shop?.stop('SIGKILL')
		if (shop) await fs.rm(shop.dataDir, { recursive: true, force: true })
	})

	const post = (form: FormData, headers: Record<string, string> = {}) =>
		fetch(`${shop.url}/api/uploads/portrait`, { method: 'POST', body: form, headers: { Origin: shop.url, ...headers } })

	it('answers 201 with an opaque id and a preview URL; the preview is the cleaned photo', async () => {
		const response = await post(multipart(await jpegWithGps()))
		expect(response.status).toBe(201)
		const body = (await response.json()) as { id: string; url: string }
		expect(Object.keys(body).sort()).toEqual(['id', 'url'])
		expect(body.id).toMatch(UUID_V4)

		const preview = await fetch(`${shop.url}${body.url}`, { redirect: 'manual' })
		expect(preview.status).toBe(200)
		expect(preview.headers.get('content-type')).toBe('image/webp')
		expect(preview.headers.get('cache-control')).toContain('private')
		expect(await metadataLeaks(Buffer.from(await preview.arrayBuffer()))).toEqual({ exif: false, gps: false, ownerMark: false, format: 'webp' })

		// Two uploads of the same photo get unrelated ids.
		const again = (await (await post(multipart(await jpegWithGps()))).json()) as { id: string }
		expect(again.id).not.toBe(body.id)
	})

	it('refuses 11 MB and a renamed text file with the spec messages in the visitor’s language', async () => {
		const big = await post(multipart(oversizedJpegLike(ELEVEN_MB)), { 'Accept-Language': 'ro' })
		expect(big.status).toBe(413)
		expect(await big.json()).toEqual({
			code: 'portrait.photoTooLarge',
			errors: { fieldErrors: {}, formError: 'Poza este prea mare. Dimensiunea maximă este 10MB.' },
		})

		const text = await post(multipart(Buffer.from('hello, I am text'), { filename: 'photo.jpg', type: 'image/jpeg' }), { 'Accept-Language': 'en' })
		expect(text.status).toBe(415)
		expect(((await text.json()) as { code: string }).code).toBe('portrait.photoInvalid')

		const none = await post(new FormData(), { 'Accept-Language': 'ro' })
		expect(none.status).toBe(400)
		expect(((await none.json()) as { errors: { formError: string } }).errors.formError).toBe('Te rugăm să încarci o poză!')
	})

	it('refuses an upload posted from another site', async () => {
		const response = await post(multipart(await png()), { Origin: 'https://evil.example' })
		expect(response.status).toBe(403)
	})

	it('lets another visitor neither list uploads nor fetch one by guessing its URL', async () => {
		const mine = (await (await post(multipart(await png()))).json()) as { id: string; url: string }
		const signed = new URL(mine.url, shop.url)
		const guesses = [
			'/api/uploads/portrait',
			'/api/uploads/portrait/',
			`/api/uploads/portrait/${crypto.randomUUID()}`,
			`/api/uploads/portrait/${mine.id}`,
			`/api/uploads/portrait/${mine.id}?variant=original`,
			// The signature of this photo's preview opens neither its original nor another photo.
			`/api/uploads/portrait/${mine.id}?${signed.search.slice(1).replace('variant=preview', 'variant=original')}`,
			`/api/uploads/portrait/${crypto.randomUUID()}${signed.search}`,
			`/api/uploads/portrait/${mine.id.slice(0, -1)}${mine.id.endsWith('0') ? '1' : '0'}`,
			'/api/uploads/portrait/1',
			'/api/uploads/portrait/..%2F..%2Fpgdata',
			'/uploads/',
			'/uploads/portraits',
			'/uploads/portraits/',
			'/uploads/private/portraits/',
		]
		for (const guess of guesses) {
			const response = await fetch(`${shop.url}${guess}`, { redirect: 'manual' })
			expect([403, 404], guess).toContain(response.status)
			expect(await response.text(), guess).not.toMatch(/portraits\/\d+-[0-9a-f]{32}|\.webp/)
		}
		// The owner's link still works.
		expect((await fetch(`${shop.url}${mine.url}`)).status).toBe(200)
	})
})
