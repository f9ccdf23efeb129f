/**
 * Shipping by destination (ADR 0041, 0240): the owner groups countries into zones in the admin, each
 * with rates by order value and/or weight and an optional subtotal from which it ships free (ADR 0241).
 * The rates live in the database; this module only chooses among them.
 */

/** One rate of a zone: it applies when the order's value and weight fall in its bands (lower bound included, upper excluded; null: no upper bound). */
export type ShippingRate = {
	minSubtotalCents: number
	maxSubtotalCents: number | null
	minWeightGrams: number
	maxWeightGrams: number | null
	priceCents: number
}

export type ShippingZoneRates = {
	name: string
	/** ISO codes; an empty list is "the rest of the world": every country no other zone names. */
	countries: readonly string[]
	/** Orders whose subtotal reaches this ship free to the zone; null = no threshold. */
	freeFromCents: number | null
	rates: readonly ShippingRate[]
}

export type ShippingConfig = {
	zones: readonly ShippingZoneRates[]
	/** ISO codes of the countries the shop ships to: the checkout offers these and accepts no other. */
	countries: readonly string[]
}

/** What a rate is chosen by: the subtotal as shown (before a sale bearing no VAT takes it off) and the weight in grams. */
export type ShippedOrder = { subtotalCents: number; weightGrams: number }

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

/** True for an EU member state's ISO code. */
export function isEuCountry(code: string): boolean {
	return (EU_COUNTRIES as readonly string[]).includes(code.toUpperCase())
}

/** Countries a name or code may be read as (older orders, saved forms); the shop ships to those it configures. */
export const KNOWN_COUNTRIES = [...EU_COUNTRIES, 'MD', 'GB', 'CH', 'NO', 'US', 'CA'] as const

/** Today's four flat rates (the SHIPPING_* settings a shop had before zones): what a new shop's zones start from. */
export type FlatRates = { ratesCents: { ro: number; es: number; eu: number; world: number }; freeFromCents: number | null }

/** A zone with one rate for every order. */
const flatZone = (name: string, countries: readonly string[], priceCents: number, freeFromCents: number | null): ShippingZoneRates => ({
	name,
	countries,
	freeFromCents,
	rates: [{ minSubtotalCents: 0, maxSubtotalCents: null, minWeightGrams: 0, maxWeightGrams: null, priceCents }],
})

/** The zones a new shop starts with: Romania, Spain, the rest of the EU and the rest of the world, each at its flat rate. */
export function defaultZones(flat: FlatRates): ShippingZoneRates[] {
	return [
		flatZone('România', ['RO'], flat.ratesCents.ro, flat.freeFromCents),
		flatZone('Spania', ['ES'], flat.ratesCents.es, flat.freeFromCents),
		flatZone(
			'Restul UE',
			EU_COUNTRIES.filter((code) => code !== 'RO' && code !== 'ES'),
			flat.ratesCents.eu,
			flat.freeFromCents,
		),
		flatZone('Restul lumii', [], flat.ratesCents.world, flat.freeFromCents),
	]
}

/** A configuration of four flat zones (tests, and a shop's defaults). */
export function flatShipping(flat: FlatRates & { countries: readonly string[] }): ShippingConfig {
	return { zones: defaultZones(flat), countries: flat.countries }
}

/** By default the shop ships where it sells without customs: Romania and the rest of the EU. */
export const FREE_SHIPPING: ShippingConfig = flatShipping({ ratesCents: { ro: 0, es: 0, eu: 0, world: 0 }, freeFromCents: null, countries: EU_COUNTRIES })

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

/** The zone a destination ships in: the one naming its country, else the rest-of-the-world zone (no countries); null when neither exists. */
export function shippingZoneFor<Zone extends Pick<ShippingZoneRates, 'countries'>>(zones: readonly Zone[], country: string): Zone | null {
	const code = countryCode(country)
	return (code ? zones.find((zone) => zone.countries.includes(code)) : undefined) ?? zones.find((zone) => zone.countries.length === 0) ?? null
}

const within = (value: number, min: number, max: number | null) => value >= min && (max === null || value < max)

/** Whether a rate applies to an order of this value and weight. */
export function rateApplies(rate: ShippingRate, order: ShippedOrder): boolean {
	return within(order.subtotalCents, rate.minSubtotalCents, rate.maxSubtotalCents) && within(order.weightGrams, rate.minWeightGrams, rate.maxWeightGrams)
}

/**
 * What shipping an order costs (ADR 0240): its destination's zone, free from the zone's threshold,
 * else the cheapest of the zone's rates whose bands hold the order (overlapping bands never charge
 * more than one of them asks). Null when no rate applies: the shop does not ship that order there.
 */
export function shippingCents(config: Pick<ShippingConfig, 'zones'>, country: string, order: ShippedOrder): number | null {
	const zone = shippingZoneFor(config.zones, country)
	if (!zone) return null
	const prices = zone.rates.filter((rate) => rateApplies(rate, order)).map((rate) => rate.priceCents)
	if (prices.length === 0) return null
	if (zone.freeFromCents !== null && order.subtotalCents >= zone.freeFromCents) return 0
	return Math.min(...prices)
}

/** An order's weight: the products' weights times their quantities; a line whose weight is unknown (a portrait, a product without one) counts nothing. */
export function orderWeightGrams(lines: readonly { weightGrams: number | null; quantity: number }[]): number {
	return lines.reduce((sum, line) => sum + (line.weightGrams ?? 0) * line.quantity, 0)
}

/**
 * A postal address whose last part names a country ("…, Cluj-Napoca, România") with that country
 * named in `locale` ("…, Cluj-Napoca, Rumanía"); any other address comes back as it is.
 */
export function addressInLanguage(address: string, locale: string): string {
	const at = address.lastIndexOf(',')
	const last = address.slice(at + 1).trim()
	// A two-letter last part is more likely a county or a state than a country.
	const code = last.length > 2 ? countryCode(last) : null
	if (!code) return address
	return at === -1 ? countryName(code, locale) : `${address.slice(0, at)}, ${countryName(code, locale)}`
}

/**
 * A stored country as its reader sees it (ADR 0102): orders store the ISO code; orders placed
 * before kept the Romanian name ('România'), which is read back to its code. Unknown text is shown as it is.
 */
export function countryLabel(stored: string, locale: string): string {
	const code = countryCode(stored)
	return code ? countryName(code, locale) : stored
}
