import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, invoices, orderHistory, orderItems, orders } from '#db/schema/index.ts'
import { EU_COUNTRIES, flatShipping } from '#domain/shipping.ts'
import { documentXml, emailAttachments, findDocument } from '#server/invoices/documents.ts'
import { issueInvoice, takeInvoiceSequence, type Invoice } from '#server/invoices/issue.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { refundOrder } from '#server/orders/refunds.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { setContentTranslationOverride } from '#server/translation/content.ts'
import { createProduct, createUpload, customer, mailContext, testInvoicing } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { validateEInvoices } from '../support/einvoice.ts'
import { pdfText } from '../support/pdf-text.ts'

/**
 * Credit notes that say what they credit (ADR 0155): the refunded lines and units, or an amount per
 * VAT rate; the invoice's number and date; attached to the refund email; every line named in
 * Romanian and in the buyer's language. Through the shop's own refund service, on both engines.
 */
describe.each(ENGINES)('credit notes on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'creditnotes' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())

	const deps = () => ({ db, mail: mailContext, payments: createTestCardProvider({ db }) })
	const flat = (text: string) => text.replace(/\s+/g, ' ')
	const documentsOf = (orderId: string) => db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.sequence))
	const refundEmail = async (refundId: string) =>
		(
			await db
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.dedupeKey, `order-refund:${refundId}`))
		)[0]!
	const named = (lines: Invoice['lines']) => lines.map((line) => [line.description, line.buyerDescription, line.quantity])

	/**
	 * A Spanish customer's paid order: 2 × a candle with a Spanish name (30 €), 1 × one without (15 €),
	 * a portrait ordered from the Spanish page, and 4,99 € shipping. `legacy`: its invoice is issued
	 * as before lines kept their order line and translation.
	 */
	async function paidSpanishOrder(options: { legacy?: boolean } = {}) {
		const large = await createProduct(db, { priceCents: 3000, stock: 10, name: 'Lumânare mare' })
		await setContentTranslationOverride(
			{ db, translation: undefined as never },
			{ kind: 'product', id: large.id, field: 'name', locale: 'es', text: 'Vela grande' },
		)
		const small = await createProduct(db, { priceCents: 1500, stock: 10, name: 'Lumânare mică' })
		const upload = await createUpload(db)
		const order = await placeOrder(db, {
			locale: 'es',
			shipping: flatShipping({ ratesCents: { ro: 499, es: 499, eu: 499, world: 499 }, freeFromCents: null, countries: EU_COUNTRIES }),
			portraitName: (size) => `Retrato de cartón ${size} cm`,
			customer: { ...customer, country: 'ES', city: 'Madrid', postalCode: '28013' },
			lines: [
				{ kind: 'product', productId: large.id, quantity: 2 },
				{ kind: 'product', productId: small.id, quantity: 1 },
				{
					kind: 'portrait',
					quantity: 1,
					options: { size: '13x18', persons: '1', withCar: false, withPet: false, frame: 'none', description: '' },
					uploadId: upload.id,
				},
			],
		})
		if (options.legacy) await issueLegacyInvoice(order.id)
		const sessionId = `test_cs_${order.id}`
		await db.update(orders).set({ paymentProvider: 'test', paymentSessionId: sessionId }).where(eq(orders.id, order.id))
		await handlePaymentEvent(
			{ db, mail: mailContext },
			{
				id: `evt_paid_${order.id}`,
				provider: 'test',
				type: 'checkout.session.completed',
				session: { id: sessionId, orderId: order.id, status: 'complete', paymentStatus: 'paid' },
			},
		)
		const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.lineId))
		const item = (name: string) => items.find((candidate) => candidate.name === name || (name === 'portrait' && candidate.productId === null))!
		const [invoice] = await documentsOf(order.id)
		return { order, invoice: invoice!, large: item('Lumânare mare'), small: item('Lumânare mică'), portrait: item('portrait') }
	}

	/** The invoice an order would have had before its lines kept their order line and the buyer's names: issued, rolled back, written as it was. */
	async function issueLegacyInvoice(orderId: string) {
		let issued: Invoice | undefined
		await db
			.transaction(async (tx) => {
				await tx.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId))
				issued = await issueInvoice(tx, testInvoicing, orderId)
				tx.rollback()
			})
			.catch(() => {})
		const { id: _id, ...row } = issued!
		// The number the rolled-back issue gave back, taken for good.
		expect(await takeInvoiceSequence(db, row.series, row.year)).toBe(row.sequence)
		await db.insert(invoices).values({ ...row, lines: row.lines.map(({ itemId: _item, buyerDescription: _name, ...line }) => line) })
	}

	it("names every invoice line in Romanian and in the buyer's language, the portrait and the shipping included", async () => {
		const { invoice } = await paidSpanishOrder()
		expect(named(invoice.lines)).toEqual([
			['Lumânare mare', 'Vela grande', 2],
			['Lumânare mică', undefined, 1],
			['Portret din carton 13x18 cm', 'Retrato de cartón 13x18 cm', 1],
			['Transport', 'Envío', 1],
		])
		const text = flat(await pdfText((await emailAttachments(db, [{ kind: 'invoice', invoiceId: invoice.id }]))[0]!.content))
		expect(text).toContain('Lumânare mare / Vela grande')
		expect(text).toContain('Portret din carton 13x18 cm / Retrato de cartón 13x18 cm')
		expect(text).toContain('Transport / Envío')
		const xml = documentXml((await findDocument(db, invoice.number))!).xml
		expect(xml).toContain('<cac:Item><cbc:Description>Vela grande</cbc:Description><cbc:Name>Lumânare mare</cbc:Name>')
	})

	it('a refund of one line credits that line and its units, and the refund email carries the credit note naming it and the invoice with its date', async () => {
		const { order, invoice, large } = await paidSpanishOrder()
		const refund = await refundOrder(deps(), { orderId: order.id, mode: 'lines', lines: [{ itemId: large.id, quantity: 1 }], reason: 'Llegó rota' })
		const [, note] = await documentsOf(order.id)
		expect(note).toMatchObject({ kind: 'credit_note', refersToInvoiceId: invoice.id, refundId: refund.refundId, totalCents: -3000, vatCents: -521 })
		expect(named(note!.lines)).toEqual([['Lumânare mare', 'Vela grande', -1]])
		expect(note!.lines[0]).toMatchObject({ itemId: large.id, creditsLine: 0, unitGrossCents: 3000, lineGrossCents: -3000 })

		const email = await refundEmail(refund.refundId)
		expect(email.attachments).toEqual([{ kind: 'credit_note', invoiceId: note!.id }])
		expect(email.text).toContain(`Adjuntamos la factura rectificativa ${note!.number} de este reembolso.`)
		const [attachment] = await emailAttachments(db, email.attachments)
		expect(attachment!.filename).toBe(`${note!.number}.pdf`)
		const text = flat(await pdfText(attachment!.content))
		expect(text).toContain('Factură storno / Factura rectificativa')
		expect(text).toContain(`Stornează factura / Rectifica la factura: ${invoice.number}`)
		const issued = new Intl.DateTimeFormat('ro-RO', { timeZone: 'Europe/Bucharest', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
			invoice.issuedAt,
		)
		expect(text).toContain(`Data facturii stornate / Fecha de la factura rectificada: ${issued}`)
		expect(text).toContain('Lumânare mare / Vela grande -1')
		expect(text).not.toContain('Lumânare mică')
		expect(text).toContain('Llegó rota')

		const xml = documentXml((await findDocument(db, note!.number))!).xml
		const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(invoice.issuedAt)
		expect(xml).toContain(`<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${invoice.number}</cbc:ID><cbc:IssueDate>${day}</cbc:IssueDate>`)
		expect(xml).toContain('<cbc:CreditedQuantity unitCode="H87">1</cbc:CreditedQuantity>')
		expect(xml).toContain('<cbc:Name>Lumânare mare</cbc:Name>')
	})

	it('amounts and lines mixed: an amount is one line with the VAT it contains, lines list their units, and the rest brings the VAT to exactly zero', async () => {
		const { order, invoice, small } = await paidSpanishOrder()
		const amount = await refundOrder(deps(), { orderId: order.id, mode: 'amount', amountCents: 1001, reason: 'Descuento por retraso' })
		await refundOrder(deps(), { orderId: order.id, mode: 'lines', lines: [{ itemId: small.id, quantity: 1 }], reason: 'Devuelta' })
		await refundOrder(deps(), { orderId: order.id, mode: 'full', reason: 'Pedido cancelado' })
		const [, byAmount, byLine, rest] = await documentsOf(order.id)
		expect(named(byAmount!.lines)).toEqual([['Sumă rambursată', 'Importe reembolsado', -1]])
		expect(byAmount).toMatchObject({ refundId: amount.refundId, totalCents: -1001, vatCents: -174 })
		expect(byAmount!.lines[0]).toMatchObject({ unitCode: 'C62', ratePercent: 21, lineNetCents: -827 })
		expect(named(byLine!.lines)).toEqual([['Lumânare mică', undefined, -1]])
		// After an amount, which units are left is unknown: the rest is an amount too, carrying all the VAT left.
		expect(named(rest!.lines)).toEqual([['Sumă rambursată', 'Importe reembolsado', -1]])
		const documents = await documentsOf(order.id)
		expect(documents.reduce((sum, d) => sum + d.totalCents, 0)).toBe(0)
		expect(documents.reduce((sum, d) => sum + d.vatCents, 0)).toBe(0)
		expect(await db.select().from(orders).where(eq(orders.id, order.id))).toMatchObject([{ paymentStatus: 'refunded', refundedCents: invoice.totalCents }])
		const history = await db
			.select()
			.from(orderHistory)
			.where(and(eq(orderHistory.orderId, order.id), eq(orderHistory.action, 'credit_note_issued')))
		expect(history).toHaveLength(3)
	})

	it('the rest of an order refunded line by line lists the units still left, shipping included', async () => {
		const { order, invoice, large } = await paidSpanishOrder()
		await refundOrder(deps(), { orderId: order.id, mode: 'lines', lines: [{ itemId: large.id, quantity: 2 }], reason: 'Devueltas' })
		await refundOrder(deps(), { orderId: order.id, mode: 'full', reason: 'Todo lo demás' })
		const [, first, rest] = await documentsOf(order.id)
		expect(named(first!.lines)).toEqual([['Lumânare mare', 'Vela grande', -2]])
		expect(named(rest!.lines)).toEqual([
			['Lumânare mică', undefined, -1],
			['Portret din carton 13x18 cm', 'Retrato de cartón 13x18 cm', -1],
			['Transport', 'Envío', -1],
		])
		expect(invoice.vatCents + first!.vatCents + rest!.vatCents).toBe(0)
	})

	it('an invoice issued before its lines kept their order line: a line refund finds the line by its place', async () => {
		const { order, invoice, small } = await paidSpanishOrder({ legacy: true })
		expect(invoice.lines.every((line) => line.itemId === undefined)).toBe(true)
		await refundOrder(deps(), { orderId: order.id, mode: 'lines', lines: [{ itemId: small.id, quantity: 1 }], reason: 'Devuelta' })
		const [, note] = await documentsOf(order.id)
		expect(named(note!.lines)).toEqual([['Lumânare mică', undefined, -1]])
	})

	it('every credit note issued above passes ANAF’s validator (UBL 2.1, EN 16931, CIUS-RO) with no fatal error', { timeout: 180_000 }, async () => {
		const notes = await db.select().from(invoices).where(eq(invoices.kind, 'credit_note'))
		expect(notes.length).toBeGreaterThanOrEqual(7)
		const documents: Record<string, string> = {}
		for (const note of notes) documents[note.number] = documentXml((await findDocument(db, note.number))!).xml
		const verdicts = await validateEInvoices(documents)
		expect(verdicts.map((verdict) => verdict.name).sort()).toEqual(notes.map((note) => note.number).sort())
		for (const verdict of verdicts)
			expect({ valid: verdict.valid, fatal: verdict.fatal }, `${verdict.name}\n${verdict.report}`).toEqual({ valid: true, fatal: [] })
	})
})
