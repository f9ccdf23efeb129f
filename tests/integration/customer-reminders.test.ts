import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { checkoutReminders, emailOutbox, products, stockAlerts } from '#db/schema/index.ts'
import { cartRestoreUrl, isCartLinkKey, recordReminderConsent, restoredCartItems, sendDueCheckoutReminders } from '#server/marketing/checkout-reminders.ts'
import { requestStockAlert, sendDueStockAlerts, STOCK_ALERT_RATE_LIMIT } from '#server/marketing/stock-alerts.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { CustomerErasureRefusedError, eraseCustomer } from '#server/customers/customers.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { createProduct, customer, mailContext, orderInput, payPlacedOrder, paymentDeps } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** Back-in-stock alerts and the one unfinished-checkout reminder (ADR 0269). */

const deps = (db: Database) => ({ db, mail: mailContext })
const visitor = (db: Database, ip: string) => ({ db, clientIp: ip })
let ipCounter = 0
const freshIp = () => `198.51.100.${++ipCounter}`

async function mailsTo(db: Database, email: string) {
	return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))
}

async function setStock(db: Database, productId: string, stock: number | null) {
	await db.update(products).set({ stock }).where(eq(products.id, productId))
}

describe.each(ENGINES)('back-in-stock alerts on %s', (engine) => {
	let database: TestDatabase
	let db: Database
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'stockalerts' })
		db = database.handle.db
	})
	afterAll(async () => {
		await database.cleanup()
	})

	it('sends one email per waiting address, in its language with a link to the product, when stock rises from 0, then forgets the address', async () => {
		const candle = await createProduct(db, { stock: 0, name: 'Lumânare Cedru' })
		expect(await requestStockAlert(visitor(db, freshIp()), { email: ' Ana@Example.com ', productId: candle.id, locale: 'en' })).toEqual({ kind: 'waiting' })
		expect(await requestStockAlert(visitor(db, freshIp()), { email: 'luis@example.es', productId: candle.id, locale: 'es' })).toEqual({ kind: 'waiting' })
		// The same address again keeps one alert, in the latest language.
		expect(await requestStockAlert(visitor(db, freshIp()), { email: 'ana@example.com', productId: candle.id, locale: 'ro' })).toEqual({ kind: 'waiting' })
		const stored = await db.select().from(stockAlerts).where(eq(stockAlerts.productId, candle.id))
		expect(stored.map((row) => [row.email, row.locale, row.dueAt]).sort()).toEqual([
			['ana@example.com', 'ro', null],
			['luis@example.es', 'es', null],
		])
		expect(stored.every((row) => row.createdAt instanceof Date)).toBe(true)

		// Still sold out: nothing is due.
		expect(await sendDueStockAlerts(deps(db))).toBe(0)
		await setStock(db, candle.id, 4)
		expect(await sendDueStockAlerts(deps(db))).toBe(2)

		const [ana] = await mailsTo(db, 'ana@example.com')
		expect(ana!.subject).toBe('Lumânare Cedru este din nou în stoc')
		expect(ana!.text).toContain(`http://shop.test/ro/product/${candle.slug}`)
		expect(ana!.html).toContain(`href="http://shop.test/ro/product/${candle.slug}"`)
		const [luis] = await mailsTo(db, 'luis@example.es')
		expect(luis!.subject).toContain('vuelve a estar disponible')
		expect(luis!.text).toContain(`http://shop.test/es/product/${candle.slug}`)
		// The footer names the shop's country in the reader's language, as the order emails do.
		for (const body of [luis!.text, luis!.html!]) expect(body).toContain('Cluj-Napoca, Rumanía')
		expect(`${luis!.text}${luis!.html}`).not.toContain('România')
		expect(ana!.text).toContain('Cluj-Napoca, România')
		expect(await db.select().from(stockAlerts).where(eq(stockAlerts.productId, candle.id))).toEqual([])

		// Forgotten: sold out and back again sends nothing more.
		await setStock(db, candle.id, 0)
		await setStock(db, candle.id, 2)
		expect(await sendDueStockAlerts(deps(db))).toBe(0)
		expect(await mailsTo(db, 'ana@example.com')).toHaveLength(1)
	})

	it('is refused for a product on sale, stored for nothing else, and rate-limited per address', async () => {
		const inStock = await createProduct(db, { stock: 3 })
		expect(await requestStockAlert(visitor(db, freshIp()), { email: 'eva@example.com', productId: inStock.id, locale: 'en' })).toEqual({ kind: 'in-stock' })
		const hidden = await createProduct(db, { stock: 0, isActive: false })
		expect(await requestStockAlert(visitor(db, freshIp()), { email: 'eva@example.com', productId: hidden.id, locale: 'en' })).toEqual({
			kind: 'unavailable',
		})
		expect(await db.select().from(stockAlerts).where(eq(stockAlerts.email, 'eva@example.com'))).toEqual([])

		const soldOut = await createProduct(db, { stock: 0 })
		const ip = freshIp()
		for (let i = 0; i < STOCK_ALERT_RATE_LIMIT.limit; i++) {
			expect((await requestStockAlert(visitor(db, ip), { email: `many${i}@example.com`, productId: soldOut.id, locale: 'en' })).kind).toBe('waiting')
		}
		const refused = await requestStockAlert(visitor(db, ip), { email: 'one-more@example.com', productId: soldOut.id, locale: 'en' })
		expect(refused.kind).toBe('rate-limited')
	})

	it('catches every way stock comes back: a released hold, and a variant links to its own page', async () => {
		const candle = await createProduct(db, { stock: 1 })
		const order = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }] })
		expect((await db.select({ stock: products.stock }).from(products).where(eq(products.id, candle.id)))[0]!.stock).toBe(0)
		await requestStockAlert(visitor(db, freshIp()), { email: 'hold@example.com', productId: candle.id, locale: 'en' })
		// The unpaid checkout expires: its held unit goes back on sale, by the payment path, not an admin form.
		await handlePaymentEvent(paymentDeps(db), {
			id: `evt_expired_${order.id}`,
			provider: 'test',
			type: 'checkout.session.expired',
			session: { id: `cs_${order.id}`, orderId: order.id, status: 'expired', paymentStatus: 'unpaid' },
		})
		expect(await sendDueStockAlerts(deps(db))).toBe(1)
		expect((await mailsTo(db, 'hold@example.com'))[0]!.subject).toContain('is back in stock')

		const parent = await createProduct(db, { stock: null, name: 'Lumânare Smochină' })
		await db
			.update(products)
			.set({ optionNames: ['Mărime'] })
			.where(eq(products.id, parent.id))
		const [variant] = await db
			.insert(products)
			.values({
				slug: `${parent.slug}-mare`,
				name: 'Lumânare Smochină — Mare',
				kind: 'candle',
				priceCents: 5000,
				stock: 0,
				variantOf: parent.id,
				optionValues: ['Mare'],
			})
			.returning()
		// The product a variant varies is never sold itself: no alert on it.
		expect((await requestStockAlert(visitor(db, freshIp()), { email: 'var@example.com', productId: parent.id, locale: 'en' })).kind).toBe('unavailable')
		expect((await requestStockAlert(visitor(db, freshIp()), { email: 'var@example.com', productId: variant!.id, locale: 'en' })).kind).toBe('waiting')
		await setStock(db, variant!.id, 5)
		expect(await sendDueStockAlerts(deps(db))).toBe(1)
		const [mail] = await mailsTo(db, 'var@example.com')
		expect(mail!.text).toContain(`http://shop.test/en/product/${parent.slug}?variant=${variant!.id}`)
		expect(mail!.subject).toContain('Lumânare Smochină')
	})

	it('forgets a waiting address when the shop erases that customer, and refuses an email it holds nothing for', async () => {
		const candle = await createProduct(db, { stock: 0 })
		await requestStockAlert(visitor(db, freshIp()), { email: 'Uitata@Example.com', productId: candle.id, locale: 'ro' })
		const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'alert-erasure-'))
		try {
			const storage = createLocalStorage(folder)
			expect(await eraseCustomer({ db, storage }, 'uitata@example.com')).toMatchObject({ account: false, orders: 0 })
			expect(await db.select().from(stockAlerts).where(eq(stockAlerts.email, 'uitata@example.com'))).toEqual([])
			await expect(eraseCustomer({ db, storage }, 'uitata@example.com')).rejects.toBeInstanceOf(CustomerErasureRefusedError)
		} finally {
			await fs.rm(folder, { recursive: true, force: true })
		}
	})

	it('sends once when two stock raises and two senders run at the same time', async () => {
		const candle = await createProduct(db, { stock: 0 })
		const emails = Array.from({ length: 8 }, (_, i) => `race${i}@example.com`)
		for (const email of emails) await requestStockAlert(visitor(db, freshIp()), { email, productId: candle.id, locale: 'en' })
		// A second handle is a second instance (PostgreSQL); PGlite serves one process, so its two run on one handle.
		const other = engine === 'postgres' ? (await database.openAnother()).db : db
		await Promise.all([
			setStock(db, candle.id, 3),
			other
				.update(products)
				.set({ stock: sql`coalesce(${products.stock}, 0) + 2` })
				.where(eq(products.id, candle.id)),
		])
		const sent = await Promise.all([sendDueStockAlerts(deps(db)), sendDueStockAlerts(deps(other)), sendDueStockAlerts(deps(db))])
		expect(sent.reduce((a, b) => a + b, 0)).toBe(emails.length)
		for (const email of emails) expect(await mailsTo(db, email)).toHaveLength(1)
		expect(await db.select().from(stockAlerts).where(eq(stockAlerts.productId, candle.id))).toEqual([])
	})
})

describe.each(ENGINES)('unfinished-checkout reminders on %s', (engine) => {
	let database: TestDatabase
	let db: Database
	const delayMs = 60 * 60_000
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'reminders' })
		db = database.handle.db
	})
	afterAll(async () => {
		await database.cleanup()
	})

	async function checkout(email: string, productId: string, locale: 'en' | 'ro' | 'es' = 'en') {
		return placeOrder(db, { ...orderInput, locale, customer: { ...customer, email }, lines: [{ kind: 'product', productId, quantity: 2 }] })
	}
	/** As if the consent had been given longer ago than the delay. */
	async function ageConsent(orderId: string) {
		await db
			.update(checkoutReminders)
			.set({ consentedAt: new Date(Date.now() - delayMs - 60_000) })
			.where(eq(checkoutReminders.orderId, orderId))
	}

	it('sends exactly one reminder with consent after the delay, none without consent, none after payment', async () => {
		const candle = await createProduct(db, { stock: 20, name: 'Lumânare Lavandă' })
		const consenting = await checkout('remind-me@example.com', candle.id, 'es')
		const silent = await checkout('no-consent@example.com', candle.id)
		const paid = await checkout('paid@example.com', candle.id)
		await recordReminderConsent(db, { orderId: consenting.id, locale: 'es' })
		await recordReminderConsent(db, { orderId: paid.id, locale: 'en' })
		const [consent] = await db.select().from(checkoutReminders).where(eq(checkoutReminders.orderId, consenting.id))
		// The exact text the customer ticked, in their language, with its time.
		expect(consent!.consentText).toBe('Si no termino este pedido, enviadme un único recordatorio (una vez, y nada más).')
		expect(consent!.consentedAt).toBeInstanceOf(Date)

		// Not before the delay.
		expect(await sendDueCheckoutReminders({ ...deps(db), delayMs })).toBe(0)
		await ageConsent(consenting.id)
		await ageConsent(paid.id)
		await payPlacedOrder(db, paid.id)

		expect(await sendDueCheckoutReminders({ ...deps(db), delayMs })).toBe(1)
		const [reminder, ...more] = await mailsTo(db, 'remind-me@example.com')
		expect(more).toEqual([])
		expect(reminder!.subject).toBe('Tu carrito en Lumină & Carton te espera')
		expect(reminder!.text).toContain('2 × Lumânare Lavandă')
		for (const body of [reminder!.text, reminder!.html!]) expect(body).toContain('Cluj-Napoca, Rumanía')
		const link = cartRestoreUrl(mailContext.publicUrl, 'es', mailContext.linkSecret, consenting.id)
		expect(reminder!.text).toContain(link)
		expect(await mailsTo(db, 'no-consent@example.com')).toEqual([])
		expect((await mailsTo(db, 'paid@example.com')).filter((mail) => mail.subject.includes('cart'))).toEqual([])
		// The paid order's consent can lead to nothing any more: it is forgotten.
		expect(await db.select().from(checkoutReminders).where(eq(checkoutReminders.orderId, paid.id))).toEqual([])

		// Idempotent: another round, from two instances at once, sends nothing more.
		const other = engine === 'postgres' ? (await database.openAnother()).db : db
		expect(await Promise.all([sendDueCheckoutReminders({ ...deps(db), delayMs }), sendDueCheckoutReminders({ ...deps(other), delayMs })])).toEqual([0, 0])
		expect(await mailsTo(db, 'remind-me@example.com')).toHaveLength(1)

		// The link restores the order's lines as cart lines, and only with its key.
		const key = new URL(link).searchParams.get('key')
		expect(isCartLinkKey(mailContext.linkSecret, consenting.id, key)).toBe(true)
		expect(isCartLinkKey(mailContext.linkSecret, silent.id, key)).toBe(false)
		expect(await restoredCartItems(db, consenting.id, 'es')).toMatchObject([
			{ id: candle.id, line: { kind: 'product', productId: candle.id, quantity: 2 }, name: 'Lumânare Lavandă', maxQuantity: expect.any(Number) },
		])
	})

	it('sends one reminder when two instances claim the same due checkouts at once', async () => {
		const candle = await createProduct(db, { stock: 50 })
		const placed = []
		for (let i = 0; i < 6; i++) placed.push(await checkout(`claim${i}@example.com`, candle.id))
		for (const order of placed) {
			await recordReminderConsent(db, { orderId: order.id, locale: 'en' })
			await ageConsent(order.id)
		}
		const other = engine === 'postgres' ? (await database.openAnother()).db : db
		const sent = await Promise.all([sendDueCheckoutReminders({ ...deps(db), delayMs }), sendDueCheckoutReminders({ ...deps(other), delayMs })])
		expect(sent[0] + sent[1]).toBe(placed.length)
		for (let i = 0; i < placed.length; i++) expect(await mailsTo(db, `claim${i}@example.com`)).toHaveLength(1)
	})

	it('sends none when the customer placed another paid order meanwhile', async () => {
		const candle = await createProduct(db, { stock: 20 })
		const abandoned = await checkout('came-back@example.com', candle.id)
		await recordReminderConsent(db, { orderId: abandoned.id, locale: 'en' })
		await ageConsent(abandoned.id)
		const later = await checkout('Came-Back@example.com', candle.id)
		await payPlacedOrder(db, later.id)
		expect(await sendDueCheckoutReminders({ ...deps(db), delayMs })).toBe(0)
		expect((await mailsTo(db, 'came-back@example.com')).filter((mail) => mail.subject.includes('cart'))).toEqual([])
	})
})
