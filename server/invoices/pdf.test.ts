import { describe, expect, it } from 'vitest'
import { creditNoteLines } from '#domain/invoices/credit-note.ts'
import { invoiceLines } from '#domain/invoices/invoice.ts'
import { DEFAULT_VAT } from '#domain/invoices/vat.ts'
import { documentTax } from '#tests/support/document-tax.ts'
import { pdfText } from '#tests/support/pdf-text.ts'
import { DEMO_SELLER } from './config.ts'
import type { Invoice } from './issue.ts'
import { renderInvoicePdf } from './pdf.ts'

const order = {
	shippingCents: 499,
	items: [
		{ id: 'item-candle', name: 'Lumânare „Pădure de brad” cu ștergar', buyerName: 'Vela «Bosque de abetos»', unitPriceCents: 2990, quantity: 2 },
		{ id: 'item-portrait', name: 'Portret din carton 18x24 cm', buyerName: 'Retrato de cartón 18x24 cm', unitPriceCents: 8900, quantity: 1 },
	],
}

function invoice(overrides: Partial<Invoice> & { ratePercent?: number | null } = {}): Invoice {
	const { ratePercent = 21, ...rest } = overrides
	const { lines, totals } = invoiceLines(order, ratePercent, { description: 'Transport', buyerDescription: 'Envío' })
	const tax = documentTax({}, ratePercent === null ? { ...DEFAULT_VAT, registered: false } : { ...DEFAULT_VAT, ratePercent })
	return {
		id: '00000000-0000-4000-8000-000000000001',
		kind: 'invoice',
		number: 'LC-2026-000123',
		series: 'LC',
		year: 2026,
		sequence: 123,
		orderId: '1a2b3c4d-0000-4000-8000-000000000000',
		refersToInvoiceId: null,
		refundId: null,
		reason: null,
		testMode: false,
		issuedAt: new Date('2026-11-25T10:00:00Z'),
		locale: 'es',
		currency: 'EUR',
		seller: DEMO_SELLER,
		buyer: {
			name: 'Lucía Fernández',
			company: 'Taller Luz SL',
			vatNumber: 'ESB12345678',
			email: 'lucia@example.es',
			address: { street: 'Calle Mayor 5', city: 'Madrid', postalCode: '28013', country: 'ES' },
		},
		lines,
		totals,
		tax,
		taxTreatment: tax.treatment,
		totalCents: totals.grossCents,
		vatCents: totals.vatCents,
		...rest,
	}
}

/** pdf.js breaks lines where the PDF does; one space between words is what is compared. */
const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('invoice PDF (ADR 0118)', () => {
	it('holds the number, both parties, the lines, the totals and the VAT, in Romanian beside the customer’s language', async () => {
		const bytes = await renderInvoicePdf(invoice())
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
		const text = flat(await pdfText(bytes))
		expect(text).toContain('Factură / Factura')
		expect(text).toContain('LC-2026-000123')
		expect(text).toContain('25.11.2026')
		// Seller (with its tax and bank details) and buyer (a company with its VAT number).
		for (const part of [
			'Lumină & Carton SRL (demo)',
			'RO18547290',
			'J12/1234/2020',
			'RO49AAAA1B31007593840000',
			'Taller Luz SL',
			'ESB12345678',
			'Lucía Fernández',
		])
			expect(text).toContain(part)
		// The lines, Romanian letters intact, each in Romanian and in the buyer's language.
		expect(text).toContain('Pădure de brad')
		expect(text).toContain('ștergar / Vela «Bosque de abetos»')
		expect(text).toContain('Portret din carton 18x24 cm / Retrato de cartón 18x24 cm')
		expect(text).toContain('Transport / Envío')
		// 2 × 29,90 + 89,00 + 4,99 shipping = 153,79, of which VAT 21 % = 26,70.
		expect(text).toContain('Total de plată / Total a pagar 153,79 EUR')
		expect(text).toContain('TVA 21% / IVA 21% 26,70 EUR')
		expect(text).toContain('127,09 EUR')
	})

	it('states the VAT treatment, its return, and the VAT in lei at the BNR rate with its date', async () => {
		const text = flat(await pdfText(await renderInvoicePdf(invoice({ locale: 'en' }))))
		expect(text).toContain('Regim TVA / VAT treatment: Livrare cu TVA România / Sale with Romanian VAT')
		expect(text).toContain('se declară în decontul de TVA (D300) / declared on the VAT return (D300)')
		// 26.70 € × 4.9748 = 132.83 lei, the rate BNR published on 24.11.2026 (tests/support/document-tax.ts).
		expect(text).toContain('TVA în lei: 132,83 lei, la cursul BNR de 4,9748 lei/EUR din 24.11.2026')
		expect(text).toContain('VAT in lei: 132.83 lei, at the BNR rate of 4.9748 lei/EUR of 24.11.2026')
	})

	it('drops the control characters the XML drops, instead of printing a box for each (ADR 0169)', async () => {
		const hostile = invoice({
			buyer: {
				name: 'Lu\u0001cía\u0007 Fern\u001bández\u007f\u0085',
				company: 'Taller\u0000 Luz SL',
				vatNumber: 'ESB12345678',
				email: 'lucia@example.es',
				address: { street: 'Calle\u000b Mayor\ufffe 5', city: 'Madrid\u0008', postalCode: '28013', country: 'ES' },
			},
		})
		const text = flat(await pdfText(await renderInvoicePdf(hostile)))
		for (const part of ['Lucía Fernández', 'Taller Luz SL', 'Calle Mayor 5', 'Madrid']) expect(text).toContain(part)
		// eslint-disable-next-line no-control-regex -- finding control characters is the point
		expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/)
	})

	it('says VAT is exempt under art. 310 for a shop not registered for VAT', async () => {
		const text = flat(await pdfText(await renderInvoicePdf(invoice({ ratePercent: null, locale: 'ro' }))))
		expect(text).toContain('Scutit de TVA conform art. 310 Cod fiscal (regim special de scutire pentru întreprinderile mici)')
		expect(text).not.toContain('TVA în lei')
		expect(text).not.toContain('Total TVA')
		expect(text).toContain('Total de plată 153,79 EUR')
	})

	it('prints a credit note with negative amounts, the lines it credits and the number and date of the invoice it corrects', async () => {
		const original = invoice({ locale: 'en' })
		const credit = creditNoteLines(original, { amountCents: 2990, lines: [{ index: 0, quantity: 1 }] }, 'Partial refund')!
		const note = invoice({
			locale: 'en',
			kind: 'credit_note',
			number: 'LC-2026-000130',
			reason: 'Damaged in transit',
			lines: credit.lines,
			totals: credit.totals,
			totalCents: credit.totals.grossCents,
			vatCents: credit.totals.vatCents,
		})
		const text = flat(await pdfText(await renderInvoicePdf(note, original)))
		expect(text).toContain('Factură storno / Credit note')
		expect(text).toContain('Stornează factura / Corrects invoice: LC-2026-000123')
		expect(text).toContain('Data facturii stornate / Date of the corrected invoice: 25.11.2026')
		expect(text).toContain('Damaged in transit')
		expect(text).toMatch(/Lumânare „Pădure de brad” cu ștergar \/ Vela «Bosque de abetos» -1 /)
		expect(text).not.toContain('Portret')
		expect(text).toContain('Total stornat / Total credited -29.90 EUR')
	})

	it('marks a test-money document as no fiscal document', async () => {
		const text = flat(await pdfText(await renderInvoicePdf(invoice({ testMode: true, locale: 'ro' }))))
		expect(text).toContain('TEST — emisă pentru o plată de test, nu este document fiscal')
	})
})
