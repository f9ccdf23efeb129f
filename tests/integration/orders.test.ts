import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orderHistory, orderItems, orders, paymentEvents, products, stockHolds, uploads } from '#db/schema/index.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { CheckoutRejectedError, placeOrder } from '#server/orders/place-order.ts'
import { reconcilePendingOrders } from '#server/orders/reconcile.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { startCheckout } from '#server/orders/checkout.ts'
import type { PaymentEvent } from '#server/payments/provider.ts'
import { countryLabel, flatShipping } from '#domain/shipping.ts'
import { createProduct, createUpload, customer, orderInput, paymentDeps, shuffle } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

const portraitOptions = { size: '13x18', persons: '1', withCar: false, withPet: false, frame: 'simple', description: '' } as const

const paidEvent = (orderId: string, sessionId: string, id: string): PaymentEvent => ({
	id,
	provider: 'stripe',
	type: 'checkout.session.completed',
	session: { id: sessionId, orderId, status: 'complete', paymentStatus: 'paid' },
})

describe.each(ENGINES)('orders on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'orders' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())

	const stockOf = async (id: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock

	it('prices every line from the database, never from the browser, and holds the stock', async () => {
		const candle = await createProduct(db, { priceCents: 4500, stock: 5 })
		const upload = await createUpload(db)
		const order = await placeOrder(db, {
			...orderInput,
			customer: { ...customer, notes: '  sună la interfon  ' },
			lines: [
				{ kind: 'product', productId: candle.id, quantity: 2 },
				{
					kind: 'portrait',
					quantity: 3,
					options: { size: '18x24', persons: '2', withCar: false, withPet: true, frame: 'premium', description: 'Noi doi' },
					uploadId: upload.id,
				},
			],
		})
		// 2 × 45.00 + 3 × (39.90 + 5.00)
		expect(order.subtotalCents).toBe(2 * 4500 + 3 * 4490)
		expect(order.totalCents).toBe(order.subtotalCents)
		const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
		expect(row).toMatchObject({ status: 'new', paymentStatus: 'pending', locale: 'ro', totalCents: 22470, email: 'ana@example.com' })
		expect(row!.shippingAddress.notes).toBe('  sună la interfon  ')
		const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.unitPriceCents)
		expect(items.map((i) => [i.unitPriceCents, i.quantity])).toEqual([
			[4490, 3],
			[4500, 2],
		])
		expect(items[0]).toMatchObject({ name: 'Portret din carton 18x24 cm', uploadId: upload.id, productId: null })
		expect(await stockOf(candle.id)).toBe(3)
		const holds = await db.select().from(stockHolds).where(eq(stockHolds.orderId, order.id))
		expect(holds).toMatchObject([{ productId: candle.id, quantity: 2, status: 'held' }])
		expect(holds[0]!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(29 * 60_000)
		const [claimed] = await db.select().from(uploads).where(eq(uploads.id, upload.id))
		expect(claimed!.claimedAt).not.toBeNull()
	})

	it('refuses missing, inactive, out-of-stock and photo-less lines with one problem per line, writing nothing', async () => {
		const inactive = await createProduct(db, { isActive: false })
		const empty = await createProduct(db, { stock: 0 })
		const few = await createProduct(db, { stock: 2 })
		const before = (await db.select().from(orders)).length
		const error = await placeOrder(db, {
			...orderInput,
			customer,
			lines: [
				{ kind: 'product', productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
				{ kind: 'product', productId: inactive.id, quantity: 1 },
				{ kind: 'product', productId: empty.id, quantity: 1 },
				{ kind: 'product', productId: few.id, quantity: 3 },
				{ kind: 'portrait', quantity: 1, options: { ...portraitOptions, size: '13x18', frame: 'none' }, uploadId: '22222222-2222-4222-8222-222222222222' },
				{ kind: 'portrait', quantity: 1, options: { ...portraitOptions, size: '13x18', frame: 'none' }, uploadId: '11111111-1111-4111-8111-111111111111' },
			],
		}).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(CheckoutRejectedError)
		expect((error as CheckoutRejectedError).problems.map((p) => p.code)).toEqual([
			'unavailable',
			'unavailable',
			'outOfStock',
			'notEnoughStock',
			'photoMissing',
			'photoMissing',
		])
		expect((error as CheckoutRejectedError).problems.find((p) => p.code === 'notEnoughStock')).toEqual({ line: 3, code: 'notEnoughStock', name: few.name })
		expect((await db.select().from(orders)).length).toBe(before)
		expect(await stockOf(few.id)).toBe(2)
	})

	it('charges shipping by destination, free from the threshold', async () => {
		const candle = await createProduct(db, { priceCents: 3000, stock: null })
		const shipping = flatShipping({ ratesCents: { ro: 1500, es: 900, eu: 1200, world: 2500 }, freeFromCents: 10000, countries: ['RO', 'ES', 'DE', 'US'] })
		const cases: [string, number, number][] = [
			['România', 1, 1500],
			['ES', 1, 900],
			['Germany', 1, 1200],
			['Japonia', 1, 2500],
			['Spain', 4, 0],
		]
		for (const [country, quantity, expected] of cases) {
			const order = await placeOrder(db, {
				...orderInput,
				shipping,
				customer: { ...customer, country },
				lines: [{ kind: 'product', productId: candle.id, quantity }],
			})
			expect(order.shippingCents, country).toBe(expected)
			expect(order.totalCents).toBe(3000 * quantity + expected)
		}
		const [stored] = await db
			.select()
			.from(orders)
			.where(eq(orders.totalCents, 3000 + 900))
		// The ISO code is stored (ADR 0102); pages show its name in their reader's language.
		expect(stored!.shippingAddress.country).toBe('ES')
		expect(countryLabel(stored!.shippingAddress.country, 'ro')).toBe('Spania')
	})

	it('takes each payment event once: duplicated and shuffled deliveries give one paid transition, one sale and one email per order', async () => {
		const candle = await createProduct(db, { stock: 10 })
		const placed = []
		for (let i = 0; i < 3; i++) placed.push(await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 2 }] }))
		expect(await stockOf(candle.id)).toBe(4)
		const deliveries = placed.flatMap((order) => {
			const session = `cs_${order.id.slice(0, 8)}`
			const events: PaymentEvent[] = [
				paidEvent(order.id, session, `evt_completed_${order.id}`),
				{ ...paidEvent(order.id, session, `evt_async_${order.id}`), type: 'checkout.session.async_payment_succeeded' },
				// A late expiry notice for a paid session must not release the sold units.
				{
					...paidEvent(order.id, session, `evt_expired_${order.id}`),
					type: 'checkout.session.expired',
					session: { id: session, orderId: order.id, status: 'expired', paymentStatus: 'unpaid' },
				},
			]
			return events.flatMap((event) => Array.from({ length: 5 }, () => event))
		})
		// Half in sequence in a random order, half at the same time.
		const shuffled = shuffle(deliveries)
		const half = Math.floor(shuffled.length / 2)
		for (const event of shuffled.slice(0, half)) await handlePaymentEvent(paymentDeps(db), event)
		const results = await Promise.all(shuffled.slice(half).map((event) => handlePaymentEvent(paymentDeps(db), event)))
		expect(results.length).toBeGreaterThan(0)

		for (const order of placed) {
			const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
			const paidRows = await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))
			const holds = await db.select().from(stockHolds).where(eq(stockHolds.orderId, order.id))
			const mails = await db
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.dedupeKey, `order-paid:${order.id}`))
			const events = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))
			// The expiry may have arrived before the payment (then the units were released and taken again).
			expect(row!.paymentStatus).toBe('paid')
			expect(paidRows.filter((h) => h.action === 'payment_paid')).toHaveLength(1)
			expect(holds.map((h) => h.status)).toEqual(['sold'])
			expect(mails).toHaveLength(1)
			expect(events).toHaveLength(3)
		}
		expect(await stockOf(candle.id)).toBe(4)
	})

	it('releases held stock when the session expires or the card is declined, once', async () => {
		const candle = await createProduct(db, { stock: 3 })
		const expired = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 2 }] })
		const declined = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }] })
		expect(await stockOf(candle.id)).toBe(0)
		const expiry: PaymentEvent = {
			id: 'evt_exp_1',
			provider: 'stripe',
			type: 'checkout.session.expired',
			session: { id: 'cs_x', orderId: expired.id, status: 'expired', paymentStatus: 'unpaid' },
		}
		for (let i = 0; i < 3; i++) await handlePaymentEvent(paymentDeps(db), { ...expiry, id: `evt_exp_${i % 2}` })
		expect(await stockOf(candle.id)).toBe(2)
		await handlePaymentEvent(paymentDeps(db), {
			...expiry,
			id: 'evt_fail',
			type: 'checkout.session.async_payment_failed',
			session: { ...expiry.session, orderId: declined.id },
		})
		expect(await stockOf(candle.id)).toBe(3)
		const rows = await db.select().from(orders).where(eq(orders.id, expired.id))
		expect(rows[0]).toMatchObject({ paymentStatus: 'failed', status: 'cancelled' })
		expect((await db.select().from(stockHolds).where(eq(stockHolds.orderId, declined.id)))[0]!.status).toBe('released')
		expect(
			await db
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.dedupeKey, `order-paid:${expired.id}`)),
		).toHaveLength(0)
	})

	it('reconciles pending orders whose session has ended: paid ones are paid, others release their stock', async () => {
		const candle = await createProduct(db, { stock: 4 })
		const test = createTestCardProvider({ db })
		const deps = { ...paymentDeps(db), payments: test, publicUrl: 'http://shop.test', shipping: orderInput.shipping }
		const abandoned = await startCheckout(deps, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }] })
		const open = await startCheckout(deps, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }] })
		// The test card page in the order's language (ADR 0106).
		expect(abandoned.url).toMatch(/^\/ro\/test-payment\/test_cs_/)
		expect(await stockOf(candle.id)).toBe(2)

		// Nothing is due yet.
		expect((await reconcilePendingOrders({ ...deps, payments: test })).checked).toBe(0)
		// The abandoned session ended long ago; the other is still open.
		await db
			.update(orders)
			.set({ paymentSessionExpiresAt: new Date(Date.now() - 10 * 60_000) })
			.where(eq(orders.id, abandoned.orderId))
		const summary = await reconcilePendingOrders({ ...deps, payments: test })
		expect(summary).toMatchObject({ checked: 1, released: 1, paid: 0, errors: 0 })
		expect(await stockOf(candle.id)).toBe(3)
		// Running again changes nothing.
		expect((await reconcilePendingOrders({ ...deps, payments: test })).released).toBe(0)
		const [still] = await db.select().from(orders).where(eq(orders.id, open.orderId))
		expect(still!.paymentStatus).toBe('pending')
	})
})
