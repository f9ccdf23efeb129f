/**
 * Customer photos are private (ADR 0173): the shop serves a portrait photo only through a signed,
 * short-lived link, which it hands to whoever may open the order's page (its owner signed in, a
 * guest with the emailed link), and to staff through their session. Without a valid signature
 * (none, altered, another photo's or variant's, expired) the answer is 403 or 404, for guests and
 * for other customers; the stored file is never reachable under /uploads. A photo stored publicly
 * before (`portraits/…`) is moved to private storage when the shop starts.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { runMigrations } from '#db/migrate.ts'
import { orderItems, uploads } from '#db/schema/index.ts'
import { orderPageKey } from '#server/orders/order-page.ts'
import { loadAppSecret } from '#server/secret.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { photoLink } from '#server/uploads/photo-links.ts'
import { receivePortraitUpload } from '#server/uploads/portrait-uploads.ts'
import { createTestUser, insertTestOrder, signInOverHttp, type TestUser } from '../support/accounts.ts'
import { ENGINES } from '../support/databases.ts'
import { jpegWithGps, metadataLeaks, png } from '../support/images.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'

const LEGACY_KEY = 'portraits/1700000000000-0123456789abcdef0123456789abcdef.webp'

function photoRequest(bytes: Buffer) {
	const form = new FormData()
	form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg')
	return new Request('http://shop.test/api/uploads/portrait', { method: 'POST', body: form })
}

/** Attaches an upload to the first line of an order, as checkout does. */
async function attach(handle: DatabaseHandle, orderId: string, uploadId: string) {
	await handle.db.update(orderItems).set({ uploadId }).where(eq(orderItems.orderId, orderId))
	await handle.db.update(uploads).set({ claimedAt: new Date() }).where(eq(uploads.id, uploadId))
	const [item] = await handle.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId))
	return item!.id
}

for (const engine of ENGINES) {
	describe(`portrait photo access on ${engine}`, () => {
		let shop: ShopProcess
		let dataDir: string
		let dropDatabase: (() => Promise<void>) | undefined
		let secret: string
		const people = {} as Record<'owner' | 'other' | 'admin', TestUser>
		const cookies = {} as Record<'owner' | 'other' | 'admin', string>
		let ownerOrder: { id: string; itemId: string; uploadId: string }
		let guestOrder: { id: string; uploadId: string }

		beforeAll(async () => {
			dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-photo-access-'))
			const postgres = engine === 'postgres' ? await createTemporaryPostgresDatabase('photos') : undefined
			dropDatabase = postgres?.drop
			// The data is made before the shop starts: on PGlite the shop then holds the database alone.
			const handle = postgres ? await openDatabase({ engine: 'postgres', url: postgres.url, poolSize: 2 }) : await openDatabase({ engine: 'pglite', dataDir })
			try {
				await runMigrations(handle)
				secret = await loadAppSecret(handle.db, undefined)
				const storage = createLocalStorage(path.join(dataDir, 'uploads'))
				people.owner = await createTestUser(handle.db)
				people.other = await createTestUser(handle.db)
				people.admin = await createTestUser(handle.db, { roles: ['admin'] })
				const order = await insertTestOrder(handle.db, { userId: people.owner.id, email: people.owner.email })
				const upload = await receivePortraitUpload({ db: handle.db, storage, secret }, photoRequest(await jpegWithGps(400, 300)))
				ownerOrder = { id: order.id, uploadId: upload.id, itemId: await attach(handle, order.id, upload.id) }
				// A guest's photo stored the way the shop stored photos before they were private.
				const guest = await insertTestOrder(handle.db, { userId: null, email: 'guest-photo@example.com' })
				await storage.put(LEGACY_KEY, await png(), 'image/webp')
				const [legacy] = await handle.db.insert(uploads).values({ storageKey: LEGACY_KEY, mimeType: 'image/webp', size: 100 }).returning({ id: uploads.id })
				await attach(handle, guest.id, legacy!.id)
				guestOrder = { id: guest.id, uploadId: legacy!.id }
			} finally {
				await handle.close()
			}
			shop = await startShop({ dataDir, env: { DATABASE_URL: postgres?.url, SEED_DEMO_CATALOG: 'false', LOG_LEVEL: 'info' } })
			for (const who of ['owner', 'other', 'admin'] as const) cookies[who] = await signInOverHttp(shop.url, people[who].email, people[who].password)
		})
		afterAll(async () => {
			await shop?.stop()
			await dropDatabase?.()
			if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
		})

		const get = (url: string, cookie?: string) => fetch(new URL(url, shop.url), { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })

		/** The signed photo links an order page hands its reader. */
		async function photoLinksOn(page: string, cookie?: string) {
			const response = await get(page, cookie)
			const html = await response.text()
			return {
				status: response.status,
				links: [...html.matchAll(/src="(\/api\/uploads\/portrait\/[^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&')),
			}
		}

		it('hands the owner a signed link on their order page, which loads the photo without its EXIF', async () => {
			const { status, links } = await photoLinksOn(`/en/order/${ownerOrder.id}`, cookies.owner)
			expect(status).toBe(200)
			expect(links).toHaveLength(1)
			expect(links[0]).toContain(`/api/uploads/portrait/${ownerOrder.uploadId}?variant=preview&expires=`)
			const photo = await get(links[0]!, cookies.owner)
			expect(photo.status).toBe(200)
			expect(photo.headers.get('content-type')).toBe('image/webp')
			expect(photo.headers.get('cache-control')).toMatch(/^private/)
			expect(await metadataLeaks(Buffer.from(await photo.arrayBuffer()))).toMatchObject({ exif: false, gps: false, ownerMark: false })
		})

		it('gives another customer, a guest and a signed-in stranger no link and no photo', async () => {
			expect(await photoLinksOn(`/en/order/${ownerOrder.id}`, cookies.other)).toEqual({ status: 404, links: [] })
			expect(await photoLinksOn(`/en/order/${ownerOrder.id}`)).toEqual({ status: 404, links: [] })
			const unsigned = [
				`/api/uploads/portrait/${ownerOrder.uploadId}`,
				`/api/uploads/portrait/${ownerOrder.uploadId}?variant=original`,
				`/api/uploads/portrait/${ownerOrder.uploadId}?variant=preview&expires=9999999999`,
				`/api/uploads/portrait/${ownerOrder.uploadId}?variant=preview&expires=9999999999&sig=${'A'.repeat(43)}`,
			]
			for (const url of unsigned) {
				for (const cookie of [undefined, cookies.other, cookies.owner]) {
					const response = await get(url, cookie)
					expect([403, 404], url).toContain(response.status)
					expect(response.headers.get('content-type'), url).not.toMatch(/^image\//)
				}
			}
		})

		it('refuses a link that expired, was altered, or names another photo or variant', async () => {
			const expired = photoLink(secret, ownerOrder.uploadId, { seconds: 60, now: Date.now() - 61_000 })
			const valid = photoLink(secret, ownerOrder.uploadId, { seconds: 60 })
			const query = new URL(valid, shop.url).search
			const refused = [
				expired,
				`/api/uploads/portrait/${guestOrder.uploadId}${query}`,
				valid.replace('variant=preview', 'variant=original'),
				valid.replace(/expires=(\d+)/, (_m, expires: string) => `expires=${Number(expires) + 3600}`),
				valid.replace(/sig=(.)/, (_m, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`),
			]
			for (const url of refused) {
				for (const cookie of [undefined, cookies.other, cookies.owner]) expect((await get(url, cookie)).status, url).toBe(403)
			}
			expect((await get(valid)).status).toBe(200)
		})

		it('never serves the stored files under /uploads, and moved the photo stored publicly before', async () => {
			const storage = createLocalStorage(path.join(dataDir, 'uploads'))
			const keys: string[] = []
			for await (const key of storage.list()) keys.push(key)
			expect(keys.some((key) => key.startsWith('portraits/'))).toBe(false)
			expect(keys).toContain(`private/${LEGACY_KEY}`)
			const photoKeys = keys.filter((key) => key.startsWith('private/portraits/'))
			expect(photoKeys.length).toBe(3) // the owner's preview and original, the guest's moved photo
			for (const key of [...photoKeys, LEGACY_KEY]) expect((await get(`/uploads/${key}`)).status, key).toBe(404)
			// The guest's emailed link shows the moved photo.
			const { status, links } = await photoLinksOn(`/en/order/${guestOrder.id}?key=${orderPageKey(secret, guestOrder.id)}`)
			expect(status).toBe(200)
			expect(links).toHaveLength(1)
			expect((await get(links[0]!)).status).toBe(200)
			expect(shop.output()).toContain('portrait photos moved to private storage')
		})

		it("lets staff download the customer's original through their session, and nobody else", async () => {
			const url = `/admin/orders/${ownerOrder.id}/photo/${ownerOrder.itemId}`
			const original = await get(url, cookies.admin)
			expect(original.status).toBe(200)
			expect(original.headers.get('content-type')).toBe('image/jpeg')
			expect(original.headers.get('content-disposition')).toBe(`attachment; filename="comanda-${ownerOrder.id.slice(0, 8)}.jpg"`)
			const bytes = Buffer.from(await original.arrayBuffer())
			expect(await metadataLeaks(bytes)).toEqual({ exif: false, gps: false, ownerMark: false, format: 'jpeg' })
			const preview = await get(`${url}?preview`, cookies.admin)
			expect(preview.headers.get('content-type')).toBe('image/webp')
			for (const cookie of [undefined, cookies.other, cookies.owner]) {
				const response = await get(url, cookie)
				expect(response.status).toBe(302)
				expect(response.headers.get('content-type') ?? '').not.toMatch(/^image\//)
			}
		})
	})
}
