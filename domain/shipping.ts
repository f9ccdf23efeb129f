/**
 * Shipping by destination (ADR 0041): four zones with a flat rate each, plus an optional
 * subtotal from which shipping is free. The shop configures them (env); the default is free.
 */
export const SHIPPING_ZONES = ['ro', 'es', 'eu', 'world'] as const
export type ShippingZone = (typeof SHIPPING_ZONES)[number]

export type ShippingConfig = {
	ratesCents: Record<ShippingZone, number>
	/** Orders whose subtotal reaches this ship free; null = no threshold. */
	freeFromCents: number | null
}

export const FREE_SHIPPING: ShippingConfig = { ratesCents: { ro: 0, es: 0, eu: 0, world: 0 }, freeFromCents: null }

/** EU member states (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES = [
	'AT',
	'BE',
	'BG',
	'HR',
	'CY',
	'CZ',
	'DK',
	'EE',
	'FI',
	'FR',
	'DE',
	'GR',
	'HU',
	'IE',
	'IT',
	'LV',
	'LT',
	'LU',
	'MT',
	'NL',
	'PL',
	'PT',
	'RO',
	'SK',
	'SI',
	'ES',
	'SE',
] as const

/** Countries offered in the checkout form: the EU and the closest others, then "other". */
export const CHECKOUT_COUNTRIES = [...EU_COUNTRIES, 'MD', 'GB', 'CH', 'NO', 'US', 'CA'] as const

const nameCache = new Map<string, Intl.DisplayNames>()
/** A country's name in the given language ("RO" → "România" in ro). */
export function countryName(code: string, locale: string): string {
	let names = nameCache.get(locale)
	if (!names) {
		names = new Intl.DisplayNames([locale], { type: 'region' })
		nameCache.set(locale, names)
	}
	try {
		return names.of(code) ?? code
	} catch {
		return code
	}
}

const fold = (value: string) =>
	value
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.trim()
		.toLowerCase()

let lookup: Map<string, string> | undefined
/**
 * The ISO code of a country given as a code or as its name in English, Romanian or Spanish
 * (the form sends codes; saved form data or older clients may send 'România'). Null when unknown.
 */
export function countryCode(value: string): string | null {
	if (!lookup) {
		lookup = new Map()
		for (const code of CHECKOUT_COUNTRIES) {
			lookup.set(fold(code), code)
			for (const locale of ['en', 'ro', 'es']) lookup.set(fold(countryName(code, locale)), code)
		}
	}
	const folded = fold(value)
	if (/^[a-z]{2}$/.test(folded)) return folded.toUpperCase()
	return lookup.get(folded) ?? null
}

export function shippingZone(country: string): ShippingZone {
	const code = countryCode(country)
	if (code === 'RO') return 'ro'
	if (code === 'ES') return 'es'
	if (code && (EU_COUNTRIES as readonly string[]).includes(code)) return 'eu'
	return 'world'
}

export function shippingCents(config: ShippingConfig, country: string, subtotalCents: number): number {
	if (config.freeFromCents !== null && subtotalCents >= config.freeFromCents) return 0
	return config.ratesCents[shippingZone(country)]
}

/**
 * A stored country as its reader sees it (ADR 0102): orders store the ISO code; orders placed
 * before kept the Romanian name ('România'), which is read back to its code. Unknown text is shown as it is.
 */
export function countryLabel(stored: string, locale: string): string {
	const code = countryCode(stored)
	return code ? countryName(code, locale) : stored
}
