import { eq } from 'drizzle-orm'
import { noVatNumberCheck } from '#server/tax/vies.ts'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orders, stockHolds, users } from '#db/schema/index.ts'
import type { CartLine } from '#domain/cart-line.ts'
import { listOwnOrders } from '#server/account/account-data.ts'
import { findOwnDocument } from '#server/invoices/documents.ts'
import { issueInvoice } from '#server/invoices/issue.ts'
import { placeCheckout } from '#server/orders/checkout-request.ts'
import { queueOrderEmail } from '#server/orders/emails.ts'
import { isExpiredOrderLink, isOrderPageKey, ORDER_LINK_DAYS_AFTER_CLOSE, orderPageKey, readOrderPage } from '#server/orders/order-page.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { setContentTranslationOverride } from '#server/translation/content.ts'
import { createTestUser } from '../support/accounts.ts'
import { createProduct, createUpload, customer, mailContext, orderInput, testInvoicing } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

const SECRET = mailContext.linkSecret

/**
 * ADR 0134: customers read order lines in their language, from the catalogue, wherever they read
 * them; ADR 0135: an order's page opens for its owner and for whoever holds its signed link only.
 */
describe.each(ENGINES)('order lines and order pages on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'orderpages' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())

	/** A candle named in Romanian with an editor's Spanish name, and a portrait photo. */
	async function spanishCatalogue() {
		const candle = await createProduct(db, { name: 'Lumânare Lemn de Cedru', stock: 5 })
		await setContentTranslationOverride(
			{ db, translation: undefined as never },
			{ kind: 'product', id: candle.id, field: 'name', locale: 'es', text: 'Vela de cedro' },
		)
		await setContentTranslationOverride(
			{ db, translation: undefined as never },
			{ kind: 'product', id: candle.id, field: 'name', locale: 'en', text: 'Cedarwood Candle' },
		)
		const upload = await createUpload(db)
		return { candle, upload }
	}

	async function paidOrder(input: { email: string; userId?: string | null; locale?: 'ro' | 'en' | 'es'; lines?: CartLine[] }) {
		const { candle, upload } = await spanishCatalogue()
		const order = await placeOrder(db, {
			...orderInput,
			locale: input.locale ?? 'es',
			userId: input.userId ?? null,
			// The names frozen at checkout are Romanian (the catalogue's source language).
			portraitName: (size) => `Portret din carton ${size} cm`,
			customer: { ...customer, email: input.email, country: 'ES' },
			lines: input.lines ?? [
				{ kind: 'product', productId: candle.id, quantity: 2 },
				{
					kind: 'portrait',
					quantity: 1,
					uploadId: upload.id,
					options: { size: '18x24', persons: '3', withCar: true, withPet: false, frame: 'premium', description: 'Familia' },
				},
			],
		})
		await db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, order.id))
		await db.update(stockHolds).set({ status: 'sold' }).where(eq(stockHolds.orderId, order.id))
		return { order, candle }
	}

	it('the order keeps the Romanian snapshot, while its page, the account and the email name everything in the reader’s language', async () => {
		const user = await createTestUser(db)
		const { order } = await paidOrder({ email: user.email, userId: user.id, locale: 'es' })
		const snapshot = await db.query.orderItems.findMany({ where: (item, { eq }) => eq(item.orderId, order.id) })
		expect(snapshot.map((item) => item.name).sort()).toEqual(['Lumânare Lemn de Cedru', 'Portret din carton 18x24 cm'])

		const page = await readOrderPage(db, SECRET, order.id, { userId: null, key: orderPageKey(SECRET, order.id) }, 'es')
		expect(page!.lines.map((line) => line.name)).toEqual(['Vela de cedro', 'Retrato de cartón 18x24 cm'])
		expect(page!.lines[1]!.optionRows).toEqual(
			expect.arrayContaining([
				{ label: 'Marco', value: 'Marco prémium' },
				{ label: 'Personas', value: '3' },
			]),
		)
		expect(page!.address.country).toBe('España')
		// The same order read by an English reader is English.
		const english = await readOrderPage(db, SECRET, order.id, { userId: user.id, key: null }, 'en')
		expect(english!.lines.map((line) => line.name)).toEqual(['Cedarwood Candle', 'Cardboard portrait 18x24 cm'])
		expect(english!.address.country).toBe('Spain')

		const own = await listOwnOrders(db, user.id, 'es')
		expect(own[0]!.items.map((item) => item.name)).toEqual(['Vela de cedro', 'Retrato de cartón 18x24 cm'])

		await db.delete(emailOutbox)
		await queueOrderEmail(db, mailContext, order.id, { kind: 'confirmation' })
		const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email))
		for (const body of [mail!.text, mail!.html!]) {
			expect(body).toContain('Vela de cedro')
			expect(body).toContain('Retrato de cartón 18x24 cm')
			expect(body).toContain('España')
			expect(body).not.toContain('Lumânare')
			expect(body).not.toContain('Spania')
			// The portrait's options, and what happens next.
			expect(body).toContain('Marco: Marco prémium')
			expect(body).toContain('3–7')
			expect(body).toContain(`/es/order/${order.id}?key=${orderPageKey(SECRET, order.id)}`)
		}
	})

	it('a refused checkout names the product in the visitor’s language', async () => {
		const candle = await createProduct(db, { name: 'Lumânare Lemn de Cedru', stock: 0 })
		await setContentTranslationOverride(
			{ db, translation: undefined as never },
			{ kind: 'product', id: candle.id, field: 'name', locale: 'es', text: 'Vela de cedro' },
		)
		const app = {
			locale: 'es' as const,
			db,
			payments: { name: 'test', testMode: true } as never,
			clientIp: '203.0.113.7',
			secret: SECRET,
			orderMail: mailContext,
			email: { nudge() {} } as never,
			env: { PUBLIC_URL: 'http://shop.test' } as never,
			shipping: orderInput.shipping,
			vatNumbers: noVatNumberCheck,
			log: pino({ level: 'silent' }),
		}
		const result = await placeCheckout(app, { lines: [{ kind: 'product', productId: candle.id, quantity: 1 }], customer: { ...customer, country: 'ES' } })
		expect(result.status).toBe(409)
		expect(result.body).toMatchObject({ ok: false, code: 'lines', errors: { formError: 'Vela de cedro está agotado' } })
	})

	describe('who opens an order’s page (authorization matrix)', () => {
		it('the owner’s link opens it; a wrong key, another order’s key, another customer and staff get nothing', async () => {
			const owner = await createTestUser(db)
			const other = await createTestUser(db)
			const admin = await createTestUser(db, { roles: ['admin'] })
			const { order } = await paidOrder({ email: 'guest-owner@example.com' })
			const { order: otherOrder } = await paidOrder({ email: other.email, userId: other.id })
			const key = orderPageKey(SECRET, order.id)
			const open = (viewer: { userId: string | null; key: string | null }) => readOrderPage(db, SECRET, order.id, viewer, 'es')
			const flipped = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')

			const matrix: [string, { userId: string | null; key: string | null }, boolean][] = [
				['guest with the emailed link', { userId: null, key }, true],
				['anyone signed in with the link', { userId: other.id, key }, true],
				['guest without a key', { userId: null, key: null }, false],
				['a key with one character changed', { userId: null, key: flipped }, false],
				['a truncated key', { userId: null, key: key.slice(0, 20) }, false],
				['another order’s key', { userId: null, key: orderPageKey(SECRET, otherOrder.id) }, false],
				['the key signed with another secret', { userId: null, key: orderPageKey('another-secret', order.id) }, false],
				['another signed-in customer', { userId: other.id, key: null }, false],
				['an admin without the link', { userId: admin.id, key: null }, false],
				['a different account with the same address, unverified', { userId: owner.id, key: null }, false],
			]
			for (const [who, viewer, allowed] of matrix) {
				const page = await open(viewer)
				expect(page === null ? 'refused' : 'opened', who).toBe(allowed ? 'opened' : 'refused')
				if (page) expect(page.id).toBe(order.id)
			}
			// The other customer opens their own order signed in, without any key.
			expect((await readOrderPage(db, SECRET, otherOrder.id, { userId: other.id, key: null }, 'ro'))?.id).toBe(otherOrder.id)
			// Unknown and malformed ids are refused alike.
			expect(
				await readOrderPage(
					db,
					SECRET,
					'00000000-0000-4000-8000-000000000000',
					{ userId: null, key: orderPageKey(SECRET, '00000000-0000-4000-8000-000000000000') },
					'ro',
				),
			).toBeNull()
			expect(await readOrderPage(db, SECRET, 'not-an-id', { userId: other.id, key: null }, 'ro')).toBeNull()
			expect(isOrderPageKey(SECRET, order.id, `${key}=`)).toBe(false)
		})

		it('an emailed link opens the order while it is open and for 90 days after it closed, never once archived; its owner signed in always (ADR 0168)', async () => {
			const user = await createTestUser(db)
			await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
			const { order } = await paidOrder({ email: user.email })
			const key = orderPageKey(SECRET, order.id)
			const byLink = () => readOrderPage(db, SECRET, order.id, { userId: null, key }, 'ro')
			const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
			// Open orders: however old.
			await db
				.update(orders)
				.set({ updatedAt: daysAgo(400) })
				.where(eq(orders.id, order.id))
			expect((await byLink())?.id).toBe(order.id)
			// Delivered 89 days ago: still open by link; 91 days ago: expired, and said so.
			await db
				.update(orders)
				.set({ status: 'delivered', updatedAt: daysAgo(89) })
				.where(eq(orders.id, order.id))
			expect((await byLink())?.id).toBe(order.id)
			await db
				.update(orders)
				.set({ updatedAt: daysAgo(ORDER_LINK_DAYS_AFTER_CLOSE + 1) })
				.where(eq(orders.id, order.id))
			expect(await byLink()).toBeNull()
			expect(await isExpiredOrderLink(db, SECRET, order.id, key)).toBe(true)
			// A wrong key learns nothing: not 'expired', just nothing.
			expect(await isExpiredOrderLink(db, SECRET, order.id, orderPageKey('another-secret', order.id))).toBe(false)
			// The owner, signed in, still opens it.
			expect((await readOrderPage(db, SECRET, order.id, { userId: user.id, key: null }, 'ro'))?.id).toBe(order.id)
			// Archived by the shop: the link ends at once, even for an order still being made.
			await db.update(orders).set({ status: 'processing', updatedAt: new Date(), archivedAt: new Date() }).where(eq(orders.id, order.id))
			expect(await byLink()).toBeNull()
			expect(await isExpiredOrderLink(db, SECRET, order.id, key)).toBe(true)
		})

		it('a guest who signs up with the order’s address sees the order once the address is verified; unpaid checkouts stay out', async () => {
			const email = `later-${Date.now()}@example.com`
			const { order } = await paidOrder({ email })
			const { candle } = await spanishCatalogue()
			const unpaid = await placeOrder(db, { ...orderInput, customer: { ...customer, email }, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }] })
			const invoice = await db.transaction((tx) => issueInvoice(tx, testInvoicing, order.id))
			const user = await createTestUser(db, { email: email.toUpperCase() })
			expect(await listOwnOrders(db, user.id)).toEqual([])
			expect(await readOrderPage(db, SECRET, order.id, { userId: user.id, key: null }, 'es')).toBeNull()
			expect(await findOwnDocument(db, user.id, invoice.number)).toBeNull()

			await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
			expect((await listOwnOrders(db, user.id)).map((o) => o.id)).toEqual([order.id])
			expect((await readOrderPage(db, SECRET, order.id, { userId: user.id, key: null }, 'es'))?.id).toBe(order.id)
			// Its invoice downloads from /account as the order is listed there (ADR 0157).
			expect((await findOwnDocument(db, user.id, invoice.number))?.document.id).toBe(invoice.id)
			// The unpaid checkout is not in the history and its page does not open from the account.
			expect(await readOrderPage(db, SECRET, unpaid.id, { userId: user.id, key: null }, 'es')).toBeNull()
			// An order placed by another account is never taken over by address.
			const someone = await createTestUser(db)
			const { order: theirs } = await paidOrder({ email, userId: someone.id })
			expect((await listOwnOrders(db, user.id)).map((o) => o.id)).not.toContain(theirs.id)
			expect(await findOwnDocument(db, someone.id, invoice.number)).toBeNull()
		})
	})
})
