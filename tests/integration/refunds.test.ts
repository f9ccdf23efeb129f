import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, invoices, orderHistory, orderItems, orderRefunds, orders } from '#db/schema/index.ts'
import { dashboardStats } from '#server/orders/dashboard.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { handleRefundEvent } from '#server/orders/refund-events.ts'
import { refundOrder, RefundRefusedError, resumeStaleRefunds } from '#server/orders/refunds.ts'
import { reconcilePendingOrders } from '#server/orders/reconcile.ts'
import { PaymentProviderError, type PaymentProvider, type ProviderRefund, type RefundEvent } from '#server/payments/provider.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { createProduct, customer, mailContext, orderInput, shuffle } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { seededRandom, seedFrom } from '../support/seeded-random.ts'

/** ADR 0115: refunds asked for by the admin and reported by the provider, once each. */
describe.each(ENGINES)('refunds on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'refunds' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())

	const testCard = () => createTestCardProvider({ db })
	const deps = (payments: PaymentProvider = testCard()) => ({ db, mail: mailContext, payments })
	const orderOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!
	const refundEmails = async (orderId: string) =>
		db
			.select()
			.from(emailOutbox)
			.where(and(like(emailOutbox.dedupeKey, 'order-refund:%'), like(emailOutbox.subject, `%${orderId.slice(0, 8)}%`)))

	/** A paid order of 2 × 30 € + 1 × 15 € (75 €), paid through the given provider's name. */
	async function paidOrder(provider: 'test' | 'stripe' = 'test', locale: 'ro' | 'en' | 'es' = 'ro') {
		const candle = await createProduct(db, { priceCents: 3000, stock: 10, name: 'Lumânare mare' })
		const small = await createProduct(db, { priceCents: 1500, stock: 10, name: 'Lumânare mică' })
		const order = await placeOrder(db, {
			...orderInput,
			locale,
			customer,
			lines: [
				{ kind: 'product', productId: candle.id, quantity: 2 },
				{ kind: 'product', productId: small.id, quantity: 1 },
			],
		})
		const sessionId = `${provider === 'test' ? 'test_cs' : 'cs_test'}_${order.id}`
		await db.update(orders).set({ paymentProvider: provider, paymentSessionId: sessionId }).where(eq(orders.id, order.id))
		await handlePaymentEvent(
			{ db, mail: mailContext },
			{
				id: `evt_paid_${order.id}`,
				provider,
				type: 'checkout.session.completed',
				session: { id: sessionId, orderId: order.id, status: 'complete', paymentStatus: 'paid' },
			},
		)
		const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.unitPriceCents)
		return { order, small: items[0]!, large: items[1]! }
	}

	async function refused(work: Promise<unknown>) {
		const error = await work.then(
			() => null,
			(e: unknown) => e,
		)
		expect(error).toBeInstanceOf(RefundRefusedError)
		return error as RefundRefusedError
	}

	it('a partial then a full refund end as Rambursată, net of refunds on the dashboard, with one email each in the customer’s language', async () => {
		const before = await dashboardStats(db)
		const { order } = await paidOrder('test', 'es')
		// Test-card orders are test money: the dashboard shows them apart.
		expect((await dashboardStats(db)).testRevenueLast30DaysCents - before.testRevenueLast30DaysCents).toBe(7500)
		const partial = await refundOrder(deps(), { orderId: order.id, mode: 'amount', amountCents: 2000, reason: 'Colet deteriorat' })
		expect(partial).toMatchObject({ amountCents: 2000, status: 'succeeded' })
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 2000 })
		expect((await dashboardStats(db)).testRevenueLast30DaysCents - before.testRevenueLast30DaysCents).toBe(5500)
		const full = await refundOrder(deps(), { orderId: order.id, mode: 'full', reason: 'Clientul a returnat tot' })
		expect(full.amountCents).toBe(5500)
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 7500 })
		expect((await dashboardStats(db)).testRevenueLast30DaysCents - before.testRevenueLast30DaysCents).toBe(0)
		const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(orderRefunds.createdAt)
		expect(rows.map((r) => [r.amountCents, r.status, r.reason])).toEqual([
			[2000, 'succeeded', 'Colet deteriorat'],
			[5500, 'succeeded', 'Clientul a returnat tot'],
		])
		expect(rows.every((r) => r.providerRefundId?.startsWith('test_re_'))).toBe(true)
		const emails = await refundEmails(order.id)
		expect(emails).toHaveLength(2)
		expect(emails.map((e) => e.subject)).toEqual([`Reembolso del pedido ${order.id.slice(0, 8)}`, `Reembolso del pedido ${order.id.slice(0, 8)}`])
		expect(emails.some((e) => e.text.includes('te hemos reembolsado 20,00 €'))).toBe(true)
		expect(emails.some((e) => e.text.includes('te hemos reembolsado 55,00 €') && e.text.includes('Reembolsado: 75,00 € / 75,00 €'))).toBe(true)
		const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))
		expect(history.filter((h) => h.action === 'refund_succeeded')).toHaveLength(2)
		// Each refund corrected the invoice with its own credit note; together they bring it, VAT included, to zero.
		const documents = await db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(invoices.sequence)
		const invoice = documents.find((d) => d.kind === 'invoice')!
		const notes = documents.filter((d) => d.kind === 'credit_note')
		expect(invoice.totalCents).toBe(7500)
		expect(notes.map((n) => [n.totalCents, n.refersToInvoiceId, n.refundId])).toEqual([
			[-2000, invoice.id, rows[0]!.id],
			[-5500, invoice.id, rows[1]!.id],
		])
		expect(notes.every((n) => n.series === invoice.series && n.number !== invoice.number)).toBe(true)
		expect(invoice.vatCents + notes.reduce((sum, n) => sum + n.vatCents, 0)).toBe(0)
		expect(history.filter((h) => h.action === 'credit_note_issued')).toHaveLength(2)
		// Nothing is left: a further refund is refused.
		expect((await refused(refundOrder(deps(), { orderId: order.id, mode: 'amount', amountCents: 1, reason: 'Încă o dată' }))).message).toBe(
			'Comanda a fost deja rambursată integral',
		)
	})

	it('refunds chosen lines at their price and refuses more units than are left', async () => {
		const { order, small, large } = await paidOrder()
		const done = await refundOrder(deps(), { orderId: order.id, mode: 'lines', lines: [{ itemId: large.id, quantity: 1 }], reason: 'Una spartă' })
		expect(done.amountCents).toBe(3000)
		const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, done.refundId))
		expect(row!.lines).toEqual([{ itemId: large.id, quantity: 1 }])
		const tooMany = await refused(refundOrder(deps(), { orderId: order.id, mode: 'lines', lines: [{ itemId: large.id, quantity: 2 }], reason: 'Și cealaltă' }))
		expect(tooMany).toMatchObject({
			status: 400,
			field: 'lineQuantity',
			message: 'Cantitatea de rambursat pentru „Lumânare mare” depășește ce a mai rămas (1)',
		})
		const foreign = await refused(
			refundOrder(deps(), { orderId: order.id, mode: 'lines', lines: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], reason: 'Greșit' }),
		)
		expect(foreign.message).toBe('Produsul ales nu face parte din această comandă')
		await refundOrder(deps(), {
			orderId: order.id,
			mode: 'lines',
			lines: [
				{ itemId: large.id, quantity: 1 },
				{ itemId: small.id, quantity: 1 },
			],
			reason: 'Restul',
		})
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 7500 })
	})

	it('refuses an over-refund, an unpaid order and a provider error with Romanian messages, changing nothing', async () => {
		const { order } = await paidOrder()
		const over = await refused(refundOrder(deps(), { orderId: order.id, mode: 'amount', amountCents: 7501, reason: 'Prea mult' }))
		expect(over).toMatchObject({ status: 400, field: 'amount', message: 'Suma depășește ce a mai rămas de rambursat (75,00 €)' })

		const candle = await createProduct(db, { stock: 3 })
		const unpaid = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }] })
		expect((await refused(refundOrder(deps(), { orderId: unpaid.id, mode: 'full', reason: 'Nu a plătit' }))).message).toBe(
			'Comanda nu este plătită, deci nu are ce rambursa',
		)

		const failing: PaymentProvider = {
			...testCard(),
			async refund() {
				throw new PaymentProviderError('Charge has been disputed')
			},
		}
		const error = await refused(refundOrder(deps(failing), { orderId: order.id, mode: 'amount', amountCents: 1000, reason: 'Retur' }))
		expect(error.message).toBe('Procesatorul de plăți a refuzat rambursarea: Charge has been disputed')
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 })
		const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
		expect(rows.map((r) => [r.status, r.failureMessage])).toEqual([['failed', 'Charge has been disputed']])
		expect(await refundEmails(order.id)).toEqual([])
		// A failed refund does not block the next one.
		await refundOrder(deps(), { orderId: order.id, mode: 'amount', amountCents: 1000, reason: 'Retur' })
		expect(await orderOf(order.id)).toMatchObject({ refundedCents: 1000 })
	})

	it('two admins refunding at once: one refund goes through, the other is refused, and the money goes back once', async () => {
		const { order } = await paidOrder()
		let calls = 0
		let release!: () => void
		const gate = new Promise<void>((resolve) => (release = resolve))
		const slow: PaymentProvider = {
			...testCard(),
			async refund(request) {
				calls++
				await gate
				return testCard().refund(request)
			},
		}
		let settled = 0
		const attempts = Array.from({ length: 10 }, () =>
			refundOrder(deps(slow), { orderId: order.id, mode: 'amount', amountCents: 5000, reason: 'Dublu clic' })
				.then(
					() => 'ok',
					(e: unknown) => (e as Error).message,
				)
				.finally(() => settled++),
		)
		// Every other request is refused while the first waits on the provider.
		await expect.poll(() => [calls, settled]).toEqual([1, 9])
		release()
		const results = await Promise.all(attempts)
		expect(results.filter((r) => r === 'ok')).toHaveLength(1)
		expect(new Set(results.filter((r) => r !== 'ok'))).toEqual(
			new Set(['O rambursare a acestei comenzi este deja în curs. Așteaptă confirmarea ei și încearcă din nou.']),
		)
		expect(calls).toBe(1)
		expect(await orderOf(order.id)).toMatchObject({ refundedCents: 5000, paymentStatus: 'paid' })
		expect(await refundEmails(order.id)).toHaveLength(1)
	})

	it('a refund cut short by a crash is asked for again by reconciliation with the same key, and counted once', async () => {
		const { order } = await paidOrder()
		const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
		const [cut] = await db
			.insert(orderRefunds)
			.values({ orderId: order.id, amountCents: 2500, reason: 'Întrerupt', provider: 'test', createdAt: minutesAgo(10) })
			.returning()
		// Still recent: it may be under way, so it is left alone.
		const [recent] = await db.insert(orderRefunds).values({ orderId: order.id, amountCents: 100, reason: 'Abia cerut', provider: 'test' }).returning()
		const keys: string[] = []
		const recording: PaymentProvider = {
			...testCard(),
			async refund(request) {
				keys.push(request.idempotencyKey)
				return testCard().refund(request)
			},
		}
		const summary = await reconcilePendingOrders({ ...deps(recording), payments: recording })
		expect(summary.refunded).toBe(1)
		expect(keys).toEqual([`order-refund-${cut!.id}`])
		expect(await resumeStaleRefunds(deps(recording))).toBe(0)
		expect(await orderOf(order.id)).toMatchObject({ refundedCents: 2500, paymentStatus: 'paid' })
		const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
		expect(rows.find((r) => r.id === cut!.id)?.status).toBe('succeeded')
		expect(rows.find((r) => r.id === recent!.id)?.status).toBe('pending')
		expect(await refundEmails(order.id)).toHaveLength(1)
	})

	it('a refund webhook delivered 5 times, shuffled and concurrent, refunds once and emails once; a dashboard refund shows up; a lost answer is matched by its metadata', async () => {
		const random = seededRandom(seedFrom('REFUND_SEED'))
		const { order } = await paidOrder('stripe', 'en')
		const paymentRef = `pi_${order.id.slice(0, 8)}`
		const atStripe: ProviderRefund[] = [{ id: `re_dash_${order.id.slice(0, 8)}`, amountCents: 7500, status: 'succeeded', refundId: null }]
		let lookups = 0
		const stripe: PaymentProvider = {
			...testCard(),
			name: 'stripe',
			async refundsOfPayment(ref) {
				lookups++
				expect(ref).toBe(paymentRef)
				return { orderId: order.id, refunds: atStripe }
			},
		}
		// Made in Stripe's dashboard: no row of ours, no order id on the refund; charge.refunded comes without its refunds list.
		const events: RefundEvent[] = [
			{ id: `evt_cr_${order.id}`, provider: 'stripe', type: 'charge.refunded', paymentRef, orderId: null, refunds: null },
			{ id: `evt_ru_${order.id}`, provider: 'stripe', type: 'refund.updated', paymentRef, orderId: null, refunds: atStripe },
			{ id: `evt_rc_${order.id}`, provider: 'stripe', type: 'refund.created', paymentRef, orderId: null, refunds: [{ ...atStripe[0]!, status: 'pending' }] },
		]
		const deliveries = shuffle(Array.from({ length: 5 }, () => events).flat(), random.next)
		const results = await Promise.all(deliveries.map((event) => handleRefundEvent(deps(stripe), event)))
		expect(results.filter((r) => !r.duplicate)).toHaveLength(3)
		expect(results.reduce((sum, r) => sum + r.succeeded, 0)).toBe(1)
		expect(lookups).toBeGreaterThan(0)
		expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 7500 })
		const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ status: 'succeeded', providerRefundId: atStripe[0]!.id, createdBy: null, provider: 'stripe' })
		const emails = await refundEmails(order.id)
		expect(emails).toHaveLength(1)
		expect(emails[0]!.subject).toBe(`Refund for order ${order.id.slice(0, 8)}`)
		expect(emails[0]!.text).toContain('we have refunded 75.00 €')
		// One credit note for the one refund, however often it was reported.
		const notes = await db
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'credit_note')))
		expect(notes.map((n) => [n.totalCents, n.refundId])).toEqual([[-7500, rows[0]!.id]])

		// The shop asked for a refund and crashed before the answer: the webhook finds the row by its metadata.
		const second = await paidOrder('stripe')
		const [pending] = await db.insert(orderRefunds).values({ orderId: second.order.id, amountCents: 1500, reason: 'Retur', provider: 'stripe' }).returning()
		await handleRefundEvent(deps(stripe), {
			id: `evt_meta_${second.order.id}`,
			provider: 'stripe',
			type: 'refund.updated',
			paymentRef: `pi_other`,
			orderId: second.order.id,
			refunds: [{ id: `re_meta_${second.order.id.slice(0, 8)}`, amountCents: 1500, status: 'succeeded', refundId: pending!.id }],
		})
		const [matched] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, second.order.id))
		expect(matched).toMatchObject({ id: pending!.id, status: 'succeeded', providerRefundId: `re_meta_${second.order.id.slice(0, 8)}` })
		expect(await orderOf(second.order.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 1500 })
	})
})
