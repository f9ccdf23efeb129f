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
	/** ISO codes of the countries the shop ships to: the checkout offers these and accepts no other. */
	countries: readonly string[]
}

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

/** Countries a name or code may be read as (older orders, saved forms); the shop ships to those it configures. */
export const KNOWN_COUNTRIES = [...EU_COUNTRIES, 'MD', 'GB', 'CH', 'NO', 'US', 'CA'] as const

/** By default the shop ships where it sells without customs: Romania and the rest of the EU. */
export const FREE_SHIPPING: ShippingConfig = { ratesCents: { ro: 0, es: 0, eu: 0, world: 0 }, freeFromCents: null, countries: EU_COUNTRIES }

/**
 * The country a checkout form starts on: the one the visitor's connection is from when the shop ships
 * there, else the one of the page's language (a Spanish page starts on Spain), else the first configured.
 */
export function defaultCountry(countries: readonly string[], visitor: { country?: string | null; locale: string }): string {
	const fromConnection = visitor.country?.toUpperCase()
	if (fromConnection && countries.includes(fromConnection)) return fromConnection
	const fromLanguage = visitor.locale === 'es' ? 'ES' : visitor.locale === 'ro' ? 'RO' : null
	if (fromLanguage && countries.includes(fromLanguage)) return fromLanguage
	return countries.includes('RO') ? 'RO' : (countries[0] ?? 'RO')
}

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

/** True for an ISO 3166-1 alpha-2 code that names a region (RO, ES), false for ZZ or 'Narnia'. */
export function isRegionCode(code: string): boolean {
	// Codes Intl names that are groupings or reserved, not countries an address can be in.
	if (!/^[A-Z]{2}$/.test(code) || ['EU', 'EZ', 'UN', 'UK', 'ZZ'].includes(code)) return false
	const name = countryName(code, 'en')
	return name !== code && !/unknown/i.test(name)
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
		for (const code of KNOWN_COUNTRIES) {
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
