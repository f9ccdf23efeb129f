import { describe, expect, it } from 'vitest'
import { creditNoteLines, invoiceLines } from '#domain/invoices/invoice.ts'
import { pdfText } from '#tests/support/pdf-text.ts'
import { DEMO_SELLER } from './config.ts'
import type { Invoice } from './issue.ts'
import { renderInvoicePdf } from './pdf.ts'

const order = {
	shippingCents: 499,
	items: [
		{ name: 'Lumânare „Pădure de brad” cu ștergar', unitPriceCents: 2990, quantity: 2 },
		{ name: 'Portret din carton 18x24', unitPriceCents: 8900, quantity: 1 },
	],
}

function invoice(overrides: Partial<Invoice> & { ratePercent?: number | null } = {}): Invoice {
	const { ratePercent = 21, ...rest } = overrides
	const { lines, totals } = invoiceLines(order, ratePercent, 'Transport / Envío')
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
		totals: { ...totals, ronPerEur: 4.97 },
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
		// The lines, Romanian letters intact.
		expect(text).toContain('Pădure de brad')
		expect(text).toContain('ștergar')
		expect(text).toContain('Portret din carton 18x24')
		// 2 × 29,90 + 89,00 + 4,99 shipping = 153,79, of which VAT 21 % = 26,70.
		expect(text).toContain('Total de plată / Total a pagar 153,79 EUR')
		expect(text).toContain('TVA 21% / IVA 21% 26,70 EUR')
		expect(text).toContain('127,09 EUR')
	})

	it('says VAT is not applicable for a shop not registered for VAT', async () => {
		const text = flat(await pdfText(await renderInvoicePdf(invoice({ ratePercent: null, locale: 'ro' }))))
		expect(text).toContain('TVA neaplicabil (art. 310 Cod fiscal)')
		expect(text).not.toContain('Total TVA')
		expect(text).toContain('Total de plată 153,79 EUR')
	})

	it('prints a credit note with negative amounts and the invoice it corrects', async () => {
		const original = invoice({ locale: 'en' })
		const credit = creditNoteLines(original, { amountCents: 1000 }, 'Partial refund')!
		const note = invoice({
			locale: 'en',
			kind: 'credit_note',
			number: 'LC-2026-000130',
			reason: 'Damaged in transit',
			lines: credit.lines,
			totals: { ...credit.totals, ronPerEur: 4.97 },
			totalCents: credit.totals.grossCents,
			vatCents: credit.totals.vatCents,
		})
		const text = flat(await pdfText(await renderInvoicePdf(note, 'LC-2026-000123')))
		expect(text).toContain('Factură storno / Credit note')
		expect(text).toContain('Stornează factura / Corrects invoice: LC-2026-000123')
		expect(text).toContain('Damaged in transit')
		expect(text).toContain('Total stornat / Total credited -10.00 EUR')
	})

	it('marks a test-money document as no fiscal document', async () => {
		const text = flat(await pdfText(await renderInvoicePdf(invoice({ testMode: true, locale: 'ro' }))))
		expect(text).toContain('TEST — emisă pentru o plată de test, nu este document fiscal')
	})
})
