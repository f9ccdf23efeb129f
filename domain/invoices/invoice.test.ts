import { describe, expect, it } from 'vitest'
import { creditNoteLines, formatInvoiceNumber, invoiceLines, invoiceYear, seriesFor } from './invoice.ts'

const order = {
	shippingCents: 499,
	items: [
		{ name: 'Lumânare „Pădure”', unitPriceCents: 2990, quantity: 2 },
		{ name: 'Portret 13x18', unitPriceCents: 4500, quantity: 1 },
	],
}

describe('invoice numbers', () => {
	it('are series-year-sequence, the sequence padded to six digits', () => {
		expect(formatInvoiceNumber('LC', 2026, 123)).toBe('LC-2026-000123')
		expect(formatInvoiceNumber('LC', 2027, 1234567)).toBe('LC-2027-1234567')
	})
	it('count test-money documents in a series of their own', () => {
		expect(seriesFor('LC', false)).toBe('LC')
		expect(seriesFor('LC', true)).toBe('TEST-LC')
	})
	it("take the year from Romania's clock", () => {
		expect(invoiceYear(new Date('2026-12-31T21:30:00Z'))).toBe(2026)
		expect(invoiceYear(new Date('2026-12-31T22:30:00Z'))).toBe(2027)
	})
})

describe('invoiceLines', () => {
	it('lists the items and the shipping with VAT per line, totals adding up', () => {
		const { lines, totals } = invoiceLines(order, 21, 'Transport')
		expect(lines.map((l) => [l.description, l.quantity, l.unitCode])).toEqual([
			['Lumânare „Pădure”', 2, 'H87'],
			['Portret 13x18', 1, 'H87'],
			['Transport', 1, 'C62'],
		])
		expect(totals.grossCents).toBe(2990 * 2 + 4500 + 499)
		expect(totals.netCents + totals.vatCents).toBe(totals.grossCents)
		expect(lines.reduce((sum, l) => sum + l.lineVatCents, 0)).toBe(totals.vatCents)
	})
	it('leaves shipping out when it is free', () => {
		expect(invoiceLines({ ...order, shippingCents: 0 }, 21, 'Transport').lines).toHaveLength(2)
	})
})

describe('creditNoteLines', () => {
	const invoice = invoiceLines(order, 21, 'Transport')
	it('negates every line for a full refund', () => {
		const credit = creditNoteLines(invoice, { amountCents: invoice.totals.grossCents }, 'Rambursare')!
		expect(credit.totals).toMatchObject({ grossCents: -invoice.totals.grossCents, vatCents: -invoice.totals.vatCents })
		expect(credit.lines.map((l) => l.quantity)).toEqual([-2, -1, -1])
	})
	it('credits an amount as one line with the VAT it contains', () => {
		const credit = creditNoteLines(invoice, { amountCents: 1000 }, 'Rambursare parțială')!
		expect(credit.lines).toHaveLength(1)
		expect(credit.lines[0]).toMatchObject({ description: 'Rambursare parțială', quantity: -1, lineGrossCents: -1000, lineVatCents: -174 })
		expect(credit.totals.grossCents).toBe(-1000)
	})
	it('credits chosen lines, and refuses lines that are not on the invoice or do not match the amount', () => {
		expect(creditNoteLines(invoice, { amountCents: 2990, lines: [{ index: 0, quantity: 1 }] }, 'x')!.lines[0]).toMatchObject({
			quantity: -1,
			lineGrossCents: -2990,
		})
		expect(creditNoteLines(invoice, { amountCents: 2990, lines: [{ index: 0, quantity: 3 }] }, 'x')).toBeNull()
		expect(creditNoteLines(invoice, { amountCents: 100, lines: [{ index: 0, quantity: 1 }] }, 'x')).toBeNull()
		expect(creditNoteLines(invoice, { amountCents: 0 }, 'x')).toBeNull()
	})
})
