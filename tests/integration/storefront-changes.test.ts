import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { NotificationListener } from '#db/notifications.ts'
import { listenPostgres, STOREFRONT_CHANGED_CHANNEL } from '#db/notifications.ts'
import { categories, homeContent, products, translations } from '#db/schema/index.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * Migration 0002: the database itself announces every committed change to what storefront pages
 * show, so each app instance's page cache can drop its pages (ADR 0091).
 */
describe.each(ENGINES)('storefront change notifications on %s', (engine) => {
	let database: TestDatabase
	let listener: NotificationListener
	const heard = { notifications: 0, ready: 0, lost: 0 }

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'changes' })
		listener = await database.handle.listen(STOREFRONT_CHANGED_CHANNEL, {
			onNotification: () => heard.notifications++,
			onReady: () => heard.ready++,
			onLost: () => heard.lost++,
		})
	})
	afterAll(async () => {
		await listener?.close()
		await database?.cleanup()
	})

	/** PGlite hears its own commits before the writing query returns; PostgreSQL a moment later. */
	async function expectHeard(change: () => Promise<unknown>) {
		const before = heard.notifications
		await change()
		if (engine === 'pglite') expect(heard.notifications).toBeGreaterThan(before)
		else await vi.waitFor(() => expect(heard.notifications).toBeGreaterThan(before), { timeout: 5_000 })
	}

	/** Silence is proven after a change that is heard: notifications arrive in commit order. */
	async function expectUnheard(change: () => Promise<unknown>) {
		const before = heard.notifications
		await change()
		await expectHeard(() => database.handle.db.update(categories).set({ displayOrder: 1 }).where(eq(categories.slug, 'marker')))
		expect(heard.notifications).toBe(before + 1)
	}

	it('is listening once listen() returns', () => {
		expect(heard).toMatchObject({ ready: 1, lost: 0 })
	})

	it('announces new, changed and deleted products and categories', async () => {
		const { db } = database.handle
		await expectHeard(() => db.insert(categories).values({ slug: 'marker', name: 'Marcaj' }))
		const [category] = await db.insert(categories).values({ slug: 'lumanari', name: 'Lumânări' }).returning()
		let productId = ''
		await expectHeard(async () => {
			const [product] = await db
				.insert(products)
				.values({ slug: 'vanilie', name: 'Vanilie', kind: 'candle', priceCents: 1000, categoryId: category!.id, stock: 3 })
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
		await expectHeard(() => db.update(categories).set({ isActive: false }).where(eq(categories.id, category!.id)))
		await expectHeard(() => db.delete(products).where(eq(products.id, productId)))
		await expectHeard(() => db.delete(categories).where(eq(categories.id, category!.id)))
	})

	it('announces the home page the owner saves (migration 0011, ADR 0132)', async () => {
		const { db } = database.handle
		await expectHeard(() => db.insert(homeContent).values({ heroTitle: 'Lumini' }))
		await expectHeard(() => db.update(homeContent).set({ heroTitle: 'Lumini de iarnă' }).where(eq(homeContent.slot, 'home')))
		await expectHeard(() => db.delete(homeContent))
	})

	it('announces a changed shown translation, not the background job’s bookkeeping', async () => {
		const { db } = database.handle
		const [row] = await db
			.insert(translations)
			.values({ sourceHash: 'a'.repeat(64), context: 'product.name', locale: 'en', sourceText: 'Vanilie' })
			.returning()
		await expectUnheard(() => db.update(translations).set({ attempts: 2, lockedUntil: new Date(), lastError: 'timeout' }).where(eq(translations.id, row!.id)))
		await expectHeard(() => db.update(translations).set({ translatedText: 'Vanilla' }).where(eq(translations.id, row!.id)))
		await expectHeard(() => db.update(translations).set({ overrideText: 'Vanilla candle' }).where(eq(translations.id, row!.id)))
		await expectHeard(() =>
			db.insert(translations).values({ sourceHash: 'b'.repeat(64), context: 'product.name', locale: 'es', sourceText: 'Vanilie', overrideText: 'Vainilla' }),
		)
		await expectHeard(() => db.delete(translations).where(eq(translations.id, row!.id)))
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
