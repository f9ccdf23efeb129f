import { describe, expect, it } from 'vitest'
import { formatInvoiceNumber, invoiceLines, invoiceYear, printedLineName, seriesFor } from './invoice.ts'

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
	it("keeps each line's order line and its name in the buyer's language beside the Romanian", () => {
		const { lines } = invoiceLines(
			{
				shippingCents: 499,
				items: [
					{ id: 'item-1', name: 'Lumânare', buyerName: 'Candle', unitPriceCents: 2990, quantity: 1 },
					{ name: 'Săpun', buyerName: 'Săpun', unitPriceCents: 500, quantity: 1 },
				],
			},
			21,
			{ description: 'Transport', buyerDescription: 'Shipping' },
		)
		expect(lines.map((l) => [l.itemId, l.description, l.buyerDescription])).toEqual([
			['item-1', 'Lumânare', 'Candle'],
			[undefined, 'Săpun', undefined],
			[undefined, 'Transport', 'Shipping'],
		])
		expect(lines.map(printedLineName)).toEqual(['Lumânare / Candle', 'Săpun', 'Transport / Shipping'])
	})
	it('leaves shipping out when it is free', () => {
		expect(invoiceLines({ ...order, shippingCents: 0 }, 21, 'Transport').lines).toHaveLength(2)
	})
})
