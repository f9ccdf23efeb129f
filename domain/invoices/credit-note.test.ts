import { describe, expect, it } from 'vitest'
import { creditNoteLines, type CreditNoteContent, type CreditRequest } from './credit-note.ts'
import { invoiceLines, type InvoiceLine } from './invoice.ts'

const order = {
	shippingCents: 499,
	items: [
		{ id: 'candle', name: 'Lumânare „Pădure”', buyerName: 'Forest candle', unitPriceCents: 2990, quantity: 3 },
		{ id: 'portrait', name: 'Portret 13x18', unitPriceCents: 4500, quantity: 1 },
	],
}
const invoice = invoiceLines(order, 21, 'Transport')
const named = { description: 'Sumă rambursată', buyerDescription: 'Amount refunded' }

/** Issues credit notes one after the other, each seeing the ones before, as issueCreditNote does. */
function issueAll(source: typeof invoice, requests: Omit<CreditRequest, 'earlier'>[]) {
	const notes: CreditNoteContent[] = []
	for (const request of requests) {
		const note = creditNoteLines(source, { ...request, earlier: notes }, named)
		if (!note) throw new Error(`refused: ${JSON.stringify(request)}`)
		notes.push(note)
	}
	return notes
}

/** Every line reads right on its own (price × quantity is its net, net + VAT its gross), and the totals add its lines up. */
function expectConsistent(note: CreditNoteContent) {
	for (const line of note.lines) {
		expect(line.unitNetCents * line.quantity + 0).toBe(line.lineNetCents)
		expect(line.lineNetCents + line.lineVatCents).toBe(line.lineGrossCents)
		expect(line.lineGrossCents).toBeLessThan(0)
	}
	const sum = (pick: (line: InvoiceLine) => number) => note.lines.reduce((total, line) => total + pick(line), 0)
	expect(note.totals).toMatchObject({ grossCents: sum((l) => l.lineGrossCents), netCents: sum((l) => l.lineNetCents), vatCents: sum((l) => l.lineVatCents) })
	expect(note.totals.subtotals.reduce((total, s) => total + s.vatCents, 0)).toBe(note.totals.vatCents)
}

const totalOf = (notes: CreditNoteContent[], pick: (note: CreditNoteContent) => number) => notes.reduce((total, note) => total + pick(note), 0)

describe('creditNoteLines', () => {
	it('negates every line for a full refund, each marked with the invoice line it credits', () => {
		const credit = creditNoteLines(invoice, { amountCents: invoice.totals.grossCents }, named)!
		expect(credit.totals).toMatchObject({ grossCents: -invoice.totals.grossCents, vatCents: -invoice.totals.vatCents })
		expect(credit.lines.map((l) => [l.description, l.buyerDescription, l.quantity, l.creditsLine])).toEqual([
			['Lumânare „Pădure”', 'Forest candle', -3, 0],
			['Portret 13x18', undefined, -1, 1],
			['Transport', undefined, -1, 2],
		])
		expectConsistent(credit)
	})

	it('credits chosen lines and units, adding up a line named twice', () => {
		const credit = creditNoteLines(
			invoice,
			{
				amountCents: 2 * 2990 + 4500,
				lines: [
					{ index: 1, quantity: 1 },
					{ index: 0, quantity: 1 },
					{ index: 0, quantity: 1 },
				],
			},
			named,
		)!
		expect(credit.lines.map((l) => [l.description, l.quantity, l.lineGrossCents, l.lineVatCents, l.creditsLine])).toEqual([
			['Lumânare „Pădure”', -2, -5980, -1038, 0],
			['Portret 13x18', -1, -4500, -781, 1],
		])
		expectConsistent(credit)
	})

	it('refuses lines not on the invoice, more units than are left, lines that are not the amount, and amounts beyond the invoice', () => {
		expect(creditNoteLines(invoice, { amountCents: 2990, lines: [{ index: 7, quantity: 1 }] }, named)).toBeNull()
		expect(creditNoteLines(invoice, { amountCents: 4 * 2990, lines: [{ index: 0, quantity: 4 }] }, named)).toBeNull()
		expect(creditNoteLines(invoice, { amountCents: 100, lines: [{ index: 0, quantity: 1 }] }, named)).toBeNull()
		expect(creditNoteLines(invoice, { amountCents: 0 }, named)).toBeNull()
		expect(creditNoteLines(invoice, { amountCents: 10.5 }, named)).toBeNull()
		expect(creditNoteLines(invoice, { amountCents: invoice.totals.grossCents + 1 }, named)).toBeNull()
		// Two of the three candles credited already: a third and a fourth are one too many.
		const [first] = issueAll(invoice, [{ amountCents: 5980, lines: [{ index: 0, quantity: 2 }] }])
		expect(creditNoteLines(invoice, { amountCents: 5980, lines: [{ index: 0, quantity: 2 }], earlier: [first!] }, named)).toBeNull()
		expect(creditNoteLines(invoice, { amountCents: 2990, lines: [{ index: 0, quantity: 1 }], earlier: [first!] }, named)).not.toBeNull()
	})

	it('credits an amount as one line with the VAT it contains, named in both languages', () => {
		const credit = creditNoteLines(invoice, { amountCents: 1000 }, named)!
		expect(credit.lines).toEqual([
			expect.objectContaining({
				description: 'Sumă rambursată',
				buyerDescription: 'Amount refunded',
				quantity: -1,
				unitCode: 'C62',
				lineGrossCents: -1000,
				lineVatCents: -174,
				ratePercent: 21,
			}),
		])
		expect(credit.lines[0]!.creditsLine).toBeUndefined()
		expectConsistent(credit)
	})

	it('credits the rest of an invoice refunded by lines as the units still left', () => {
		const notes = issueAll(invoice, [{ amountCents: 2990, lines: [{ index: 0, quantity: 1 }] }, { amountCents: invoice.totals.grossCents - 2990 }])
		expect(notes[1]!.lines.map((l) => [l.description, l.quantity])).toEqual([
			['Lumânare „Pădure”', -2],
			['Portret 13x18', -1],
			['Transport', -1],
		])
		expect(invoice.totals.vatCents + totalOf(notes, (n) => n.totals.vatCents)).toBe(0)
	})

	it('brings the VAT to exactly zero when amounts and then lines empty the invoice, one unit taking the rounding', () => {
		// 3 × 29.90 contain 3 × 5.19 of VAT. 0.14 and 29.76 credited as amounts contain 0.02 + 5.16 = 5.18; the two candles
		// refunded last contain 10.38 at 5.19 each, one cent short of what is left: one candle is credited at 5.20.
		const single = invoiceLines({ shippingCents: 0, items: [{ id: 'candle', name: 'Lumânare', unitPriceCents: 2990, quantity: 3 }] }, 21, '')
		const notes = issueAll(single, [{ amountCents: 14 }, { amountCents: 2976 }, { amountCents: 5980, lines: [{ index: 0, quantity: 2 }] }])
		notes.forEach(expectConsistent)
		expect(notes.map((n) => n.totals.vatCents)).toEqual([-2, -516, -1039])
		expect(notes[2]!.lines.map((l) => [l.quantity, l.unitNetCents, l.unitVatCents, l.creditsLine])).toEqual([
			[-1, 2471, 519, 0],
			[-1, 2470, 520, 0],
		])
		expect(single.totals.vatCents + totalOf(notes, (n) => n.totals.vatCents)).toBe(0)
	})

	it('splits an amount over the rates of an invoice in proportion, to the cent, and empties each rate with its own VAT', () => {
		const atRate = (rate: number, id: string, cents: number) =>
			invoiceLines({ shippingCents: 0, items: [{ id, name: id, unitPriceCents: cents, quantity: 1 }] }, rate, '').lines
		const lines = [...atRate(21, 'a', 7001), ...atRate(9, 'b', 3333)]
		const subtotal = (rate: number) => {
			const at = lines.filter((l) => l.ratePercent === rate)
			return {
				ratePercent: rate,
				taxableCents: at.reduce((s, l) => s + l.lineNetCents, 0),
				vatCents: at.reduce((s, l) => s + l.lineVatCents, 0),
				grossCents: at.reduce((s, l) => s + l.lineGrossCents, 0),
			}
		}
		const mixed = {
			lines,
			totals: {
				vatRegistered: true,
				grossCents: 10334,
				netCents: subtotal(21).taxableCents + subtotal(9).taxableCents,
				vatCents: subtotal(21).vatCents + subtotal(9).vatCents,
				subtotals: [subtotal(21), subtotal(9)],
			},
		}
		const notes = issueAll(mixed, [{ amountCents: 1001 }, { amountCents: 10334 - 1001 }])
		expect(notes[0]!.lines.map((l) => [l.description, l.ratePercent, l.lineGrossCents])).toEqual([
			['Sumă rambursată', 21, -678],
			['Sumă rambursată', 9, -323],
		])
		notes.forEach(expectConsistent)
		for (const rate of [21, 9]) {
			const credited = notes.flatMap((n) => n.totals.subtotals).filter((s) => s.ratePercent === rate)
			expect(subtotal(rate).vatCents + credited.reduce((s, c) => s + c.vatCents, 0)).toBe(0)
			expect(subtotal(rate).grossCents + credited.reduce((s, c) => s + c.grossCents, 0)).toBe(0)
		}
	})

	it('credits no VAT for a seller not registered for it', () => {
		const unregistered = invoiceLines(order, null, 'Transport')
		const credit = creditNoteLines(unregistered, { amountCents: 1000 }, named)!
		expect(credit.lines[0]).toMatchObject({ description: 'Sumă rambursată', lineVatCents: 0, lineNetCents: -1000, ratePercent: 0 })
		expect(credit.totals).toMatchObject({ vatRegistered: false, vatCents: 0, grossCents: -1000 })
	})

	it('every sequence of line and amount refunds that empties the invoice ends at zero, every credit note consistent on the way', () => {
		// Each step refunds one unit of a line, an amount (small, odd, about a third of what is left) or all that is left;
		// every sequence of up to four steps, then the rest, is tried (some two thousand).
		type Step = (left: number, units: number[]) => Omit<CreditRequest, 'earlier'> | null
		const steps: Step[] = [
			...invoice.lines.map(
				(line, index): Step =>
					(left, units) =>
						units[index]! > 0 && line.unitGrossCents <= left ? { amountCents: line.unitGrossCents, lines: [{ index, quantity: 1 }] } : null,
			),
			(left) => (left > 1 ? { amountCents: 1 } : null),
			(left) => (left > 14 ? { amountCents: 14 } : null),
			(left) => (left > 1001 ? { amountCents: 1001 } : null),
			(left) => (left > 3 ? { amountCents: Math.floor(left / 3) } : null),
			(left) => ({ amountCents: left }),
		]
		const walk = (notes: CreditNoteContent[], left: number, units: number[], depth: number): number => {
			if (left === 0) {
				expect(invoice.totals.vatCents + totalOf(notes, (n) => n.totals.vatCents)).toBe(0)
				expect(invoice.totals.netCents + totalOf(notes, (n) => n.totals.netCents)).toBe(0)
				return 1
			}
			let sequences = 0
			for (const step of depth < 4 ? steps : steps.slice(-1)) {
				const request = step(left, units)
				if (!request) continue
				const note = creditNoteLines(invoice, { ...request, earlier: notes }, named)
				expect(note, JSON.stringify([...notes.map((n) => n.totals.grossCents), request])).not.toBeNull()
				expectConsistent(note!)
				// What is left always holds VAT between none and all of its money.
				const vatLeft = invoice.totals.vatCents + totalOf([...notes, note!], (n) => n.totals.vatCents)
				expect(vatLeft).toBeGreaterThanOrEqual(0)
				expect(vatLeft).toBeLessThanOrEqual(left - request.amountCents)
				const after = request.lines ? units.map((u, i) => (i === request.lines![0]!.index ? u - 1 : u)) : units
				sequences += walk([...notes, note!], left - request.amountCents, after, depth + 1)
			}
			return sequences
		}
		expect(
			walk(
				[],
				invoice.totals.grossCents,
				invoice.lines.map((line) => line.quantity),
				0,
			),
		).toBeGreaterThan(2000)
	}, 60_000) // some two thousand sequences: seconds on a quiet machine, more on a busy one
})
