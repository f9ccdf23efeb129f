import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, invoices, orderHistory, orderRefunds, orders, products, stockHolds } from '#db/schema/index.ts'
import { changeOrderStatus, OrderChangeInvalidError } from '#server/orders/admin-changes.ts'
import { cancelOrder } from '#server/orders/cancel-order.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { RefundRefusedError } from '#server/orders/refunds.ts'
import { PaymentProviderError, type PaymentProvider } from '#server/payments/provider.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { createProduct, customer, mailContext, orderInput } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** ADR 0230: cancelling a paid order says what happens to the money, once, and tells the customer. */
describe.each(ENGINES)('cancelling a paid order on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'cancelpaid' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())

	/** The test card provider, counting the refunds it is asked for (a refusing one throws the provider's message). */
	function countingProvider(refuse?: string) {
		const provider = createTestCardProvider({ db })
		const asked: number[] = []
		const counted: PaymentProvider = {
			...provider,
			async refund(request) {
				asked.push(request.amountCents)
				if (refuse) throw new PaymentProviderError(refuse)
				return provider.refund(request)
			},
		}
		return { provider: counted, asked }
	}
	const deps = (payments: PaymentProvider | null = null) => ({ db, mail: mailContext, payments })
	const orderOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!
	const stockOf = async (id: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock
	const emailsOf = async (email: string) => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))
	const historyOf = async (orderId: string) => db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId))
	const creditNotesOf = async (orderId: string) =>
		db
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))

	/** A paid order of 2 × 30 € + 1 × 15 € (75 €) through the test card provider, in the customer's language. */
	async function paidOrder(locale: 'ro' | 'en' | 'es', email: string) {
		const candle = await createProduct(db, { priceCents: 3000, stock: 10, name: 'Lumânare mare' })
		const small = await createProduct(db, { priceCents: 1500, stock: 4, name: 'Lumânare mică' })
		const order = await placeOrder(db, {
			...orderInput,
			locale,
			customer: { ...customer, email },
			lines: [
				{ kind: 'product', productId: candle.id, quantity: 2 },
				{ kind: 'product', productId: small.id, quantity: 1 },
			],
		})
		const sessionId = `test_cs_${order.id}`
		await db.update(orders).set({ paymentProvider: 'test', paymentSessionId: sessionId }).where(eq(orders.id, order.id))
		await handlePaymentEvent(deps(), {
			id: `evt_paid_${order.id}`,
			provider: 'test',
			type: 'checkout.session.completed',
			session: { id: sessionId, orderId: order.id, status: 'complete', paymentStatus: 'paid' },
		})
		expect([await stockOf(candle.id), await stockOf(small.id)]).toEqual([8, 3])
		// Only what the cancellation sends is counted below.
		await db.delete(emailOutbox).where(eq(emailOutbox.toAddress, email))
		return { order, candle, small, number: order.id.slice(0, 8) }
	}

	it('a full refund: 5 concurrent cancels make one provider refund, one credit note, one email in the customer’s language, and the stock comes back once', async () => {
		const { order, candle, small, number } = await paidOrder('en', 'full-refund@example.com')
		const { provider, asked } = countingProvider()
		const results = await Promise.all(
			Array.from({ length: 5 }, () =>
				cancelOrder(deps(provider), { orderId: order.id, money: { money: 'full', reason: '' }, actorUserId: null }).catch((error: unknown) => error),
			),
		)
		expect(results.filter((result) => (result as { kind?: string }).kind === 'refunded')).toEqual([
			{ kind: 'refunded', amountCents: 7500, status: 'succeeded' },
		])
		// The others found the order cancelled, or its cancellation's refund still with the provider.
		for (const result of results) expect(['refunded', 'unchanged', 'underWay']).toContain((result as { kind?: string }).kind)
		expect(asked).toEqual([7500])

		expect(await orderOf(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedCents: 7500 })
		expect([await stockOf(candle.id), await stockOf(small.id)]).toEqual([10, 4])
		const holds = await db.select({ status: stockHolds.status }).from(stockHolds).where(eq(stockHolds.orderId, order.id))
		expect(holds.map((hold) => hold.status)).toEqual(['released', 'released'])
		const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
		expect(refunds).toMatchObject([{ amountCents: 7500, status: 'succeeded', cancelsOrder: true, reason: 'Comandă anulată' }])
		const notes = await creditNotesOf(order.id)
		expect(notes).toHaveLength(1)
		expect(notes[0]!.totalCents).toBe(-7500)

		const emails = await emailsOf('full-refund@example.com')
		expect(emails).toHaveLength(1)
		expect(emails[0]!.subject).toBe(`Order ${number} has been cancelled`)
		expect(emails[0]!.text).toContain('your order has been cancelled. We have refunded everything you paid (75.00 €).')
		expect(emails[0]!.text).toContain(`Your credit note ${notes[0]!.number} for this refund is attached.`)
		expect(emails[0]!.attachments).toEqual([{ kind: 'credit_note', invoiceId: notes[0]!.id }])

		const history = await historyOf(order.id)
		expect(history.filter((h) => h.action === 'cancel_requested').map((h) => h.details)).toEqual([
			{ refundId: refunds[0]!.id, money: 'full', amountCents: 7500, reason: 'Comandă anulată' },
		])
		expect(history.filter((h) => h.action === 'status_changed').map((h) => h.details)).toEqual([
			{ from: 'new', to: 'cancelled', unitsReturned: 3, money: 'refunded', amountCents: 7500, refundId: refunds[0]!.id },
		])

		// Cancelling again changes nothing and asks the provider for nothing.
		expect(await cancelOrder(deps(provider), { orderId: order.id, money: { money: 'full', reason: '' } })).toEqual({ kind: 'unchanged' })
		expect(asked).toEqual([7500])
	})

	it('a partial refund: the amount goes back, the order is cancelled, and the email says how much', async () => {
		const { order, candle, number } = await paidOrder('es', 'partial-refund@example.com')
		const { provider, asked } = countingProvider()
		const done = await cancelOrder(deps(provider), { orderId: order.id, money: { money: 'amount', amountCents: 2000, reason: 'Anulare la cererea clientei' } })
		expect(done).toEqual({ kind: 'refunded', amountCents: 2000, status: 'succeeded' })
		expect(asked).toEqual([2000])
		expect(await orderOf(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundedCents: 2000 })
		expect(await stockOf(candle.id)).toBe(10)
		expect(await creditNotesOf(order.id)).toMatchObject([{ totalCents: -2000 }])
		const emails = await emailsOf('partial-refund@example.com')
		expect(emails).toHaveLength(1)
		expect(emails[0]!.subject).toBe(`El pedido ${number} ha sido cancelado`)
		expect(emails[0]!.text).toMatch(/tu pedido ha sido cancelado\. Te hemos reembolsado 20,00\s€ de los 75,00\s€ que pagaste\./)
		const history = await historyOf(order.id)
		expect(history.find((h) => h.action === 'cancel_requested')!.details).toMatchObject({
			money: 'amount',
			amountCents: 2000,
			reason: 'Anulare la cererea clientei',
		})
	})

	it('money kept: no refund, the reason in the history and in the email; a paid order is never cancelled by its status alone', async () => {
		const { order, candle, small, number } = await paidOrder('ro', 'kept@example.com')
		const refused = await changeOrderStatus(deps(), { orderId: order.id, status: 'cancelled' }).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(OrderChangeInvalidError)
		expect((refused as Error).message).toBe('Comanda este plătită: anuleaz-o alegând ce se întâmplă cu banii (rambursare integrală, parțială sau îi păstrezi).')
		expect((await orderOf(order.id)).status).toBe('new')

		const { provider, asked } = countingProvider()
		const reason = 'Portretul era deja pictat'
		const results = await Promise.all(Array.from({ length: 3 }, () => cancelOrder(deps(provider), { orderId: order.id, money: { money: 'keep', reason } })))
		expect(results.filter((result) => result.kind === 'cancelled')).toEqual([{ kind: 'cancelled', money: 'kept' }])
		expect(asked).toEqual([])
		expect(await orderOf(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundedCents: 0 })
		expect([await stockOf(candle.id), await stockOf(small.id)]).toEqual([10, 4])
		expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([])
		expect(await creditNotesOf(order.id)).toEqual([])
		const history = await historyOf(order.id)
		expect(history.filter((h) => h.action === 'status_changed').map((h) => h.details)).toEqual([
			{ from: 'new', to: 'cancelled', unitsReturned: 3, money: 'kept', amountCents: 7500, reason },
		])
		const emails = await emailsOf('kept@example.com')
		expect(emails).toHaveLength(1)
		expect(emails[0]!.subject).toBe(`Comanda ${number} a fost anulată`)
		expect(emails[0]!.text).toMatch(/Comanda ta a fost anulată\. Suma plătită \(75,00\s€\) nu se rambursează, pentru că: Portretul era deja pictat/)
		expect(emails[0]!.html).toContain('Portretul era deja pictat')
	})

	it('a refund the provider refuses leaves the order open, its stock sold and the customer unwritten to', async () => {
		const { order, candle } = await paidOrder('ro', 'refused@example.com')
		const { provider, asked } = countingProvider('Card expired')
		const error = await cancelOrder(deps(provider), { orderId: order.id, money: { money: 'full', reason: '' } }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(RefundRefusedError)
		expect((error as Error).message).toBe('Comanda nu a fost anulată. Procesatorul de plăți a refuzat rambursarea: Card expired')
		expect(asked).toEqual([7500])
		expect(await orderOf(order.id)).toMatchObject({ status: 'new', paymentStatus: 'paid', refundedCents: 0 })
		expect(await stockOf(candle.id)).toBe(8)
		expect(await emailsOf('refused@example.com')).toEqual([])
		expect(await db.select({ status: orderRefunds.status }).from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([{ status: 'failed' }])
	})

	it('more than was paid is refused and changes nothing; an unpaid order cancels as before, with its status email', async () => {
		const { order } = await paidOrder('ro', 'too-much@example.com')
		const { provider, asked } = countingProvider()
		const error = await cancelOrder(deps(provider), { orderId: order.id, money: { money: 'amount', amountCents: 9000, reason: '' } }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(RefundRefusedError)
		expect(error).toMatchObject({ status: 400, field: 'amount', message: 'Suma depășește ce a mai rămas de rambursat (75,00 €)' })
		expect(asked).toEqual([])
		expect((await orderOf(order.id)).status).toBe('new')

		const candle = await createProduct(db, { priceCents: 3000, stock: 5 })
		const unpaid = await placeOrder(db, {
			...orderInput,
			customer: { ...customer, email: 'unpaid@example.com' },
			lines: [{ kind: 'product', productId: candle.id, quantity: 2 }],
		})
		expect(await cancelOrder(deps(provider), { orderId: unpaid.id, money: { money: 'keep', reason: 'nimic plătit' } })).toEqual({
			kind: 'cancelled',
			money: 'none',
		})
		expect(await stockOf(candle.id)).toBe(5)
		const emails = await emailsOf('unpaid@example.com')
		expect(emails.map((email) => email.subject)).toEqual([`Comanda ${unpaid.id.slice(0, 8)}: Anulată`])
		expect(asked).toEqual([])
	})
})
