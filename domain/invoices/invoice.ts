import { discountedVat, vatBreakdown, type VatLine, type VatSubtotal } from './vat.ts'

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
	/** BT-48: an EU VAT number with its prefix (RO18547290, DE123456789); null for a buyer without one. */
	vatNumber: string | null
	/**
	 * BT-47: a Romanian company's CUI without RO (not a VAT payer), or a consumer's CNP when given.
	 * Null otherwise: e-Factura then gets 13 zeros (BR-RO-120). Absent on documents issued before it existed.
	 */
	legalId?: string | null
	email: string
	address: InvoiceAddress
}

export type InvoiceLine = {
	/** The line's name in Romanian, as the law wants every invoice. */
	description: string
	/** The same name in the buyer's language when that is another (snapshot at issue, ADR 0155); printed beside the Romanian. */
	buyerDescription?: string
	/** The order line (order_items.id) an invoice line sells; none for shipping and on invoices issued before it was kept. */
	itemId?: string
	/** On a credit note: the position on the invoice of the line it credits; none for an amount credited (ADR 0155). */
	creditsLine?: number
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

/**
 * A discount on the whole document (ADR 0255), EN 16931 BG-20: its amount without VAT, the VAT it
 * takes off and its rate. The document's totals are after it; its lines are at their full prices.
 */
export type DocumentAllowance = LineName & { grossCents: number; netCents: number; vatCents: number; ratePercent: number }

export type InvoiceTotals = {
	/** False for a shop not registered for VAT: the document says VAT is not applicable. */
	vatRegistered: boolean
	/** What the totals below take off the lines (a discount code); absent without one and on credit notes. */
	allowance?: DocumentAllowance
	/** After the allowance: the lines' net less the allowance's. */
	netCents: number
	vatCents: number
	grossCents: number
	subtotals: VatSubtotal[]
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

/** A day in Romania as YYYY-MM-DD: the date of issue an invoice states, the day a BNR rate is for. */
export function romanianDay(at: Date): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

/** The year of issue as the shop counts it: Romanian time, so New Year's Eve at 23:30 in Bucharest is still that year. */
export function invoiceYear(at: Date, timeZone = 'Europe/Bucharest'): number {
	return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(at))
}

export type OrderForInvoice = {
	shippingCents: number
	/** A discount code's amount off the order, gross, and what it is called on the document. */
	discount?: { grossCents: number; name: LineName } | null
	/** name in Romanian; buyerName in the buyer's language when that is another; id: the order line's. */
	items: { id?: string; name: string; buyerName?: string; unitPriceCents: number; quantity: number }[]
}

/** A line's name: Romanian, and the buyer's language beside it when that says something else. */
export type LineName = Pick<InvoiceLine, 'description' | 'buyerDescription'>

/**
 * An order's lines priced gross as it was sold (its items, then shipping when charged) split into
 * net and VAT at one rate (null: the shop is not registered for VAT).
 */
export function invoiceLines(
	order: OrderForInvoice,
	ratePercent: number | null,
	shippingLabel: string | LineName,
): { lines: InvoiceLine[]; totals: InvoiceTotals } {
	const shipping = typeof shippingLabel === 'string' ? { description: shippingLabel } : shippingLabel
	const source: (Omit<InvoiceLine, keyof VatLine | 'ratePercent'> & { quantity: number; unitGrossCents: number })[] = [
		...order.items.map((item) => ({
			...lineName(item.name, item.buyerName),
			...(item.id ? { itemId: item.id } : {}),
			quantity: item.quantity,
			unitCode: 'H87' as const,
			unitGrossCents: item.unitPriceCents,
		})),
		...(order.shippingCents > 0 ? [{ ...shipping, quantity: 1, unitCode: 'C62' as const, unitGrossCents: order.shippingCents }] : []),
	]
	const breakdown = vatBreakdown(source, ratePercent)
	const lines = breakdown.lines.map((line, index) => {
		const { quantity: _quantity, unitGrossCents: _gross, ...named } = source[index]!
		return { ...line, ...named, ratePercent: ratePercent ?? 0 }
	})
	const discountCents = order.discount?.grossCents ?? 0
	if (discountCents <= 0) {
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
	// One rate per document: the allowance is at it, and the VAT is on what is left (ADR 0255).
	const after = discountedVat(breakdown, discountCents, ratePercent)
	const rate = ratePercent ?? 0
	return {
		lines,
		totals: {
			vatRegistered: breakdown.registered,
			allowance: {
				...order.discount!.name,
				grossCents: discountCents,
				netCents: after.allowanceNetCents,
				vatCents: after.allowanceVatCents,
				ratePercent: rate,
			},
			netCents: after.netCents,
			vatCents: after.vatCents,
			grossCents: after.grossCents,
			subtotals: [{ ratePercent: rate, taxableCents: after.netCents, vatCents: after.vatCents, grossCents: after.grossCents }],
		},
	}
}

/** A name with its translation, left out when the buyer reads Romanian or the translation is the same text. */
export function lineName(romanian: string, buyers?: string | null): LineName {
	return buyers && buyers !== romanian ? { description: romanian, buyerDescription: buyers } : { description: romanian }
}

/** A line's name as printed: the Romanian, then the buyer's language ("ro / other", as the labels). */
export function printedLineName(line: LineName): string {
	return line.buyerDescription ? `${line.description} / ${line.buyerDescription}` : line.description
}
