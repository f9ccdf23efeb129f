import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, invoices, orderItems, orderRefunds, orders } from '#db/schema/index.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { handleRefundEvent } from '#server/orders/refund-events.ts'
import { refundOrder, RefundRefusedError } from '#server/orders/refunds.ts'
import { PaymentProviderError } from '#server/payments/provider.ts'
import { createStripeProvider, readStripeWebhook } from '#server/payments/stripe.ts'
import { createProduct, customer, mailContext, orderInput, shuffle } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'

/** ADR 0115: refunds through the real `stripe` SDK against the local fake Stripe, on both engines. */
describe.each(ENGINES)('Stripe refunds through the real SDK on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let stripe: FakeStripe
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'striperefunds' })
		db = database.handle.db
		stripe = await startFakeStripe()
	})
	afterAll(async () => {
		await stripe.close()
		await database.cleanup()
	})
	const provider = () => createStripeProvider({ secretKey: 'sk_test_refunds', apiUrl: stripe.url })
	const deps = () => ({ db, mail: mailContext, payments: provider() })
	const orderOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!

	/** An order paid at the fake Stripe through a session the SDK opened: 2 × 25 € = 50 € unless other lines are given. */
	async function paidOrder(lines: { name?: string; priceCents: number; quantity: number }[] = [{ priceCents: 2500, quantity: 2 }]) {
		const products = await Promise.all(lines.map((line) => createProduct(db, { priceCents: line.priceCents, stock: 10, name: line.name })))
		const order = await placeOrder(db, {
			...orderInput,
			customer,
			lines: lines.map((line, i) => ({ kind: 'product' as const, productId: products[i]!.id, quantity: line.quantity })),
		})
		const session = await provider().createSession({
			orderId: order.id,
			email: customer.email,
			locale: 'ro',
			lines: lines.map((line) => ({ name: line.name ?? 'Lumânare', unitAmountCents: line.priceCents, quantity: line.quantity })),
			shippingCents: 0,
			successUrl: 'http://shop.test/payment-success',
			cancelUrl: 'http://shop.test/cart',
			expiresAt: new Date(Date.now() + 31 * 60_000),
		})
		await db.update(orders).set({ paymentProvider: 'stripe', paymentSessionId: session.id }).where(eq(orders.id, order.id))
		stripe.complete(session.id)
		await handlePaymentEvent(deps(), {
			id: `evt_paid_${order.id}`,
			provider: 'stripe',
			type: 'checkout.session.completed',
			session: { id: session.id, orderId: order.id, status: 'complete', paymentStatus: 'paid' },
		})
		const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.lineId)
		return { order, sessionId: session.id, items }
	}

	/** The webhook Stripe posts about a refund, read and handled as the shop's endpoint does. */
	async function deliver(type: Parameters<FakeStripe['refundEvent']>[0], refund: Parameters<FakeStripe['refundEvent']>[1]) {
		const payload = stripe.refundEvent(type, refund)
		const webhook = readStripeWebhook(payload, stripe.sign(payload), stripe.webhookSecret)
		if (webhook?.kind !== 'refund') throw new Error('not a refund event')
		return handleRefundEvent(deps(), webhook.event)
	}

	const creditNotesOf = (orderId: string) =>
		db
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))
			.orderBy(invoices.sequence)

	it('refunds part, then the rest, through the refunds API with an idempotency key from the refund row and the order in its metadata', async () => {
		const { order, sessionId } = await paidOrder()
		const first = await refundOrder(deps(), { orderId: order.id, mode: 'amount', amountCents: 1250, reason: 'Colet lovit' })
		const request = stripe.requests.find(
			(r) => r.method === 'POST' && r.path === '/v1/refunds' && (r.body.metadata as Record<string, string>).refund_id === first.refundId,
		)!
		expect(request.headers['idempotency-key']).toBe(`order-refund-${first.refundId}`)
		expect(request.body).toMatchObject({ payment_intent: stripe.session(sessionId).payment_intent, amount: '1250', metadata: { order_id: order.id } })
		const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, first.refundId))
		expect(row!.providerRefundId).toBe(stripe.refunds.find((r) => r.metadata.refund_id === first.refundId)!.id)
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 1250 })

		// The same key again (a retry after a timeout) answers the same refund: nothing is refunded twice.
		const again = await provider().refund({
			sessionId,
			orderId: order.id,
			amountCents: 1250,
			idempotencyKey: `order-refund-${first.refundId}`,
			refundId: first.refundId,
		})
		expect(again.id).toBe(row!.providerRefundId)
		expect(stripe.refunds.filter((r) => r.payment_intent === stripe.session(sessionId).payment_intent)).toHaveLength(1)

		await refundOrder(deps(), { orderId: order.id, mode: 'full', reason: 'Retur complet' })
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 5000 })
		// Stripe's own refusal of more than is left comes back as a provider error with its message.
		const over = await provider()
			.refund({ sessionId, orderId: order.id, amountCents: 100, idempotencyKey: `over-${order.id}` })
			.catch((e: unknown) => e)
		expect(over).toBeInstanceOf(PaymentProviderError)
		expect((over as Error).message).toContain('greater than unrefunded amount')
	})

	it('a line refund Stripe answers pending is settled by its webhook, and the credit note lists that line; a dashboard refund is credited as an amount', async () => {
		const { order, sessionId, items } = await paidOrder([
			{ name: 'Lumânare cedru', priceCents: 3000, quantity: 2 },
			{ name: 'Lumânare lavandă', priceCents: 1500, quantity: 1 },
		])
		const cedar = items.find((item) => item.name === 'Lumânare cedru')!
		stripe.answerRefundsPending(true)
		const asked = await refundOrder(deps(), {
			orderId: order.id,
			mode: 'lines',
			lines: [{ itemId: cedar.id, quantity: 1 }],
			reason: 'Spartă la livrare',
		}).finally(() => stripe.answerRefundsPending(false))
		expect(asked).toMatchObject({ amountCents: 3000, status: 'pending' })
		// Nothing is credited while the money has not moved.
		expect(await creditNotesOf(order.id)).toEqual([])
		const atStripe = stripe.refunds.find((refund) => refund.metadata.order_id === order.id)!
		// Stripe reports it twice, as it may: one credit note.
		await deliver('refund.updated', stripe.settleRefund(atStripe.id))
		await deliver('charge.refund.updated', atStripe)
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 3000 })
		const [byLine] = await creditNotesOf(order.id)
		expect(byLine!.lines.map((line) => [line.description, line.quantity, line.lineGrossCents])).toEqual([['Lumânare cedru', -1, -3000]])
		const [email] = await db
			.select()
			.from(emailOutbox)
			.where(eq(emailOutbox.dedupeKey, `order-refund:${asked.refundId}`))
		expect(email!.attachments).toEqual([{ kind: 'credit_note', invoiceId: byLine!.id }])

		// 10 € given back from Stripe's dashboard: no lines, so an amount with the VAT it contains.
		await deliver('refund.created', stripe.dashboardRefund(sessionId, 1000))
		const [, byAmount] = await creditNotesOf(order.id)
		expect(byAmount!.lines).toEqual([expect.objectContaining({ quantity: -1, lineGrossCents: -1000, lineVatCents: -174, unitCode: 'C62' })])
		expect(byAmount!.lines[0]!.description).toBe('Sumă rambursată')
	})

	it('a Stripe outage leaves the order as it was and shows the message; the row is failed and the next try goes through', async () => {
		const { order } = await paidOrder()
		stripe.failNext(3) // the SDK tries three times
		const error = await refundOrder(deps(), { orderId: order.id, mode: 'full', reason: 'Retur' }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(RefundRefusedError)
		expect((error as Error).message).toMatch(/^Procesatorul de plăți a refuzat rambursarea: /)
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 })
		expect((await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).map((r) => r.status)).toEqual(['failed'])
		await refundOrder(deps(), { orderId: order.id, mode: 'full', reason: 'Retur' })
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 5000 })
	})

	it('signed refund webhooks of a dashboard refund, delivered 5 times shuffled, are read by the SDK helpers and counted once; the shop asks Stripe what charge.refunded leaves out', async () => {
		const { order, sessionId } = await paidOrder()
		const refund = stripe.dashboardRefund(sessionId)
		const payloads = [stripe.refundEvent('charge.refunded', refund), stripe.refundEvent('refund.updated', refund)]
		const deliveries = shuffle(payloads.flatMap((payload) => Array.from({ length: 5 }, () => payload)))
		const lookupsBefore = stripe.requests.filter((r) => r.path.startsWith('/v1/payment_intents/')).length
		const results = await Promise.all(
			deliveries.map((payload) => {
				const webhook = readStripeWebhook(payload, stripe.sign(payload), stripe.webhookSecret)
				if (webhook?.kind !== 'refund') throw new Error('not a refund event')
				return handleRefundEvent(deps(), webhook.event)
			}),
		)
		expect(results.filter((r) => !r.duplicate)).toHaveLength(2)
		expect(stripe.requests.filter((r) => r.path.startsWith('/v1/payment_intents/')).length).toBeGreaterThan(lookupsBefore)
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 5000 })
		const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ providerRefundId: refund.id, createdBy: null, status: 'succeeded' })
		expect(
			await db
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.dedupeKey, `order-refund:${rows[0]!.id}`)),
		).toHaveLength(1)
	})
})
