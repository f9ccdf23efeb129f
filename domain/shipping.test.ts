import { describe, expect, it } from 'vitest'
import { countryCode, FREE_SHIPPING, shippingCents, shippingZone } from './shipping.ts'

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
		const config = { ratesCents: { ro: 1500, es: 900, eu: 1200, world: 2500 }, freeFromCents: 10000 }
		expect(shippingCents(config, 'România', 9999)).toBe(1500)
		expect(shippingCents(config, 'România', 10000)).toBe(0)
		expect(shippingCents({ ...config, freeFromCents: null }, 'Japan', 1_000_000)).toBe(2500)
	})
})
