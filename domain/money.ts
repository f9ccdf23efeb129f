/** Prices are integer cents everywhere; these format them for people. */

const intlFormatters = new Map<string, Intl.NumberFormat>()

function intlAmount(cents: number, locale: string) {
	let format = intlFormatters.get(locale)
	if (!format) {
		format = new Intl.NumberFormat(locale === 'en' ? 'en-IE' : locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
		intlFormatters.set(locale, format)
	}
	return format.format(cents / 100)
}

/**
 * How Intl.NumberFormat writes amounts in the shop's languages (money.test.ts compares them). Written
 * by hand because a browser's first Intl.NumberFormat costs 15-30 ms (its number data is loaded then),
 * which was one long task in the middle of hydrating every page that shows a price.
 */
const SEPARATORS: Record<string, { group: string; decimal: string; minimumGroupingDigits: number }> = {
	en: { group: ',', decimal: '.', minimumGroupingDigits: 1 },
	ro: { group: '.', decimal: ',', minimumGroupingDigits: 1 },
	// Spanish groups thousands only from 10 000 up ("1234,56", "12.345,67").
	es: { group: '.', decimal: ',', minimumGroupingDigits: 2 },
}

/** An amount of cents with two decimals and the locale's separators ("1,234.50"; "1.234,50" in Romanian). */
export function formatAmount(cents: number, locale = 'en'): string {
	const separators = SEPARATORS[locale]
	if (!separators || !Number.isSafeInteger(cents) || Object.is(cents, -0)) return intlAmount(cents, locale)
	const absolute = Math.abs(cents)
	const whole = String(Math.floor(absolute / 100))
	const grouped = whole.length >= 3 + separators.minimumGroupingDigits ? whole.replace(/\B(?=(\d{3})+$)/g, separators.group) : whole
	return `${cents < 0 ? '-' : ''}${grouped}${separators.decimal}${String(absolute % 100).padStart(2, '0')}`
}

/** "29.90 €" style (two decimals and the € sign), with the locale's decimal separator. */
export function formatEuro(cents: number, locale = 'en'): string {
	return `${formatAmount(cents, locale)} €`
}

/**
 * A price difference as options show it: "+5 €", "−10 €" (a true minus sign), "+2,50 €" in
 * Romanian; whole euros without decimals. Zero gives an empty string: there is nothing to add.
 */
export function formatEuroDifference(cents: number, locale = 'en'): string {
	if (cents === 0) return ''
	const absolute = Math.abs(cents)
	const amount = absolute % 100 === 0 ? String(absolute / 100) : formatAmount(absolute, locale)
	return `${cents < 0 ? '−' : '+'}${amount} €`
}
