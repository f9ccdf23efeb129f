import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterSubscribers, orderItems, orders, uploads, users } from '#db/schema/index.ts'
import { deleteAccount, exportAccountData } from '#server/account/account-data.ts'
import { eraseClosedOrders } from '#server/account/order-erasure.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import type { ObjectStorage } from '#server/storage/storage.ts'
import { openPortraitUpload } from '#server/uploads/portrait-uploads.ts'
import type { OrderStatus, PaymentStatus } from '#domain/enums.ts'
import { createTestUser, insertTestOrder, type TestUser } from '../support/accounts.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

const ADDRESS = {
	fullName: 'Ana Popescu',
	phone: '+40 712 345 678',
	address: 'Strada Lalelelor 7',
	city: 'Cluj-Napoca',
	postalCode: '400000',
	country: 'România',
	notes: 'Sunați înainte',
}
const ERASED = { fullName: '', phone: '', address: '', city: '', postalCode: '', country: 'România', notes: '' }

describe.each(ENGINES)('deleting an account with orders on %s', (engine) => {
	let database: TestDatabase
	let storage: ObjectStorage
	let root: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'erasure' })
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-erasure-'))
		storage = createLocalStorage(root)
	})
	afterAll(async () => {
		await database?.cleanup()
		await fs.rm(root, { recursive: true, force: true })
	})
	const deps = () => ({ db: database.handle.db, storage })

	/** A stored portrait photo, as the upload route records one (claimed when an order names it). */
	async function photo(options: { userId?: string | null; claimed: boolean }) {
		const key = `portraits/${crypto.randomUUID()}.webp`
		await storage.put(key, Buffer.from('photo bytes'), 'image/webp')
		const [row] = await database.handle.db
			.insert(uploads)
			.values({ userId: options.userId ?? null, storageKey: key, mimeType: 'image/webp', size: 11, claimedAt: options.claimed ? new Date() : null })
			.returning({ id: uploads.id })
		return { id: row!.id, key }
	}

	async function portraitOrder(user: TestUser, status: OrderStatus, paymentStatus: PaymentStatus) {
		const picture = await photo({ userId: user.id, claimed: true })
		const order = await insertTestOrder(database.handle.db, {
			userId: user.id,
			email: user.email,
			status,
			paymentStatus,
			items: [{ name: 'Portret', quantity: 1, unitPriceCents: 2990, options: { description: 'Bunica Maria', frame: 'simple', uploadId: picture.id } }],
		})
		await database.handle.db.update(orderItems).set({ uploadId: picture.id }).where(eq(orderItems.orderId, order.id))
		return { id: order.id, photo: picture }
	}

	const readOrder = async (id: string) => {
		const [order] = await database.handle.db.select().from(orders).where(eq(orders.id, id))
		const [line] = await database.handle.db.select().from(orderItems).where(eq(orderItems.orderId, id))
		return { ...order!, line: line! }
	}
	const photoReachable = async (id: string) => (await openPortraitUpload(deps(), id)) !== null
	const fileExists = async (key: string) => (await storage.get(key)) !== null

	it('keeps what open orders need to be shipped, anonymises the rest now, and takes the photos along', async () => {
		const user = await createTestUser(database.handle.db)
		const paidUnshipped = await portraitOrder(user, 'new', 'paid')
		const shipped = await portraitOrder(user, 'shipped', 'paid')
		const awaitingPayment = await portraitOrder(user, 'new', 'pending')
		const delivered = await portraitOrder(user, 'delivered', 'paid')
		const failed = await portraitOrder(user, 'cancelled', 'failed')
		const unclaimed = await photo({ userId: user.id, claimed: false })
		const someoneElses = await photo({ userId: null, claimed: false })

		expect(await deleteAccount(deps(), user.id)).toEqual({ keptForShipping: 3 })

		for (const open of [paidUnshipped, shipped, awaitingPayment]) {
			const order = await readOrder(open.id)
			expect(order).toMatchObject({ userId: null, email: user.email, shippingAddress: ADDRESS })
			expect(order.erasurePendingAt).toBeInstanceOf(Date)
			expect(order.line.options.description).toBe('Bunica Maria')
			expect(order.line.uploadId).toBe(open.photo.id)
			expect(await photoReachable(open.photo.id)).toBe(true)
		}
		for (const closed of [delivered, failed]) {
			const order = await readOrder(closed.id)
			expect(order).toMatchObject({ userId: null, email: 'deleted@invalid', shippingAddress: ERASED, erasurePendingAt: null, totalCents: 2990 })
			expect(order.line.options.description).toBe('')
			expect(order.line.uploadId).toBeNull()
			expect(await photoReachable(closed.photo.id)).toBe(false)
			expect(await fileExists(closed.photo.key)).toBe(false)
		}
		expect(await photoReachable(unclaimed.id)).toBe(false)
		expect(await fileExists(unclaimed.key)).toBe(false)
		expect(await photoReachable(someoneElses.id)).toBe(true)

		// Nothing is closed yet: the periodic sweep leaves the open orders alone.
		expect(await eraseClosedOrders(deps())).toBe(0)
		expect((await readOrder(paidUnshipped.id)).shippingAddress).toEqual(ADDRESS)

		// Delivered, and the payment that never came (cancelled): both are anonymised, photos deleted.
		await database.handle.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, paidUnshipped.id))
		await database.handle.db.update(orders).set({ status: 'cancelled', paymentStatus: 'failed' }).where(eq(orders.id, awaitingPayment.id))
		expect(await eraseClosedOrders(deps(), { orderId: paidUnshipped.id })).toBe(1)
		expect(await eraseClosedOrders(deps())).toBe(1)
		for (const erased of [paidUnshipped, awaitingPayment]) {
			const order = await readOrder(erased.id)
			expect(order).toMatchObject({ email: 'deleted@invalid', shippingAddress: ERASED, erasurePendingAt: null })
			expect(order.line.options.description).toBe('')
			expect(await photoReachable(erased.photo.id)).toBe(false)
			expect(await fileExists(erased.photo.key)).toBe(false)
		}
		// The order still on its way keeps everything.
		expect(await readOrder(shipped.id)).toMatchObject({ email: user.email, shippingAddress: ADDRESS })
		expect(await photoReachable(shipped.photo.id)).toBe(true)
	})

	it('keeps a photo another order still uses when one of them is anonymised', async () => {
		const user = await createTestUser(database.handle.db)
		const first = await portraitOrder(user, 'delivered', 'paid')
		const second = await insertTestOrder(database.handle.db, {
			userId: user.id,
			email: user.email,
			status: 'processing',
			paymentStatus: 'paid',
			items: [{ name: 'Portret', quantity: 1, unitPriceCents: 2990 }],
		})
		await database.handle.db.update(orderItems).set({ uploadId: first.photo.id }).where(eq(orderItems.orderId, second.id))

		await deleteAccount(deps(), user.id)
		expect(await photoReachable(first.photo.id)).toBe(true)

		await database.handle.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, second.id))
		expect(await eraseClosedOrders(deps())).toBe(1)
		expect(await photoReachable(first.photo.id)).toBe(false)
		expect(await fileExists(first.photo.key)).toBe(false)
	})
	it('leaves the newsletter to the address’s owner: an unverified account neither sees nor ends the subscription (ADR 0168)', async () => {
		const db = database.handle.db
		const subscribe = (email: string) =>
			db.insert(newsletterSubscribers).values({ email, locale: 'ro', consentedAt: new Date(), unsubscribeToken: crypto.randomBytes(16).toString('hex') })
		// Someone signs up with another person's address, never verifies it, exports and deletes the account.
		const stranger = await createTestUser(db)
		await subscribe(stranger.email)
		expect((await exportAccountData(db, stranger.id))?.newsletter).toBeNull()
		await deleteAccount(deps(), stranger.id)
		expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, stranger.email))).toHaveLength(1)
		// The address's owner (a verified account) sees it in the export and takes it along.
		const owner = await createTestUser(db)
		await db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.id))
		await subscribe(owner.email)
		expect((await exportAccountData(db, owner.id))?.newsletter).toMatchObject({ email: owner.email })
		await deleteAccount(deps(), owner.id)
		expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, owner.email))).toEqual([])
	})
})
