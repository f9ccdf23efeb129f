import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { emailOutbox, invoices, orderItems, orders } from '#db/schema/index.ts'
import { anonymiseOrders } from '#server/account/order-erasure.ts'
import { CreditNoteRefusedError, issueCreditNote, issueInvoice } from '#server/invoices/issue.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder, type PlacedOrder } from '#server/orders/place-order.ts'
import { createProduct, customer, orderInput, paymentDeps, testInvoicing } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** Invoices (ADR 0118): numbers without gaps or duplicates, one per order, immutable, credit notes within the invoice. */
describe.each(ENGINES)('invoices on %s', (engine) => {
	let database: TestDatabase
	let db: Database
	/** Two handles on PostgreSQL, as two app instances would have; PGlite has one. */
	let instances: Database[]
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'invoices' })
		db = database.handle.db
		instances = engine === 'postgres' ? [db, (await database.openAnother()).db] : [db]
	})
	afterAll(() => database?.cleanup())

	let sequence = 0
	const unique = () => `${Date.now()}_${sequence++}`

	async function placed(priceCents = 2990, quantity = 2) {
		const product = await createProduct(db, { priceCents, stock: 1000 })
		return placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: product.id, quantity }] })
	}

	/** A live payment (a Stripe event in live mode): its invoice is in the legal series. */
	const pay = (instance: Database, orderId: string, eventId = `evt_${unique()}`) =>
		handlePaymentEvent(paymentDeps(instance), {
			id: eventId,
			provider: 'stripe',
			type: 'checkout.session.completed',
			session: { id: `cs_${eventId}`, orderId, status: 'complete', paymentStatus: 'paid', livemode: true },
		})

	const invoiceOf = async (orderId: string) => {
		const [row] = await db
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
		return row
	}

	it('50 orders paid at once get 50 consecutive numbers: no gap, no duplicate, one invoice each', async () => {
		const year = new Date().getUTCFullYear()
		const before = await db
			.select({ sequence: invoices.sequence })
			.from(invoices)
			.where(and(eq(invoices.series, 'LC'), eq(invoices.year, year)))
		const start = before.length
		const batch: PlacedOrder[] = []
		for (let i = 0; i < 50; i++) batch.push(await placed(1000 + i, 1))
		// Each payment is delivered twice, to both instances, all at once.
		await Promise.all(
			batch.flatMap((order, i) => [
				pay(instances[i % instances.length]!, order.id, `evt_batch_${i}`),
				pay(instances[(i + 1) % instances.length]!, order.id, `evt_batch_${i}_again`),
			]),
		)
		const rows = await db
			.select()
			.from(invoices)
			.where(
				inArray(
					invoices.orderId,
					batch.map((o) => o.id),
				),
			)
		expect(rows).toHaveLength(50)
		expect(new Set(rows.map((r) => r.orderId)).size).toBe(50)
		const numbers = rows.map((r) => r.sequence).sort((a, b) => a - b)
		expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => start + 1 + i))
		for (const row of rows) expect(row.number).toBe(`LC-${row.year}-${String(row.sequence).padStart(6, '0')}`)
		// Each invoice holds its order's amounts and the VAT they contain.
		const one = rows.find((r) => r.orderId === batch[7]!.id)!
		expect(one).toMatchObject({ kind: 'invoice', totalCents: 1007, vatCents: 175, testMode: false, currency: 'EUR' })
		expect(one.totals.netCents + one.totals.vatCents).toBe(one.totals.grossCents)
		expect(one.seller.taxId).toBe(testInvoicing.seller.taxId)
		expect(one.buyer).toMatchObject({ name: customer.fullName, address: { country: 'RO', countrySubentity: 'RO-CJ' } })
		// The confirmation email carries the invoice.
		const [mail] = await db
			.select()
			.from(emailOutbox)
			.where(eq(emailOutbox.dedupeKey, `order-paid:${one.orderId}`))
		expect(mail!.attachments).toEqual([{ kind: 'invoice', invoiceId: one.id }])
		expect(mail!.text).toContain(one.number)
		expect(mail!.text).toContain('din care TVA (21%): 1,75 €')
	})

	it('issuing again returns the invoice already issued, and a rolled-back issue gives its number back', async () => {
		const order = await placed()
		await pay(db, order.id)
		const first = await invoiceOf(order.id)
		const again = await db.transaction((tx) => issueInvoice(tx, testInvoicing, order.id))
		expect(again.id).toBe(first!.id)

		const next = await placed()
		await db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, next.id))
		const taken = await db
			.transaction(async (tx) => {
				const invoice = await issueInvoice(tx, testInvoicing, next.id)
				throw Object.assign(new Error('crash after issuing'), { invoice })
			})
			.catch((error: { invoice: { sequence: number } }) => error.invoice.sequence)
		const issued = await db.transaction((tx) => issueInvoice(tx, testInvoicing, next.id))
		expect(issued.sequence).toBe(taken)
	})

	it('starts a new sequence each year', async () => {
		const [a, b, c] = [await placed(), await placed(), await placed()]
		await db
			.update(orders)
			.set({ paymentStatus: 'paid' })
			.where(inArray(orders.id, [a.id, b.id, c.id]))
		// 23:30 on New Year's Eve in Bucharest is still the old year; 00:30 is the new one.
		const late = await db.transaction((tx) => issueInvoice(tx, testInvoicing, a.id, new Date('2031-12-31T21:30:00Z')))
		const first = await db.transaction((tx) => issueInvoice(tx, testInvoicing, b.id, new Date('2031-12-31T22:30:00Z')))
		const second = await db.transaction((tx) => issueInvoice(tx, testInvoicing, c.id, new Date('2032-01-02T10:00:00Z')))
		expect(late.number).toBe('LC-2031-000001')
		expect([first.number, second.number]).toEqual(['LC-2032-000001', 'LC-2032-000002'])
	})

	it('numbers test-money orders in a TEST series of their own', async () => {
		const order = await placed()
		await handlePaymentEvent(paymentDeps(db), {
			id: `test_evt_${unique()}`,
			provider: 'test',
			type: 'checkout.session.completed',
			session: { id: `test_cs_${unique()}`, orderId: order.id, status: 'complete', paymentStatus: 'paid' },
		})
		const invoice = await invoiceOf(order.id)
		expect(invoice).toMatchObject({ series: 'TEST-LC', testMode: true })
		expect(invoice!.number).toMatch(/^TEST-LC-\d{4}-\d{6}$/)
		// A test order may be deleted, and its documents go with it.
		await db.delete(orders).where(eq(orders.id, order.id))
		expect(await invoiceOf(order.id)).toBeUndefined()
	})

	it('an issued invoice cannot be changed or deleted, and stays when its order is anonymised', async () => {
		const order = await placed()
		await pay(db, order.id)
		const invoice = (await invoiceOf(order.id))!
		await expect(db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, invoice.id))).rejects.toThrow()
		await expect(db.delete(invoices).where(eq(invoices.id, invoice.id))).rejects.toThrow()
		await expect(db.delete(orders).where(eq(orders.id, order.id))).rejects.toThrow()
		// The customer deleted their account: the order is anonymised, the invoice (a legal record) is kept as issued.
		await db.transaction((tx) => anonymiseOrders(tx, [order.id]))
		const kept = await invoiceOf(order.id)
		expect(kept).toEqual(invoice)
		expect(kept!.buyer.name).toBe(customer.fullName)
	})

	it('credit notes: a partial then the rest, negative, numbered in the same series, never more than the invoice', async () => {
		const order = await placed(5000, 2)
		await pay(db, order.id)
		const invoice = (await invoiceOf(order.id))!
		expect(invoice.totalCents).toBe(10000)

		const partial = await db.transaction((tx) => issueCreditNote(tx, { orderId: order.id, refundId: 're_1', amountCents: 3000, reason: 'Produs deteriorat' }))
		expect(partial).toMatchObject({ kind: 'credit_note', refersToInvoiceId: invoice.id, series: 'LC', totalCents: -3000, vatCents: -521 })
		expect(partial.sequence).toBeGreaterThan(invoice.sequence)
		// The same refund again: the same credit note.
		const repeat = await db.transaction((tx) => issueCreditNote(tx, { orderId: order.id, refundId: 're_1', amountCents: 3000, reason: 'Produs deteriorat' }))
		expect(repeat.id).toBe(partial.id)
		// More than what is left is refused, and nothing is written.
		await expect(db.transaction((tx) => issueCreditNote(tx, { orderId: order.id, refundId: 're_2', amountCents: 7001, reason: 'x' }))).rejects.toBeInstanceOf(
			CreditNoteRefusedError,
		)
		const rest = await db.transaction((tx) => issueCreditNote(tx, { orderId: order.id, refundId: 're_3', amountCents: 7000, reason: 'Retur' }))
		expect(rest.totalCents).toBe(-7000)
		// Together they undo the invoice to the cent, VAT included.
		expect(invoice.totalCents + partial.totalCents + rest.totalCents).toBe(0)
		expect(invoice.vatCents + partial.vatCents + rest.vatCents).toBe(0)
		await expect(db.transaction((tx) => issueCreditNote(tx, { orderId: order.id, refundId: 're_4', amountCents: 1, reason: 'x' }))).rejects.toThrow(
			'exceeds-invoice',
		)
		const notes = await db.select().from(invoices).where(eq(invoices.refersToInvoiceId, invoice.id))
		expect(notes).toHaveLength(2)
	})

	it('credit notes for lines, and none for an order without an invoice', async () => {
		const order = await placed(2990, 3)
		await pay(db, order.id)
		const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
		const note = await db.transaction((tx) =>
			issueCreditNote(tx, { orderId: order.id, refundId: 're_lines', amountCents: 2990, reason: 'Retur', lines: [{ itemId: item!.id, quantity: 1 }] }),
		)
		expect(note.lines).toHaveLength(1)
		expect(note.lines[0]).toMatchObject({ quantity: -1, lineGrossCents: -2990, lineVatCents: -519 })
		const unpaid = await placed()
		await expect(db.transaction((tx) => issueCreditNote(tx, { orderId: unpaid.id, refundId: 're_x', amountCents: 100, reason: 'x' }))).rejects.toThrow(
			'no-invoice',
		)
	})
})
