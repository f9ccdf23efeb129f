import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, products } from '#db/schema/index.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import type { PaymentEvent } from '#server/payments/provider.ts'
import { createProduct, customer, mailContext, orderInput, shuffle } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** ADR 0116: the owner is told of each paid order, once, however often the payment is reported. */
describe.each(ENGINES)('the owner’s paid-order email on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'owneremail' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())
	const mail = { ...mailContext, ownerEmail: 'owner@shop.example' }

	it('sends one email per paid order to the owner with the lines, the customer and a link to the admin, through duplicate and concurrent reports', async () => {
		const candle = await createProduct(db, { priceCents: 4590, stock: 5, name: 'Lumânare cu lavandă' })
		const order = await placeOrder(db, {
			...orderInput,
			customer: { ...customer, email: `buyer-${engine}@example.com`, notes: 'Sunați înainte' },
			lines: [{ kind: 'product', productId: candle.id, quantity: 2 }],
		})
		const session = { id: `cs_owner_${order.id}`, orderId: order.id, status: 'complete' as const, paymentStatus: 'paid' as const }
		const events: PaymentEvent[] = [
			{ id: `evt_a_${order.id}`, provider: 'stripe', type: 'checkout.session.completed', session },
			{ id: `evt_b_${order.id}`, provider: 'stripe', type: 'checkout.session.async_payment_succeeded', session },
			{ id: `reconcile:${session.id}:paid`, provider: 'stripe', type: 'checkout.session.completed', session },
		]
		const deliveries = shuffle([...events, ...events, ...events])
		await Promise.all(deliveries.map((event) => handlePaymentEvent({ db, mail }, event)))
		const owner = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'owner@shop.example'))
		expect(owner).toHaveLength(1)
		const number = order.id.slice(0, 8)
		expect(owner[0]).toMatchObject({
			subject: `Comandă nouă plătită #${number} — 91,80 €`,
			dedupeKey: `order-paid-owner:${order.id}`,
			replyTo: `buyer-${engine}@example.com`,
		})
		for (const text of [
			'2 × Lumânare cu lavandă — 91,80 €',
			'Ana Popescu',
			`buyer-${engine}@example.com`,
			'+40 712 345 678',
			'Str. Lalelelor 3',
			'400001 Cluj-Napoca',
			'România',
			'Observații: Sunați înainte',
			`http://shop.test/admin/orders/${order.id}`,
		])
			expect(owner[0]!.text).toContain(text)
		expect(owner[0]!.html).toContain(`href="http://shop.test/admin/orders/${order.id}"`)
		// The customer still gets one confirmation.
		expect(
			await db
				.select()
				.from(emailOutbox)
				.where(like(emailOutbox.dedupeKey, `order-paid:${order.id}`)),
		).toHaveLength(1)
	})

	it('an unpaid, expired or declined checkout tells the owner nothing', async () => {
		const candle = await createProduct(db, { stock: 5 })
		const order = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }] })
		await handlePaymentEvent(
			{ db, mail },
			{
				id: `evt_exp_${order.id}`,
				provider: 'stripe',
				type: 'checkout.session.expired',
				session: { id: `cs_${order.id}`, orderId: order.id, status: 'expired', paymentStatus: 'unpaid' },
			},
		)
		expect(
			await db
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.dedupeKey, `order-paid-owner:${order.id}`)),
		).toEqual([])
	})

	it('a payment that came after the stock ran out tells the owner so, under its own subject, once (ADR 0232)', async () => {
		const candle = await createProduct(db, { priceCents: 2000, stock: 2, name: 'Lumânare epuizată' })
		const order = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 2 }] })
		const session = { id: `cs_late_${order.id}`, orderId: order.id }
		await handlePaymentEvent(
			{ db, mail },
			{
				id: `evt_expired_${order.id}`,
				provider: 'stripe',
				type: 'checkout.session.expired',
				session: { ...session, status: 'expired', paymentStatus: 'unpaid' },
			},
		)
		// The released units sold to someone else before the late payment arrived.
		await db.update(products).set({ stock: 0 }).where(eq(products.id, candle.id))
		const late: PaymentEvent = {
			id: `evt_late_${order.id}`,
			provider: 'stripe',
			type: 'checkout.session.completed',
			session: { ...session, status: 'complete', paymentStatus: 'paid' },
		}
		await Promise.all([late, late, { ...late, id: `reconcile:${session.id}:paid` }].map((event) => handlePaymentEvent({ db, mail }, event)))
		const owner = await db
			.select()
			.from(emailOutbox)
			.where(and(eq(emailOutbox.toAddress, 'owner@shop.example'), like(emailOutbox.text, `%#${order.id.slice(0, 8)}%`)))
		expect(owner.map((email) => email.subject)).toEqual([`Plată sosită fără stoc: comanda #${order.id.slice(0, 8)} a fost anulată și se rambursează automat`])
		expect(owner[0]!.text).toContain('a sosit după ce stocul s-a epuizat')
		expect(owner[0]!.text).toContain('2 × Lumânare epuizată')
	})
})
