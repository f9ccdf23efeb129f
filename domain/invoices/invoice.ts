import { vatBreakdown, type VatSubtotal } from './vat.ts'

/**
 * An invoice or credit note as it is issued (ADR 0118): everything printed on it is a snapshot
 * taken at issue, so a later change of the shop's details, a product's name or the VAT rate never
 * changes a document already issued.
 */

export type InvoiceKind = 'invoice' | 'credit_note'

export type InvoiceAddress = {
	street: string
	city: string
	postalCode: string
	/** ISO 3166-1 alpha-2. */
	country: string
	/** ISO 3166-2 subdivision for Romanian addresses (RO-CJ, RO-B), as e-Factura wants (BR-RO-110). */
	countrySubentity?: string
}

export type SellerDetails = {
	name: string
	/** CUI, with RO in front when registered for VAT. */
	taxId: string
	/** Trade register number (J12/3456/2020 or the newer J2020003456123). */
	tradeRegister: string
	address: InvoiceAddress
	iban: string
	bank: string
	email: string
}

export type BuyerDetails = {
	name: string
	/** The company, when the buyer gave one; the invoice is then made out to it. */
	company: string | null
	vatNumber: string | null
	email: string
	address: InvoiceAddress
}

export type InvoiceLine = {
	description: string
	quantity: number
	/** UN/ECE rec. 20: H87 piece, C62 one (shipping). */
	unitCode: 'H87' | 'C62'
	unitGrossCents: number
	unitNetCents: number
	unitVatCents: number
	lineGrossCents: number
	lineNetCents: number
	lineVatCents: number
	ratePercent: number
}

export type InvoiceTotals = {
	/** False for a shop not registered for VAT: the document says VAT is not applicable. */
	vatRegistered: boolean
	netCents: number
	vatCents: number
	grossCents: number
	subtotals: VatSubtotal[]
	/** Lei per euro used for the VAT amount in RON that e-Factura asks of a euro invoice. */
	ronPerEur: number
}

/** "LC-2026-000123": series, year of issue, and the sequence within that year, six digits at least. */
export function formatInvoiceNumber(series: string, year: number, sequence: number): string {
	return `${series}-${year}-${String(sequence).padStart(6, '0')}`
}

/** A series is upper-case letters and digits, optionally in parts joined by hyphens (LC, LC-S, TEST-LC). */
export const INVOICE_SERIES_PATTERN = /^[A-Z][A-Z0-9]{0,7}(-[A-Z0-9]{1,8}){0,2}$/

/** Test-money orders are numbered apart, so the legal series has no test documents in it (ADR 0118). */
export function seriesFor(series: string, testMode: boolean): string {
	return testMode ? `TEST-${series}` : series
}

/** The year of issue as the shop counts it: Romanian time, so New Year's Eve at 23:30 in Bucharest is still that year. */
export function invoiceYear(at: Date, timeZone = 'Europe/Bucharest'): number {
	return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(at))
}

export type OrderForInvoice = {
	shippingCents: number
	items: { name: string; unitPriceCents: number; quantity: number }[]
}

/**
 * An order's lines priced gross as it was sold (its items, then shipping when charged) split into
 * net and VAT at one rate (null: the shop is not registered for VAT).
 */
export function invoiceLines(
	order: OrderForInvoice,
	ratePercent: number | null,
	shippingLabel: string,
): { lines: InvoiceLine[]; totals: Omit<InvoiceTotals, 'ronPerEur'> } {
	const source = [
		...order.items.map((item) => ({ description: item.name, quantity: item.quantity, unitCode: 'H87' as const, unitGrossCents: item.unitPriceCents })),
		...(order.shippingCents > 0 ? [{ description: shippingLabel, quantity: 1, unitCode: 'C62' as const, unitGrossCents: order.shippingCents }] : []),
	]
	const breakdown = vatBreakdown(source, ratePercent)
	const lines = breakdown.lines.map((line, index) => ({
		...line,
		description: source[index]!.description,
		unitCode: source[index]!.unitCode,
		ratePercent: ratePercent ?? 0,
	}))
	return {
		lines,
		totals: {
			vatRegistered: breakdown.registered,
			netCents: breakdown.netCents,
			vatCents: breakdown.vatCents,
			grossCents: breakdown.grossCents,
			subtotals: breakdown.subtotals,
		},
	}
}

/** Lines of an invoice chosen for a credit note: the line's position on the invoice and how many units. */
export type CreditedLine = { index: number; quantity: number }

/**
 * The lines of a credit note, with negative amounts as a storno has: the invoice's lines negated
 * for a full refund, the chosen lines when the refund names lines, or else one line of the amount.
 * Returns null when the chosen lines are not on the invoice or do not add up to the amount.
 */
export function creditNoteLines(
	invoice: { lines: InvoiceLine[]; totals: Pick<InvoiceTotals, 'vatRegistered' | 'grossCents' | 'netCents' | 'vatCents' | 'subtotals'> },
	/** vatCents: the VAT of an amount credited as one line, when it must be exactly that (the credit note that closes an invoice). */
	refund: { amountCents: number; lines?: readonly CreditedLine[]; vatCents?: number },
	description: string,
): { lines: InvoiceLine[]; totals: Omit<InvoiceTotals, 'ronPerEur'> } | null {
	const rate = invoice.totals.vatRegistered ? (invoice.lines[0]?.ratePercent ?? 0) : null
	let positive: InvoiceLine[]
	if (refund.lines?.length) {
		positive = []
		for (const chosen of refund.lines) {
			const line = invoice.lines[chosen.index]
			if (!line || !Number.isInteger(chosen.quantity) || chosen.quantity < 1 || chosen.quantity > line.quantity) return null
			positive.push({
				...line,
				quantity: chosen.quantity,
				lineGrossCents: line.unitGrossCents * chosen.quantity,
				lineNetCents: line.unitNetCents * chosen.quantity,
				lineVatCents: line.unitVatCents * chosen.quantity,
			})
		}
	} else if (refund.amountCents === invoice.totals.grossCents) {
		positive = invoice.lines
	} else {
		const line = vatBreakdown([{ unitGrossCents: refund.amountCents, quantity: 1 }], rate).lines[0]!
		const vat = refund.vatCents ?? line.unitVatCents
		positive = [
			{
				...line,
				unitVatCents: vat,
				lineVatCents: vat,
				unitNetCents: refund.amountCents - vat,
				lineNetCents: refund.amountCents - vat,
				description,
				unitCode: 'C62',
				ratePercent: rate ?? 0,
			},
		]
	}
	const sum = (pick: (line: InvoiceLine) => number) => positive.reduce((total, line) => total + pick(line), 0)
	const grossCents = sum((l) => l.lineGrossCents)
	if (grossCents !== refund.amountCents || grossCents <= 0) return null
	const netCents = sum((l) => l.lineNetCents)
	const vatCents = sum((l) => l.lineVatCents)
	return {
		lines: positive.map((line) => ({
			...line,
			quantity: -line.quantity,
			lineGrossCents: -line.lineGrossCents,
			lineNetCents: -line.lineNetCents,
			lineVatCents: -line.lineVatCents,
		})),
		totals: {
			vatRegistered: invoice.totals.vatRegistered,
			netCents: -netCents,
			vatCents: -vatCents,
			grossCents: -grossCents,
			subtotals: [{ ratePercent: rate ?? 0, taxableCents: -netCents, vatCents: -vatCents, grossCents: -grossCents }],
		},
	}
}
