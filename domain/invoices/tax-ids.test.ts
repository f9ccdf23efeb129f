import { describe, expect, it } from 'vitest'
import { isValidRomanianCui, normaliseCnp, normaliseEuVatNumber, normaliseIban, normaliseRomanianTaxId, parseBuyerTaxId, vatNumberCountry } from './tax-ids.ts'

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

describe('CNP', () => {
	it('checks the control digit against 279146358279, and that the month and day are a date', () => {
		expect(normaliseCnp('1900515123458')).toBe('1900515123458')
		expect(normaliseCnp(' 2900312 040010 ')).toBe('2900312040010')
		// A remainder of 10 counts as 1.
		expect(normaliseCnp('5021203460004')).toBe('5021203460004')
		expect(normaliseCnp('1900515123457')).toBeNull()
		expect(normaliseCnp('0900515123458')).toBeNull()
		expect(normaliseCnp('1901315123458')).toBeNull()
		expect(normaliseCnp('190051512345')).toBeNull()
		expect(normaliseCnp('0000000000000')).toBeNull()
	})
})

describe("a company's number as a buyer types it", () => {
	it('is a VAT number with its prefix, or the bare CUI of a Romanian company not registered for VAT', () => {
		expect(parseBuyerTaxId('ro 18547290')).toEqual({ kind: 'vatNumber', value: 'RO18547290' })
		expect(parseBuyerTaxId('DE 123 456 789')).toEqual({ kind: 'vatNumber', value: 'DE123456789' })
		expect(parseBuyerTaxId('18547290')).toEqual({ kind: 'cui', value: '18547290' })
		expect(parseBuyerTaxId('18547291')).toBeNull()
		expect(parseBuyerTaxId('RO18547291')).toBeNull()
		expect(parseBuyerTaxId('US123456789')).toBeNull()
	})
})

describe('IBAN', () => {
	it('checks the mod-97 checksum', () => {
		expect(normaliseIban('RO49 AAAA 1B31 0075 9384 0000')).toBe('RO49AAAA1B31007593840000')
		expect(normaliseIban('RO49AAAA1B31007593840001')).toBeNull()
		expect(normaliseIban('nope')).toBeNull()
	})
})
