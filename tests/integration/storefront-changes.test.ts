import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { NotificationListener } from '#db/notifications.ts'
import { listenPostgres, STOREFRONT_CHANGED_CHANNEL } from '#db/notifications.ts'
import { categories, homeContent, productReviews, products, translations } from '#db/schema/index.ts'
import { insertTestOrder } from '../support/accounts.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * Migration 0002: the database itself announces every committed change to what storefront pages
 * show, so each app instance's page cache can drop its pages (ADR 0091).
 */
/** The payload of the test's own notifications; the triggers' are empty. */
const DRAIN = 'drain:'

describe.each(ENGINES)('storefront change notifications on %s', (engine) => {
	let database: TestDatabase
	let listener: NotificationListener
	const heard = { notifications: 0, ready: 0, lost: 0 }
	/** Drain markers heard so far (sent by `drained`, never counted as changes). */
	const markers = new Set<string>()
	let drains = 0

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'changes' })
		listener = await database.handle.listen(STOREFRONT_CHANGED_CHANNEL, {
			onNotification: (payload) => (payload.startsWith(DRAIN) ? markers.add(payload) : heard.notifications++),
			onReady: () => heard.ready++,
			onLost: () => heard.lost++,
		})
	})
	afterAll(async () => {
		await listener?.close()
		await database?.cleanup()
	})

	/**
	 * Returns once every notification committed so far has been heard. PGlite delivers them before
	 * the writing query returns; PostgreSQL a moment later, but in commit order: once a marker sent
	 * now is heard, so is everything committed before it. A count read without this may still be
	 * missing the previous change's notification, and then the next change's count is off by one.
	 */
	async function drained() {
		const marker = `${DRAIN}${++drains}`
		await database.handle.db.execute(sql`select pg_notify(${STOREFRONT_CHANGED_CHANNEL}, ${marker})`)
		await vi.waitFor(() => expect(markers.has(marker)).toBe(true), { timeout: 5_000 })
	}

	/** How many notifications a change sent, counted once everything before and after it has arrived. */
	async function notificationsOf(change: () => Promise<unknown>) {
		await drained()
		const before = heard.notifications
		await change()
		await drained()
		return heard.notifications - before
	}

	/** A committed statement is one notification: repeats within a transaction fold into one. */
	async function expectHeard(change: () => Promise<unknown>) {
		expect(await notificationsOf(change)).toBe(1)
	}

	async function expectUnheard(change: () => Promise<unknown>) {
		expect(await notificationsOf(change)).toBe(0)
	}

	it('is listening once listen() returns', () => {
		expect(heard).toMatchObject({ ready: 1, lost: 0 })
	})

	it('announces new, changed and deleted products and categories', async () => {
		const { db } = database.handle
		await expectHeard(() => db.insert(categories).values({ slug: 'marker', name: 'Marcaj' }))
		let categoryId = ''
		await expectHeard(async () => {
			const [category] = await db.insert(categories).values({ slug: 'lumanari', name: 'Lumânări' }).returning()
			categoryId = category!.id
		})
		let productId = ''
		await expectHeard(async () => {
			const [product] = await db
				.insert(products)
				.values({ slug: 'vanilie', name: 'Vanilie', kind: 'candle', priceCents: 1000, categoryId, stock: 3 })
				.returning()
			productId = product!.id
		})
		// A checkout holding stock changes what the product page says.
		await expectHeard(() =>
			db
				.update(products)
				.set({ stock: sql`${products.stock} - 1` })
				.where(eq(products.id, productId)),
		)
		await expectHeard(() => db.update(categories).set({ isActive: false }).where(eq(categories.id, categoryId)))
		await expectHeard(() => db.delete(products).where(eq(products.id, productId)))
		await expectHeard(() => db.delete(categories).where(eq(categories.id, categoryId)))
	})

	it('announces the home page the owner saves (migration 0011, ADR 0132)', async () => {
		const { db } = database.handle
		await expectHeard(() => db.insert(homeContent).values({ heroTitle: 'Lumini' }))
		await expectHeard(() => db.update(homeContent).set({ heroTitle: 'Lumini de iarnă' }).where(eq(homeContent.slot, 'home')))
		await expectHeard(() => db.delete(homeContent))
	})

	it('announces a changed shown translation, not the background job’s bookkeeping', async () => {
		const { db } = database.handle
		let rowId = ''
		// A row waiting for its translation shows nothing new yet.
		await expectUnheard(async () => {
			const [row] = await db
				.insert(translations)
				.values({ sourceHash: 'a'.repeat(64), context: 'product.name', locale: 'en', sourceText: 'Vanilie' })
				.returning()
			rowId = row!.id
		})
		await expectUnheard(() => db.update(translations).set({ attempts: 2, lockedUntil: new Date(), lastError: 'timeout' }).where(eq(translations.id, rowId)))
		await expectHeard(() => db.update(translations).set({ translatedText: 'Vanilla' }).where(eq(translations.id, rowId)))
		await expectHeard(() => db.update(translations).set({ overrideText: 'Vanilla candle' }).where(eq(translations.id, rowId)))
		await expectHeard(() =>
			db.insert(translations).values({ sourceHash: 'b'.repeat(64), context: 'product.name', locale: 'es', sourceText: 'Vanilie', overrideText: 'Vainilla' }),
		)
		await expectHeard(() => db.delete(translations).where(eq(translations.id, rowId)))
	})

	it('announces a review that shows or stops showing, not one waiting for the owner (ADR 0268)', async () => {
		const { db } = database.handle
		const [product] = await db.insert(products).values({ slug: 'recenzat', name: 'Recenzat', kind: 'candle', priceCents: 1000, stock: 3 }).returning()
		const order = await insertTestOrder(db, { userId: null, email: 'recenzie@example.com', status: 'delivered' })
		let reviewId = ''
		const review = { productId: product!.id, orderId: order.id, rating: 5, text: 'Frumos', locale: 'ro', authorName: 'Ana', country: 'RO' }
		await expectUnheard(async () => {
			const [row] = await db.insert(productReviews).values(review).returning()
			reviewId = row!.id
		})
		await expectUnheard(() => db.update(productReviews).set({ status: 'rejected' }).where(eq(productReviews.id, reviewId)))
		await expectHeard(() => db.update(productReviews).set({ status: 'approved' }).where(eq(productReviews.id, reviewId)))
		await expectHeard(() => db.update(productReviews).set({ status: 'rejected' }).where(eq(productReviews.id, reviewId)))
		await expectUnheard(() => db.delete(productReviews).where(eq(productReviews.id, reviewId)))
		await expectHeard(() => db.insert(productReviews).values({ ...review, status: 'approved' }))
		await expectHeard(() => db.delete(productReviews).where(eq(productReviews.orderId, order.id)))
	})

	it('says nothing about a change that is rolled back', async () => {
		const { db } = database.handle
		await expectUnheard(() =>
			db
				.transaction(async (tx) => {
					await tx.insert(categories).values({ slug: 'anulata', name: 'Anulată' })
					tx.rollback()
				})
				.catch(() => {}),
		)
	})
})

describe('the PostgreSQL listener', () => {
	let database: TestDatabase
	beforeAll(async () => {
		database = await createTestDatabase('postgres', { label: 'listener' })
	})
	afterAll(async () => {
		await database?.cleanup()
	})

	it('reports a lost connection, reconnects by itself and hears changes again', async () => {
		const events: string[] = []
		const own = await listenPostgres(
			database.url!,
			STOREFRONT_CHANGED_CHANNEL,
			{
				onNotification: () => events.push('change'),
				onReady: () => events.push('ready'),
				onLost: () => events.push('lost'),
			},
			{ retryDelaysMs: [50] },
		)
		try {
			expect(events).toEqual(['ready'])
			// An administrator (or a database restart) ends every listening connection of this database.
			await database.handle.db.execute(
				sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
			)
			await vi.waitFor(() => expect(events).toEqual(['ready', 'lost', 'ready']), { timeout: 10_000 })
			await database.handle.db.insert(categories).values({ slug: 'dupa', name: 'După' })
			await vi.waitFor(() => expect(events).toEqual(['ready', 'lost', 'ready', 'change']), { timeout: 5_000 })
		} finally {
			await own.close()
		}
	})
})
