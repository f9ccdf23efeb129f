import { describe, expect, it } from 'vitest'
import {
	addressInLanguage,
	countryCode,
	defaultCountry,
	defaultZones,
	flatShipping,
	FREE_SHIPPING,
	isRegionCode,
	orderWeightGrams,
	shippingCents,
	shippingZoneFor,
	type ShippingRate,
	type ShippingZoneRates,
} from './shipping.ts'

describe('shipping', () => {
	it('recognises countries by code or by name in English, Romanian and Spanish', () => {
		expect(countryCode('România')).toBe('RO')
		expect(countryCode('romania')).toBe('RO')
		expect(countryCode('Rumanía')).toBe('RO')
		expect(countryCode('España')).toBe('ES')
		expect(countryCode('Germania')).toBe('DE')
		expect(countryCode('fr')).toBe('FR')
		expect(countryCode('Narnia')).toBeNull()
	})

	it('puts each destination in the zone naming it, else in the rest-of-the-world zone', () => {
		const zones = defaultZones({ ratesCents: { ro: 1, es: 2, eu: 3, world: 4 }, freeFromCents: null })
		expect(shippingZoneFor(zones, 'România')?.name).toBe('România')
		expect(shippingZoneFor(zones, 'Spain')?.name).toBe('Spania')
		expect(shippingZoneFor(zones, 'Italia')?.name).toBe('Restul UE')
		expect(shippingZoneFor(zones, 'United States')?.name).toBe('Restul lumii')
		expect(shippingZoneFor(zones, 'Narnia')?.name).toBe('Restul lumii')
		// Without a rest-of-the-world zone, a country no zone names has none.
		expect(shippingZoneFor(zones.slice(0, 3), 'US')).toBeNull()
	})

	it('is free by default, and free from the threshold when one is set', () => {
		expect(shippingCents(FREE_SHIPPING, 'Japan', { subtotalCents: 100, weightGrams: 0 })).toBe(0)
		const config = flatShipping({ ratesCents: { ro: 1500, es: 900, eu: 1200, world: 2500 }, freeFromCents: 10000, countries: ['RO', 'JP'] })
		expect(shippingCents(config, 'România', { subtotalCents: 9999, weightGrams: 0 })).toBe(1500)
		expect(shippingCents(config, 'România', { subtotalCents: 10000, weightGrams: 0 })).toBe(0)
		const never = flatShipping({ ratesCents: { ro: 1500, es: 900, eu: 1200, world: 2500 }, freeFromCents: null, countries: ['JP'] })
		expect(shippingCents(never, 'Japan', { subtotalCents: 1_000_000, weightGrams: 0 })).toBe(2500)
	})
})

describe('rates by order value and weight', () => {
	const band = (priceCents: number, bands: Partial<ShippingRate> = {}): ShippingRate => ({
		minSubtotalCents: 0,
		maxSubtotalCents: null,
		minWeightGrams: 0,
		maxWeightGrams: null,
		priceCents,
		...bands,
	})
	const zone = (rates: ShippingRate[], freeFromCents: number | null = null): ShippingZoneRates => ({ name: 'România', countries: ['RO'], freeFromCents, rates })
	const quote = (zones: ShippingZoneRates[], subtotalCents: number, weightGrams = 0) => shippingCents({ zones }, 'RO', { subtotalCents, weightGrams })

	it('picks the weight band the order falls in: the lower bound included, the upper one not', () => {
		const zones = [zone([band(590, { maxWeightGrams: 2000 }), band(990, { minWeightGrams: 2000, maxWeightGrams: 10_000 })])]
		expect(quote(zones, 5000, 0)).toBe(590)
		expect(quote(zones, 5000, 1999)).toBe(590)
		expect(quote(zones, 5000, 2000)).toBe(990)
		expect(quote(zones, 5000, 9999)).toBe(990)
		// Heavier than every band: the shop does not ship it there.
		expect(quote(zones, 5000, 10_000)).toBeNull()
	})

	it('picks the value band the order falls in', () => {
		const zones = [zone([band(1500, { maxSubtotalCents: 5000 }), band(500, { minSubtotalCents: 5000 })])]
		expect(quote(zones, 4999)).toBe(1500)
		expect(quote(zones, 5000)).toBe(500)
	})

	it('bands by value and weight together: both must hold', () => {
		const zones = [zone([band(700, { maxSubtotalCents: 10_000, maxWeightGrams: 1000 }), band(1200, { minWeightGrams: 1000 })])]
		expect(quote(zones, 3000, 500)).toBe(700)
		expect(quote(zones, 3000, 1500)).toBe(1200)
		// Over the value band's bound, light: no rate covers it.
		expect(quote(zones, 20_000, 500)).toBeNull()
	})

	it('charges the cheapest of overlapping rates', () => {
		expect(quote([zone([band(900), band(600, { minSubtotalCents: 2000 }), band(1200, { maxWeightGrams: 500 })])], 2500, 100)).toBe(600)
	})

	it("ships free from the zone's threshold, but only an order the zone has a rate for", () => {
		const zones = [zone([band(900, { maxWeightGrams: 5000 })], 10_000)]
		expect(quote(zones, 9999, 100)).toBe(900)
		expect(quote(zones, 10_000, 100)).toBe(0)
		expect(quote(zones, 50_000, 6000)).toBeNull()
	})

	it('a zone without rates ships nothing', () => {
		expect(quote([zone([])], 1000)).toBeNull()
	})

	it('weighs an order by its products; a line without a weight counts nothing', () => {
		expect(
			orderWeightGrams([
				{ weightGrams: 350, quantity: 2 },
				{ weightGrams: null, quantity: 5 },
				{ weightGrams: 1200, quantity: 1 },
			]),
		).toBe(1900)
	})

	it("a new shop's zones charge what the four flat settings did, with their shared threshold", () => {
		const config = flatShipping({ ratesCents: { ro: 1500, es: 900, eu: 1200, world: 2500 }, freeFromCents: 10000, countries: ['RO', 'ES', 'DE', 'US'] })
		const at = (country: string, subtotalCents: number) => shippingCents(config, country, { subtotalCents, weightGrams: 50_000 })
		expect([at('RO', 100), at('ES', 100), at('DE', 100), at('US', 100)]).toEqual([1500, 900, 1200, 2500])
		expect([at('RO', 10_000), at('US', 10_000)]).toEqual([0, 0])
		const eu = defaultZones({ ratesCents: { ro: 0, es: 0, eu: 0, world: 0 }, freeFromCents: null })[2]!
		expect(eu.countries).toHaveLength(25)
		expect(eu.countries).not.toContain('RO')
		expect(eu.countries).not.toContain('ES')
	})
})

describe('countries the shop ships to', () => {
	it('knows real ISO codes from groupings, reserved codes and made-up names', () => {
		for (const code of ['RO', 'ES', 'DE', 'MD', 'XK']) expect(isRegionCode(code), code).toBe(true)
		for (const code of ['EU', 'UK', 'ZZ', 'XX', 'QQ', 'ro', 'ROU', 'Narnia']) expect(isRegionCode(code), code).toBe(false)
	})

	it('starts the form on the visitor’s country when shipped to, else the page language’s, else Romania', () => {
		const eu = FREE_SHIPPING.countries
		expect(defaultCountry(eu, { country: 'it', locale: 'en' })).toBe('IT')
		expect(defaultCountry(eu, { country: 'US', locale: 'es' })).toBe('ES')
		expect(defaultCountry(eu, { country: null, locale: 'ro' })).toBe('RO')
		expect(defaultCountry(eu, { locale: 'en' })).toBe('RO')
		expect(defaultCountry(['ES', 'PT'], { locale: 'ro' })).toBe('ES')
	})

	it('ships to the EU by default, not to the UK or the US', () => {
		expect(FREE_SHIPPING.countries).toContain('ES')
		expect(FREE_SHIPPING.countries).toContain('RO')
		expect(FREE_SHIPPING.countries).not.toContain('GB')
		expect(FREE_SHIPPING.countries).not.toContain('US')
	})
})

describe('addressInLanguage', () => {
	it("names the address's country in the reader's language", () => {
		expect(addressInLanguage('România', 'es')).toBe('Rumanía')
		expect(addressInLanguage('România', 'en')).toBe('Romania')
		expect(addressInLanguage('Str. Atelierului 1, Cluj-Napoca, România', 'es')).toBe('Str. Atelierului 1, Cluj-Napoca, Rumanía')
		expect(addressInLanguage('Str. Atelierului 1, Cluj-Napoca, România', 'ro')).toBe('Str. Atelierului 1, Cluj-Napoca, România')
	})

	it('leaves an address without a country name as it is', () => {
		expect(addressInLanguage('Str. Atelierului 1, Cluj-Napoca', 'es')).toBe('Str. Atelierului 1, Cluj-Napoca')
		expect(addressInLanguage('Str. Atelierului 1, CJ', 'en')).toBe('Str. Atelierului 1, CJ')
	})
})
