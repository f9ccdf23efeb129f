import { describe, expect, it } from 'vitest'
import { isValidRomanianCui, normaliseEuVatNumber, normaliseIban, normaliseRomanianTaxId, vatNumberCountry } from './tax-ids.ts'

describe('Romanian CUI', () => {
	it('checks the control digit', () => {
		expect(isValidRomanianCui('18547290')).toBe(true)
		expect(isValidRomanianCui('18547291')).toBe(false)
		expect(isValidRomanianCui('0123')).toBe(false)
		expect(normaliseRomanianTaxId('RO 18547290')).toBe('RO18547290')
		expect(normaliseRomanianTaxId('18547290')).toBe('18547290')
		expect(normaliseRomanianTaxId('RO18547299')).toBeNull()
	})
})

describe('EU VAT numbers', () => {
	it('accepts the form of each country, compacted', () => {
		expect(normaliseEuVatNumber('ES B12345678')).toBe('ESB12345678')
		expect(normaliseEuVatNumber('de 123.456.789')).toBe('DE123456789')
		expect(normaliseEuVatNumber('EL123456789')).toBe('EL123456789')
		expect(normaliseEuVatNumber('NL123456789B01')).toBe('NL123456789B01')
		expect(normaliseEuVatNumber('RO18547290')).toBe('RO18547290')
	})
	it('refuses other forms, unknown prefixes and Romanian numbers that fail the checksum', () => {
		expect(normaliseEuVatNumber('ES123')).toBeNull()
		expect(normaliseEuVatNumber('US123456789')).toBeNull()
		expect(normaliseEuVatNumber('18547290')).toBeNull()
		expect(normaliseEuVatNumber('RO18547291')).toBeNull()
	})
	it('names the country of the prefix', () => {
		expect(vatNumberCountry('EL123456789')).toBe('GR')
		expect(vatNumberCountry('ESB12345678')).toBe('ES')
	})
})

describe('IBAN', () => {
	it('checks the mod-97 checksum', () => {
		expect(normaliseIban('RO49 AAAA 1B31 0075 9384 0000')).toBe('RO49AAAA1B31007593840000')
		expect(normaliseIban('RO49AAAA1B31007593840001')).toBeNull()
		expect(normaliseIban('nope')).toBeNull()
	})
})
