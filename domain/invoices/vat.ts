import { isEuCountry, type EU_COUNTRIES } from '../shipping.ts'

/**
 * VAT on prices that include it (ADR 0119). Every shop price is gross; what an invoice, an email
 * or the checkout shows is the VAT contained in it. One rounding rule everywhere: the VAT of a
 * unit price is rounded to the cent, and a line's VAT is that times its quantity; a total's VAT is
 * the sum of its lines'. So lines, totals and the UBL export add up to the cent, and the buyer pays
 * exactly the gross prices they were shown.
 */

/** EU standard VAT rates in percent (2026), for one-stop-shop sales; VAT_RATES overrides any of them. */
export const EU_STANDARD_VAT_RATES: Readonly<Record<(typeof EU_COUNTRIES)[number], number>> = {
	AT: 20,
	BE: 21,
	BG: 20,
	HR: 25,
	CY: 19,
	CZ: 21,
	DK: 25,
	EE: 24,
	FI: 25.5,
	FR: 20,
	DE: 19,
	GR: 24,
	HU: 27,
	IE: 23,
	IT: 22,
	LV: 21,
	LT: 21,
	LU: 17,
	MT: 18,
	NL: 21,
	PL: 23,
	PT: 23,
	RO: 21,
	SK: 23,
	SI: 22,
	ES: 21,
	SE: 25,
}

export type VatConfig = {
	/** False for a shop not registered for VAT: no VAT is charged or shown (art. 310 Cod fiscal). */
	registered: boolean
	/** The shop's own rate in percent, e.g. 21. */
	ratePercent: number
	/** One-stop shop: consumers elsewhere in the EU pay their own country's rate. */
	oss: boolean
	/** Rates per destination (ISO code → percent) that replace EU_STANDARD_VAT_RATES. */
	overrides: Readonly<Record<string, number>>
	/** Where the shop is established (ISO code); its rate applies at home. */
	homeCountry: string
}

export const DEFAULT_VAT: VatConfig = { registered: true, ratePercent: 21, oss: false, overrides: {}, homeCountry: 'RO' }

/**
 * The rate in percent for a sale shipped to `country`, or null when the shop charges no VAT.
 * Without OSS (or at home, or outside the EU) it is the shop's own rate.
 */
export function vatRateFor(config: VatConfig, country: string): number | null {
	if (!config.registered) return null
	const code = country.toUpperCase()
	if (config.oss && code !== config.homeCountry && isEuCountry(code)) {
		return config.overrides[code] ?? EU_STANDARD_VAT_RATES[code as keyof typeof EU_STANDARD_VAT_RATES]
	}
	return config.ratePercent
}

/**
 * VAT contained in a gross amount: gross × r / (1 + r), rounded half away from zero to the cent.
 * Integer arithmetic on basis points keeps 25.5 % exact.
 */
export function vatContained(grossCents: number, ratePercent: number | null): number {
	if (!ratePercent) return 0
	const bp = Math.round(ratePercent * 100)
	const exact = (Math.abs(grossCents) * bp) / (10_000 + bp)
	const rounded = Math.round(exact)
	return grossCents < 0 ? -rounded : rounded
}

/**
 * What one unit is charged: its shown price, or for a sale that bears no VAT (ADR 0150), the shown
 * price less the VAT at `removedVatPercent` it contains, rounded per unit like every VAT amount.
 */
export function chargedUnitCents(shownCents: number, tax: { removedVatPercent: number | null }): number {
	return tax.removedVatPercent ? shownCents - vatContained(shownCents, tax.removedVatPercent) : shownCents
}

export type VatLineInput = { unitGrossCents: number; quantity: number }

export type VatLine = VatLineInput & {
	unitNetCents: number
	unitVatCents: number
	lineGrossCents: number
	lineNetCents: number
	lineVatCents: number
}

export type VatSubtotal = { ratePercent: number; taxableCents: number; vatCents: number; grossCents: number }

export type VatBreakdown = {
	/** False when the shop is not registered for VAT: every amount is gross = net and nothing is shown as VAT. */
	registered: boolean
	ratePercent: number | null
	lines: VatLine[]
	subtotals: VatSubtotal[]
	grossCents: number
	netCents: number
	vatCents: number
}

/** Splits lines of gross prices at one rate (null: not registered) into net and VAT, with the totals. */
export function vatBreakdown(lines: readonly VatLineInput[], ratePercent: number | null): VatBreakdown {
	const split = lines.map((line): VatLine => {
		const unitVatCents = vatContained(line.unitGrossCents, ratePercent)
		const unitNetCents = line.unitGrossCents - unitVatCents
		return {
			...line,
			unitNetCents,
			unitVatCents,
			lineGrossCents: line.unitGrossCents * line.quantity,
			lineNetCents: unitNetCents * line.quantity,
			lineVatCents: unitVatCents * line.quantity,
		}
	})
	const sum = (pick: (line: VatLine) => number) => split.reduce((total, line) => total + pick(line), 0)
	const grossCents = sum((line) => line.lineGrossCents)
	const netCents = sum((line) => line.lineNetCents)
	const vatCents = sum((line) => line.lineVatCents)
	const rate = ratePercent ?? 0
	return {
		registered: ratePercent !== null,
		ratePercent,
		lines: split,
		subtotals: split.length ? [{ ratePercent: rate, taxableCents: netCents, vatCents, grossCents }] : [],
		grossCents,
		netCents,
		vatCents,
	}
}

/**
 * Parses VAT_RATES ("ES:21,DE:19,FI:25.5"): EU country codes and percents from 0 to 50.
 * Returns an error message instead when it is not that.
 */
export function parseVatRates(value: string): Record<string, number> | string {
	const rates: Record<string, number> = {}
	for (const part of value
		.split(',')
		.map((p) => p.trim())
		.filter(Boolean)) {
		const match = /^([A-Za-z]{2})\s*[:=]\s*(\d{1,2}(?:\.\d{1,2})?)$/.exec(part)
		if (!match) return `must be a list like ES:21,DE:19 (got "${part}")`
		const code = match[1]!.toUpperCase()
		if (!isEuCountry(code)) return `${code} is not an EU country`
		const rate = Number(match[2])
		if (rate > 50) return `${code}: a rate must be between 0 and 50`
		rates[code] = rate
	}
	return rates
}

/** A rate as people read it: 21, 25.5 (25,5 in Romanian and Spanish). */
export function formatRate(ratePercent: number, locale = 'en'): string {
	const text = String(Math.round(ratePercent * 100) / 100)
	return locale === 'en' ? text : text.replace('.', ',')
}

/**
 * A discount on a whole document (ADR 0255) at one VAT rate: the allowance carries the VAT its
 * gross contains, rounded like every VAT amount, and the document's net and VAT are what is left.
 * So VAT is on the discounted amount and net + VAT is still what the buyer pays.
 */
export function discountedVat(
	before: { netCents: number; vatCents: number; grossCents: number },
	discountGrossCents: number,
	ratePercent: number | null,
): { allowanceNetCents: number; allowanceVatCents: number; netCents: number; vatCents: number; grossCents: number } {
	const allowanceVatCents = Math.min(before.vatCents, vatContained(discountGrossCents, ratePercent))
	const allowanceNetCents = discountGrossCents - allowanceVatCents
	return {
		allowanceNetCents,
		allowanceVatCents,
		netCents: before.netCents - allowanceNetCents,
		vatCents: before.vatCents - allowanceVatCents,
		grossCents: before.grossCents - discountGrossCents,
	}
}
