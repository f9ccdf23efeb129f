import { describe, expect, it } from 'vitest'
import { countryCode, defaultCountry, FREE_SHIPPING, isRegionCode, shippingCents, shippingZone } from './shipping.ts'

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

	it('puts each destination in its zone', () => {
		expect(shippingZone('România')).toBe('ro')
		expect(shippingZone('Spain')).toBe('es')
		expect(shippingZone('Italia')).toBe('eu')
		expect(shippingZone('United States')).toBe('world')
		expect(shippingZone('Narnia')).toBe('world')
	})

	it('is free by default, and free from the threshold when one is set', () => {
		expect(shippingCents(FREE_SHIPPING, 'Japan', 100)).toBe(0)
		const config = { ratesCents: { ro: 1500, es: 900, eu: 1200, world: 2500 }, freeFromCents: 10000, countries: ['RO', 'JP'] }
		expect(shippingCents(config, 'România', 9999)).toBe(1500)
		expect(shippingCents(config, 'România', 10000)).toBe(0)
		expect(shippingCents({ ...config, freeFromCents: null }, 'Japan', 1_000_000)).toBe(2500)
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
