/** Prices are integer cents everywhere; these format them for people. */

const euroFormatters = new Map<string, Intl.NumberFormat>()

/** "29.90 €" style (spec §9: two decimals and the € sign), with the locale's decimal separator. */
export function formatEuro(cents: number, locale = 'en'): string {
	let format = euroFormatters.get(locale)
	if (!format) {
		format = new Intl.NumberFormat(locale === 'en' ? 'en-IE' : locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
		euroFormatters.set(locale, format)
	}
	return `${format.format(cents / 100)} €`
}

/** Parses "29.90" or "29,90" (euro) into cents; null when it is not a price. */
export function parseEuroToCents(value: string): number | null {
	const normalised = value.trim().replace(',', '.')
	if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null
	return Math.round(Number(normalised) * 100)
}
