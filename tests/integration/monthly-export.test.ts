import { eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { invoices, orders } from '#db/schema/index.ts'
import { leiCents } from '#domain/invoices/exchange-rate.ts'
import { decideTax, type TaxBuyer, type TaxDecision } from '#domain/invoices/tax-treatment.ts'
import { DEFAULT_VAT } from '#domain/invoices/vat.ts'
import { monthArchive, monthDocuments, monthRegister, monthTotals, monthTotalsOf } from '#server/accounting/monthly-export.ts'
import { issueCreditNote, issueInvoice } from '#server/invoices/issue.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { createProduct, customer, orderInput, testInvoicing } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

const VALID_VIES = {
	vatNumber: 'DE123456789',
	status: 'valid' as const,
	name: 'Kerzen GmbH',
	requestDate: '2026-10-14',
	requestIdentifier: 'WAPIAAAAX',
	checkedAt: '2026-10-14T08:00:00Z',
}

function decision(buyer: Partial<TaxBuyer>, oss = false): TaxDecision {
	const outcome = decideTax({ ...DEFAULT_VAT, oss }, { country: 'RO', vatNumber: null, vies: null, ...buyer })
	if (!outcome.ok) throw new Error('refused')
	return outcome.decision
}

/** ADR 0161: the accountant's month, on both engines. */
describe.each(ENGINES)('the monthly export on %s', (engine) => {
	let database: TestDatabase
	let db: Database
	const numbers: Record<string, string> = {}

	/** A paid order with a decided treatment, invoiced at `issuedAt`. */
	async function invoiceAt(
		label: string,
		issuedAt: string,
		tax: TaxDecision,
		buyer: { country: string; company?: string; vatNumber?: string },
		testMode = false,
	) {
		const product = await createProduct(db, { priceCents: 2990, stock: 100 })
		const order = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: product.id, quantity: 2 }] })
		const invoice = await db.transaction(async (tx) => {
			const [row] = await tx.select().from(orders).where(eq(orders.id, order.id))
			await tx
				.update(orders)
				.set({
					paymentStatus: 'paid',
					paidAt: new Date(issuedAt),
					tax,
					testMode,
					buyerCompany: buyer.company ?? null,
					buyerVatNumber: buyer.vatNumber ?? null,
					shippingAddress: { ...row!.shippingAddress, country: buyer.country },
				})
				.where(eq(orders.id, order.id))
			return issueInvoice(tx, testInvoicing, order.id, new Date(issuedAt))
		})
		numbers[label] = invoice.number
		return invoice
	}

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'monthlyexport' })
		db = database.handle.db
		// 00:30 on 1 October in Bucharest is still 30 September in UTC: October's.
		const domestic = await invoiceAt('domestic', '2026-09-30T21:30:00Z', decision({}), { country: 'RO' })
		await invoiceAt('oss', '2026-10-10T09:00:00Z', decision({ country: 'DE' }, true), { country: 'DE' })
		await invoiceAt('intra', '2026-10-14T09:00:00Z', decision({ country: 'DE', vatNumber: 'DE123456789', vies: VALID_VIES }), {
			country: 'DE',
			company: 'Kerzen GmbH',
			vatNumber: 'DE123456789',
		})
		await invoiceAt('export', '2026-10-20T09:00:00Z', decision({ country: 'US' }), { country: 'US' })
		await invoiceAt('test', '2026-10-21T09:00:00Z', decision({}), { country: 'RO' }, true)
		// 01:30 on 1 November in Bucharest: November's.
		await invoiceAt('november', '2026-10-31T23:30:00Z', decision({}), { country: 'RO' })
		const note = await db.transaction((tx) =>
			issueCreditNote(
				tx,
				{ orderId: domestic.orderId, refundId: 're_monthly', amountCents: 2990, reason: 'Un articol returnat' },
				new Date('2026-10-25T09:00:00Z'),
			),
		)
		numbers.note = note.number
	})
	afterAll(() => database?.cleanup())

	it("takes the month's live documents in Romanian time, test money left out", async () => {
		const documents = await monthDocuments(db, '2026-10')
		expect(documents.map((d) => d.number).sort()).toEqual([numbers.domestic, numbers.oss, numbers.intra, numbers.export, numbers.note].sort())
		expect((await monthDocuments(db, '2026-11')).map((d) => d.number)).toEqual([numbers.november])
	})

	it('totals the month per return: domestic per rate, OSS per country, intra-community per buyer, exports', async () => {
		const documents = await monthDocuments(db, '2026-10')
		const totals = await monthTotalsOf(db, '2026-10')
		// The page reads only the figures; they total as the whole documents do.
		expect(totals).toEqual(monthTotals(documents))
		// Domestic: the 59.80 invoice less its 29.90 credit note, at 21 %.
		expect(totals.domestic).toMatchObject([{ label: '21%', documents: 2, grossCents: 5980 - 2990 }])
		const domesticVat = documents.filter((d) => d.taxTreatment === 'domestic').reduce((sum, d) => sum + d.vatCents, 0)
		expect(totals.domestic[0]!.vatCents).toBe(domesticVat)
		expect(totals.domestic[0]!.vatLeiCents).toBe(
			documents.filter((d) => d.taxTreatment === 'domestic').reduce((sum, d) => sum + leiCents(d.vatCents, d.tax.exchangeRate), 0),
		)
		expect(totals.oss).toMatchObject([{ key: 'DE-00019', label: 'Germania 19%', documents: 1 }])
		expect(totals.oss[0]!.vatCents).toBeGreaterThan(0)
		expect(totals.intraCommunity).toMatchObject([{ key: 'DE123456789', documents: 1, vatCents: 0 }])
		expect(totals.exports).toMatchObject([{ key: 'US', documents: 1, vatCents: 0 }])
		expect(totals.all.documents).toBe(5)
		expect(totals.all.grossCents).toBe(documents.reduce((sum, d) => sum + d.totalCents, 0))
	})

	it('writes the register for a Romanian spreadsheet: one row per document, VAT per rate, VAT in lei with the BNR rate', async () => {
		const csv = await monthRegister(db, '2026-10')
		expect(csv.startsWith('\uFEFF')).toBe(true)
		const [header, ...rows] = csv
			.slice(1)
			.trimEnd()
			.split('\r\n')
			.map((line) => line.split(';'))
		expect(header).toEqual(
			expect.arrayContaining(['Număr', 'Regim TVA', 'Declarație', 'Bază impozabilă', 'TVA 0%', 'TVA 19%', 'TVA 21%', 'TVA (lei)', 'Curs BNR (lei/EUR)']),
		)
		expect(rows).toHaveLength(5)
		const cell = (row: string[], name: string) => row[header!.indexOf(name)]
		const byNumber = new Map(rows.map((row) => [row[0], row]))
		const domestic = byNumber.get(numbers.domestic)!
		expect(cell(domestic, 'Data emiterii')).toBe('01.10.2026')
		expect(cell(domestic, 'Regim TVA')).toBe('Intern')
		expect(cell(domestic, 'Total')).toBe('59,80')
		const [invoice] = await db.select().from(invoices).where(eq(invoices.number, numbers.domestic!))
		expect(cell(domestic, 'TVA 21%')).toBe((invoice!.vatCents / 100).toFixed(2).replace('.', ','))
		expect(cell(domestic, 'TVA (lei)')).toBe((leiCents(invoice!.vatCents, invoice!.tax.exchangeRate) / 100).toFixed(2).replace('.', ','))
		// The credit note: negative, still a number, naming the invoice it corrects.
		const note = byNumber.get(numbers.note)!
		expect(cell(note, 'Tip')).toBe('Notă de credit')
		expect(cell(note, 'Total')).toBe('-29,90')
		expect(cell(note, 'Factura stornată')).toBe(numbers.domestic)
		expect(cell(byNumber.get(numbers.intra)!, 'Declarație')).toBe('D300, D390')
		expect(cell(byNumber.get(numbers.intra)!, 'Cod fiscal cumpărător')).toBe('DE123456789')
		expect(cell(byNumber.get(numbers.oss)!, 'Țara OSS')).toBe('DE')
		expect(cell(byNumber.get(numbers.export)!, 'Regim TVA')).toBe('Export')
	})

	it("streams a ZIP of the month's XML and PDF files with the register", async () => {
		const chunks: Uint8Array[] = []
		const reader = monthArchive(db, '2026-10').getReader()
		for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value)
		// Made as it is read: more than one piece.
		expect(chunks.length).toBeGreaterThan(5)
		const files = unzipSync(Buffer.concat(chunks))
		const documents = [numbers.domestic, numbers.oss, numbers.intra, numbers.export, numbers.note]
		expect(Object.keys(files).sort()).toEqual([...documents.flatMap((number) => [`xml/${number}.xml`, `pdf/${number}.pdf`]), 'registru-2026-10.csv'].sort())
		expect(new TextDecoder().decode(files[`xml/${numbers.note}.xml`])).toContain('<CreditNote')
		expect(Buffer.from(files[`pdf/${numbers.domestic}.pdf`]!.subarray(0, 5)).toString()).toBe('%PDF-')
	})
})
