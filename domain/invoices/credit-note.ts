import type { InvoiceLine, InvoiceTotals, LineName } from './invoice.ts'
import { vatContained, type VatSubtotal } from './vat.ts'

/**
 * What a credit note (storno) lists (ADR 0118, 0155). A refund of chosen lines credits those lines
 * and units; an amount credits one line per VAT rate of the invoice, the amount split in proportion
 * to what is left at each rate; the rest of an invoice whose earlier credit notes all named lines is
 * credited as the units still left. Whatever the mix, the credit note that empties a rate also
 * empties its VAT, to the cent, so an invoice refunded in full ends at zero VAT.
 */

/** Lines of an invoice chosen for a credit note: the line's position on the invoice and how many units. */
export type CreditedLine = { index: number; quantity: number }

type DocumentPart = { lines: InvoiceLine[]; totals: Pick<InvoiceTotals, 'vatRegistered' | 'grossCents' | 'subtotals'> }

export type CreditRequest = {
	/** What is refunded, in cents, positive. */
	amountCents: number
	/** The invoice's lines refunded, when the refund names lines; they must add up to amountCents. */
	lines?: readonly CreditedLine[]
	/** The credit notes of this invoice issued before (their amounts negative). */
	earlier?: readonly DocumentPart[]
}

export type CreditNoteContent = { lines: InvoiceLine[]; totals: InvoiceTotals }

type Left = { ratePercent: number; grossCents: number; vatCents: number }

/** A storno's amount: 0 stays 0, never -0. */
const negative = (value: number) => 0 - value

const sum = (lines: InvoiceLine[], pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0)

/** What is left of the invoice per VAT rate, after the credit notes issued so far. */
function leftPerRate(invoice: DocumentPart, earlier: readonly DocumentPart[]): Map<number, Left> {
	const left = new Map<number, Left>()
	for (const subtotal of [...invoice.totals.subtotals, ...earlier.flatMap((note) => note.totals.subtotals)]) {
		const entry = left.get(subtotal.ratePercent) ?? { ratePercent: subtotal.ratePercent, grossCents: 0, vatCents: 0 }
		entry.grossCents += subtotal.grossCents
		entry.vatCents += subtotal.vatCents
		left.set(subtotal.ratePercent, entry)
	}
	return left
}

/** Units of each invoice line credited so far, or null when an earlier credit note credited an amount (units are then unknown). */
function unitsCredited(invoice: DocumentPart, earlier: readonly DocumentPart[]): number[] | null {
	const units = invoice.lines.map(() => 0)
	for (const line of earlier.flatMap((note) => note.lines)) {
		if (line.creditsLine === undefined || units[line.creditsLine] === undefined) return null
		units[line.creditsLine]! += Math.abs(line.quantity)
	}
	return units
}

/** `quantity` units of an invoice line, positive, marked as crediting it. */
function unitsOf(line: InvoiceLine, index: number, quantity: number): InvoiceLine {
	return {
		...line,
		creditsLine: index,
		quantity,
		lineGrossCents: line.unitGrossCents * quantity,
		lineNetCents: line.unitNetCents * quantity,
		lineVatCents: line.unitVatCents * quantity,
	}
}

/** The chosen units, duplicates of one line added up; null when a line is not on the invoice or has fewer units left. */
function chosenUnits(invoice: DocumentPart, chosen: readonly CreditedLine[], credited: number[] | null): InvoiceLine[] | null {
	const wanted = new Map<number, number>()
	for (const { index, quantity } of chosen) {
		if (!invoice.lines[index] || !Number.isInteger(quantity) || quantity < 1) return null
		wanted.set(index, (wanted.get(index) ?? 0) + quantity)
	}
	const lines: InvoiceLine[] = []
	for (const [index, quantity] of [...wanted].sort(([a], [b]) => a - b)) {
		const line = invoice.lines[index]!
		if (quantity > line.quantity - (credited?.[index] ?? 0)) return null
		lines.push(unitsOf(line, index, quantity))
	}
	return lines
}

/**
 * What a credit note may take of the VAT left at a rate, given the VAT its `grossCents` contain:
 * all of it when it empties the rate, and never so much (or so little) that the rest would hold
 * negative VAT or more VAT than money. Only amounts credited earlier, rounded on their own, make it
 * differ from `contained`, by a cent or two.
 */
function vatWithin(rate: Left, grossCents: number, contained: number): number {
	return Math.min(rate.vatCents, Math.max(contained, rate.vatCents - (rate.grossCents - grossCents)))
}

/**
 * Brings the VAT of the chosen lines at each rate within what vatWithin allows: the difference
 * moves between net and VAT of one unit, split off its line when the line has more. Null when no
 * unit can take it.
 */
function keepVatWithin(lines: InvoiceLine[], left: Map<number, Left>): InvoiceLine[] | null {
	const result = [...lines]
	for (const rate of left.values()) {
		const at = result.filter((line) => line.ratePercent === rate.ratePercent)
		if (at.length === 0) continue
		const vat = sum(at, (l) => l.lineVatCents)
		const difference =
			vatWithin(
				rate,
				sum(at, (l) => l.lineGrossCents),
				vat,
			) - vat
		if (difference === 0) continue
		const line = at.findLast((candidate) => candidate.unitNetCents - difference >= 0 && candidate.unitVatCents + difference >= 0)
		if (!line) return null
		const unitNetCents = line.unitNetCents - difference
		const unitVatCents = line.unitVatCents + difference
		const adjusted: InvoiceLine = {
			...line,
			quantity: 1,
			unitNetCents,
			unitVatCents,
			lineGrossCents: line.unitGrossCents,
			lineNetCents: unitNetCents,
			lineVatCents: unitVatCents,
		}
		result.splice(result.indexOf(line), 1, ...(line.quantity > 1 ? [unitsOf(line, line.creditsLine!, line.quantity - 1), adjusted] : [adjusted]))
	}
	return result
}

/**
 * `amountCents` split over the rates with something left, in proportion to what is left at each
 * (largest remainder, so the parts add up to the cent), each part a line with the VAT it contains;
 * the part that empties a rate carries exactly the VAT left at it.
 */
function amountLines(amountCents: number, left: Map<number, Left>, registered: boolean, name: LineName): InvoiceLine[] {
	const rates = [...left.values()].filter((rate) => rate.grossCents > 0)
	const total = rates.reduce((sum, rate) => sum + rate.grossCents, 0)
	const parts = rates.map((rate) => Math.floor((amountCents * rate.grossCents) / total))
	const byRemainder = rates.map((rate, i) => ({ i, remainder: ((amountCents * rate.grossCents) % total) / total })).sort((a, b) => b.remainder - a.remainder)
	for (let cents = amountCents - parts.reduce((sum, part) => sum + part, 0), k = 0; cents > 0; cents--, k++) parts[byRemainder[k % rates.length]!.i]!++
	return rates.flatMap((rate, i) => {
		const gross = parts[i]!
		if (gross <= 0) return []
		const vat = vatWithin(rate, gross, registered ? vatContained(gross, rate.ratePercent) : 0)
		return [
			{
				...name,
				quantity: 1,
				unitCode: 'C62' as const,
				unitGrossCents: gross,
				unitNetCents: gross - vat,
				unitVatCents: vat,
				lineGrossCents: gross,
				lineNetCents: gross - vat,
				lineVatCents: vat,
				ratePercent: rate.ratePercent,
			},
		]
	})
}

/** The units not credited yet, when earlier credit notes named only lines; they are then exactly what is left, VAT included. */
function unitsLeft(invoice: DocumentPart, credited: number[] | null): InvoiceLine[] | null {
	if (!credited) return null
	return invoice.lines.flatMap((line, index) => (line.quantity - credited[index]! > 0 ? [unitsOf(line, index, line.quantity - credited[index]!)] : []))
}

function matchesLeft(lines: InvoiceLine[], left: Map<number, Left>): boolean {
	return [...left.values()].every((rate) => {
		const at = lines.filter((line) => line.ratePercent === rate.ratePercent)
		return sum(at, (l) => l.lineGrossCents) === rate.grossCents && sum(at, (l) => l.lineVatCents) === rate.vatCents
	})
}

/**
 * The lines and totals of a credit note, amounts negative as a storno has; `name` names its amount
 * lines (a string: Romanian only), whose VAT rates tell them apart.
 * Null when the amount is not a positive number of cents within what is left of the invoice, or
 * when chosen lines are not on it, have fewer units left, or do not add up to the amount.
 */
export function creditNoteLines(invoice: DocumentPart, refund: CreditRequest, name: string | LineName): CreditNoteContent | null {
	const earlier = refund.earlier ?? []
	const amountCents = refund.amountCents
	const left = leftPerRate(invoice, earlier)
	const leftCents = [...left.values()].reduce((total, rate) => total + rate.grossCents, 0)
	if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > leftCents) return null
	const credited = unitsCredited(invoice, earlier)
	const registered = invoice.totals.vatRegistered

	let positive: InvoiceLine[] | null
	if (refund.lines?.length) {
		const chosen = chosenUnits(invoice, refund.lines, credited)
		if (!chosen || sum(chosen, (l) => l.lineGrossCents) !== amountCents) return null
		positive = keepVatWithin(chosen, left)
	} else {
		const rest = amountCents === leftCents ? unitsLeft(invoice, credited) : null
		positive = rest && matchesLeft(rest, left) ? rest : amountLines(amountCents, left, registered, typeof name === 'string' ? { description: name } : name)
	}
	if (!positive || sum(positive, (l) => l.lineGrossCents) !== amountCents) return null

	const subtotals = new Map<number, VatSubtotal>()
	for (const line of positive) {
		const subtotal = subtotals.get(line.ratePercent) ?? { ratePercent: line.ratePercent, taxableCents: 0, vatCents: 0, grossCents: 0 }
		subtotal.taxableCents -= line.lineNetCents
		subtotal.vatCents -= line.lineVatCents
		subtotal.grossCents -= line.lineGrossCents
		subtotals.set(line.ratePercent, subtotal)
	}
	return {
		lines: positive.map((line) => ({
			...line,
			quantity: negative(line.quantity),
			lineGrossCents: negative(line.lineGrossCents),
			lineNetCents: negative(line.lineNetCents),
			lineVatCents: negative(line.lineVatCents),
		})),
		totals: {
			vatRegistered: registered,
			netCents: negative(sum(positive, (l) => l.lineNetCents)),
			vatCents: negative(sum(positive, (l) => l.lineVatCents)),
			grossCents: negative(amountCents),
			subtotals: [...subtotals.values()],
		},
	}
}
