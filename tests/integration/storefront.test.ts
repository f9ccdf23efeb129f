import { eq, inArray, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, emailOutbox, newsletterSubscribers, products } from '#db/schema/index.ts'
import { findActiveProduct, listSitemapCategories, listSitemapProducts, loadCatalog } from '#server/catalog/catalog.ts'
import { localizeContent } from '#server/catalog/content.ts'
import { createContentTranslation } from '#server/services.ts'
import { setContentTranslationOverride } from '#server/translation/content.ts'
import { parseEnv } from '#server/config/env.ts'
import { CONTACT_RATE_LIMIT, sendContactMessage } from '#server/contact/contact.ts'
import { createLogger } from '#server/logger.ts'
import { HOLD_LIMITS } from '#server/orders/hold-limits.ts'
import { confirmNewsletterSubscription, subscribeToNewsletter, unsubscribeFromNewsletter } from '#server/marketing/newsletter.ts'
import { deleteExpiredSecurityRows } from '#server/security/expired-rows.ts'
import { UNCONFIRMED_SUBSCRIBER_DAYS } from '#domain/newsletter/subscriber-status.ts'
import { CATALOG_PAGE_SIZE } from '#domain/catalog.ts'
import { SITEMAP_PRODUCTS_PER_FILE } from '#domain/sitemap.ts'
import { parseCatalogQuery } from '#domain/catalog-query.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

const query = (search: string) => parseCatalogQuery(new URLSearchParams(search))

describe.each(ENGINES)('storefront services on %s', (engine) => {
	let database: TestDatabase
	let ids: { top: string; sub: string; other: string; hidden: string }
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'storefront' })
		const { db } = database.handle
		const [top, hidden] = await db
			.insert(categories)
			.values([
				{ slug: 'candle', name: 'Lumânări', displayOrder: 2 },
				{ slug: 'ascunsa', name: 'Ascunsă', displayOrder: 1, isActive: false },
			])
			.returning()
		const [sub, other] = await db
			.insert(categories)
			.values([
				{ slug: 'borcan', name: 'Borcan', parentId: top!.id },
				{ slug: 'cutie', name: 'Cutie', parentId: top!.id },
			])
			.returning()
		ids = { top: top!.id, sub: sub!.id, other: other!.id, hidden: hidden!.id }
		await db.insert(products).values([
			{ slug: 'a', name: 'A', kind: 'candle', categoryId: sub!.id, priceCents: 1000, badges: ['Bestseller'], createdAt: new Date('2025-01-01') },
			{ slug: 'b', name: 'B', kind: 'candle', categoryId: other!.id, priceCents: 1000, badges: ['Nou'], createdAt: new Date('2025-02-01') },
			{ slug: 'c', name: 'C', kind: 'candle', categoryId: top!.id, priceCents: 1000, badges: [], isActive: false },
			{ slug: 'd', name: 'D', kind: 'candle', categoryId: hidden!.id, priceCents: 1000, badges: ['Bestseller'] },
		])
	})
	afterAll(() => database.cleanup())

	const slugs = async (search: string) => (await loadCatalog(database.handle.db, query(search))).products.map((p) => p.slug)

	it('filters in the database: category (slug or id), subcategory, bestsellers and new; newest first; active only', async () => {
		expect(await slugs('')).toEqual(['d', 'b', 'a'])
		expect(await slugs('category=candle')).toEqual(['b', 'a'])
		expect(await slugs(`category=${ids.top}`)).toEqual(['b', 'a'])
		expect(await slugs('category=candle&subcategory=borcan')).toEqual(['a'])
		expect(await slugs(`category=candle&subcategory=${ids.other}`)).toEqual(['b'])
		expect(await slugs('category=bestsellers')).toEqual(['d', 'a'])
		expect(await slugs('category=candle&filter=new')).toEqual(['b'])
		expect(await slugs('filter=bestsellers')).toEqual(['d', 'a'])
		const result = await loadCatalog(database.handle.db, query('category=candle'))
		expect(result.tabs.map((t) => t.slug)).toEqual(['candle'])
		expect(result.subcategories.map((s) => s.slug)).toEqual(['borcan', 'cutie'])
	})

	it('pages the grid: CATALOG_PAGE_SIZE products a page, newest first, with a flag for a next page', async () => {
		const { db } = database.handle
		const [paged] = await db.insert(categories).values({ slug: 'paginat', name: 'Paginat' }).returning()
		const count = CATALOG_PAGE_SIZE + 3
		await db.insert(products).values(
			Array.from({ length: count }, (_, index) => ({
				slug: `p-${String(index).padStart(2, '0')}`,
				name: `P ${index}`,
				kind: 'candle' as const,
				categoryId: paged!.id,
				priceCents: 1000,
				createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
			})),
		)
		const first = await loadCatalog(db, query('category=paginat'))
		expect(first.products).toHaveLength(CATALOG_PAGE_SIZE)
		expect(first.products[0]!.slug).toBe(`p-${count - 1}`)
		expect(first.hasNextPage).toBe(true)
		const second = await loadCatalog(db, query('category=paginat&page=2'))
		expect(second.products.map((p) => p.slug)).toEqual(['p-02', 'p-01', 'p-00'])
		expect(second.hasNextPage).toBe(false)
		expect((await loadCatalog(db, query('category=paginat&page=3'))).products).toEqual([])
		await db.delete(products).where(eq(products.categoryId, paged!.id))
		await db.delete(categories).where(eq(categories.id, paged!.id))
	})

	it('gives an empty result for keys that name nothing, never an error', async () => {
		for (const search of [
			'category=ascunsa',
			'category=nope',
			'category=borcan',
			'category=candle&subcategory=nope',
			'category=%27%3B--',
			`category=${'9'.repeat(400)}`,
		]) {
			expect(await slugs(search), search).toEqual([])
		}
	})

	it('finds one active product by slug or id, with its category name', async () => {
		const { db } = database.handle
		const bySlug = await findActiveProduct(db, { slug: 'a' })
		// Its category is a subcategory: the link names it under its parent tab, the one way the catalogue finds it.
		expect(bySlug).toMatchObject({ slug: 'a', categoryName: 'Borcan', categoryHref: '/catalog?category=candle&subcategory=borcan' })
		expect(await slugs(bySlug!.categoryHref!.split('?')[1]!)).toEqual(['a'])
		expect(await findActiveProduct(db, { id: bySlug!.id })).toMatchObject({ slug: 'a' })
		expect(await findActiveProduct(db, { slug: 'c' })).toBeNull()
		expect(await findActiveProduct(db, { id: '00000000-0000-0000-0000-000000000000' })).toBeNull()
		// Staff previewing the shop find the inactive one too (ADR 0125).
		expect(await findActiveProduct(db, { slug: 'c' }, { includeInactive: true })).toMatchObject({ slug: 'c', isActive: false })
	})

	it('never shows a stranger the exact stock above what one address may hold (ADR 0096)', async () => {
		const { db } = database.handle
		await db.insert(products).values([
			{ slug: 'plenty', name: 'Plenty', kind: 'candle', categoryId: ids.sub, priceCents: 1000, stock: 92 },
			{ slug: 'few', name: 'Few', kind: 'candle', categoryId: ids.sub, priceCents: 1000, stock: 3 },
			{ slug: 'made-to-order', name: 'Made', kind: 'candle', categoryId: ids.sub, priceCents: 1000, stock: null },
		])
		try {
			expect((await findActiveProduct(db, { slug: 'plenty' }))?.stock).toBe(HOLD_LIMITS.unitsPerAddress)
			expect((await findActiveProduct(db, { slug: 'few' }))?.stock).toBe(3)
			expect((await findActiveProduct(db, { slug: 'made-to-order' }))?.stock).toBeNull()
			const cards = (await loadCatalog(db, query('category=candle&subcategory=borcan'))).products
			expect(Object.fromEntries(cards.map((card) => [card.slug, card.stock]))).toMatchObject({
				plenty: HOLD_LIMITS.unitsPerAddress,
				few: 3,
				'made-to-order': null,
			})
		} finally {
			await db.delete(products).where(inArray(products.slug, ['plenty', 'few', 'made-to-order']))
		}
	})

	it('lists active products and categories for the sitemap', async () => {
		const entries = await listSitemapCategories(database.handle.db)
		const listed = await listSitemapProducts(database.handle.db, { first: 1, last: SITEMAP_PRODUCTS_PER_FILE })
		expect(listed.map((p) => p.slug).sort()).toEqual(['a', 'b', 'd'])
		expect(entries.categories.map((c) => c.slug)).toEqual(['candle'])
		expect(entries.subcategories.map((s) => `${s.parentSlug}/${s.slug}`).sort()).toEqual(['candle/borcan', 'candle/cutie'])
	})

	it('localizes catalogue content from the translation cache: overrides shown, Romanian kept for ro and for missing texts', async () => {
		const { db } = database.handle
		const log = createLogger({ LOG_LEVEL: 'silent' })
		const app = { db, log, translation: createContentTranslation(parseEnv({}), db, log) }
		const [product] = await db.select().from(products).where(eq(products.slug, 'a'))
		await setContentTranslationOverride(app, { kind: 'product', id: product!.id, field: 'name', locale: 'en', text: 'Candle A' })
		const rows = [{ name: product!.name, description: 'Fără traducere', categoryName: 'Lumânări' }]
		expect(await localizeContent(app, 'product', rows, 'ro')).toEqual(rows)
		expect(await localizeContent(app, 'product', rows, 'en')).toEqual([{ name: 'Candle A', description: 'Fără traducere', categoryName: 'Lumânări' }])
		expect(await localizeContent(app, 'product', rows, 'es')).toEqual(rows)
	})

	it('sends contact messages to SHOP_EMAIL through the outbox, drops honeypot hits and rate-limits per address', async () => {
		const { db } = database.handle
		let nudges = 0
		const app = {
			db,
			env: parseEnv({ SHOP_EMAIL: 'owner@shop.example' }),
			email: { nudge: () => nudges++, runOnce: async () => 0, stop: async () => {} },
			clientIp: '198.51.100.7',
			locale: 'es' as const,
			log: createLogger({ LOG_LEVEL: 'silent' }),
		}
		const input = { name: 'Ana', email: 'ana@example.com', subject: 'Hola\r\nBcc: x@evil.example', message: 'Una pregunta' }
		expect(await sendContactMessage(app, { ...input, website: 'spam' })).toEqual({ kind: 'ignored' })
		expect(await sendContactMessage(app, input)).toEqual({ kind: 'sent' })
		const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'owner@shop.example'))
		expect(row).toMatchObject({ replyTo: 'ana@example.com', subject: 'Formular de contact: Hola Bcc: x@evil.example' })
		expect(row!.text).toContain('Una pregunta')
		expect(nudges).toBe(1)
		for (let i = 1; i < CONTACT_RATE_LIMIT.limit; i++) expect(await sendContactMessage(app, input)).toEqual({ kind: 'sent' })
		const refused = await sendContactMessage(app, input)
		expect(refused.kind).toBe('rate-limited')
		// The wait is what is left of the hour-long window: more than 59 minutes, at most 60.
		expect(refused.kind === 'rate-limited' && refused.retryAfterSeconds).toBeGreaterThan(CONTACT_RATE_LIMIT.windowSeconds - 60)
		expect(refused.kind === 'rate-limited' && refused.retryAfterSeconds).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds)
		expect(await sendContactMessage({ ...app, clientIp: '198.51.100.8' }, input)).toEqual({ kind: 'sent' })
	})

	it('newsletter: a sign-up is pending until confirmed from its email, then welcomed; polite duplicate, unsubscribe', async () => {
		const { db } = database.handle
		const publicUrl = 'https://shop.example'
		const mailTo = () => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'eva@example.com')).orderBy(emailOutbox.createdAt)
		const row = async () => (await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'eva@example.com')))[0]!
		expect(await subscribeToNewsletter(db, { email: 'Eva@Example.com', locale: 'ro', publicUrl })).toBe('confirmation-sent')
		const pending = await row()
		expect(pending.consentedAt).toBeInstanceOf(Date)
		expect(pending.consentText).toBe('Sunt de acord să primesc newsletterul și mă pot dezabona oricând.')
		expect(pending.confirmedAt).toBeNull()
		const confirmLink = `${publicUrl}/ro/newsletter/confirm?token=${pending.unsubscribeToken}`
		expect((await mailTo()).map((mail) => mail.text.includes(confirmLink))).toEqual([true])
		// Signing up again while pending sends the confirmation again, with the same link.
		expect(await subscribeToNewsletter(db, { email: 'eva@example.com ', locale: 'ro', publicUrl })).toBe('confirmation-sent')
		expect((await mailTo()).map((mail) => mail.text.includes(confirmLink))).toEqual([true, true])

		expect(await confirmNewsletterSubscription(db, { token: 'x'.repeat(32), publicUrl })).toBe('invalid')
		expect(await confirmNewsletterSubscription(db, { token: pending.unsubscribeToken, publicUrl })).toBe('confirmed')
		expect(await confirmNewsletterSubscription(db, { token: pending.unsubscribeToken, publicUrl })).toBe('already-confirmed')
		const subscriber = await row()
		expect(subscriber.confirmedAt).toBeInstanceOf(Date)
		const mails = await mailTo()
		expect(mails).toHaveLength(3)
		expect(mails[2]!.text).toContain(`${publicUrl}/ro/newsletter/unsubscribe?token=${subscriber.unsubscribeToken}`)
		// Confirmed: a new sign-up changes nothing and sends nothing.
		expect(await subscribeToNewsletter(db, { email: 'eva@example.com', locale: 'en', publicUrl })).toBe('already-subscribed')
		expect(await mailTo()).toHaveLength(3)

		expect(await unsubscribeFromNewsletter(db, subscriber.unsubscribeToken)).toBe(true)
		expect(await unsubscribeFromNewsletter(db, subscriber.unsubscribeToken)).toBe(false)
		expect(await unsubscribeFromNewsletter(db, 'short')).toBe(false)
		expect(await confirmNewsletterSubscription(db, { token: subscriber.unsubscribeToken, publicUrl })).toBe('invalid')
		// Subscribing again after unsubscribing is a fresh consent, pending again, with a new link.
		expect(await subscribeToNewsletter(db, { email: 'eva@example.com', locale: 'en', publicUrl })).toBe('confirmation-sent')
		const again = await row()
		expect(again).toMatchObject({ confirmedAt: null, unsubscribedAt: null, locale: 'en' })
		expect(again.unsubscribeToken).not.toBe(subscriber.unsubscribeToken)
	})

	it('newsletter: a sign-up never confirmed is forgotten after its time, confirmed and recent ones stay', async () => {
		const { db } = database.handle
		const publicUrl = 'https://shop.example'
		for (const email of ['old-pending@example.com', 'new-pending@example.com', 'old-confirmed@example.com']) {
			await subscribeToNewsletter(db, { email, locale: 'en', publicUrl })
		}
		const [confirmed] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'old-confirmed@example.com'))
		await confirmNewsletterSubscription(db, { token: confirmed!.unsubscribeToken, publicUrl })
		const longAgo = sql`now() - make_interval(days => ${UNCONFIRMED_SUBSCRIBER_DAYS + 1})`
		await db
			.update(newsletterSubscribers)
			.set({ consentedAt: longAgo })
			.where(inArray(newsletterSubscribers.email, ['old-pending@example.com', 'old-confirmed@example.com']))
		expect(await deleteExpiredSecurityRows(db)).toBeGreaterThanOrEqual(1)
		const left = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(like(newsletterSubscribers.email, '%-%@example.com'))
		expect(left.map((r) => r.email).sort()).toEqual(['new-pending@example.com', 'old-confirmed@example.com'])
	})
})
