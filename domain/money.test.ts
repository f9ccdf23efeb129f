import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount, formatEuro, formatEuroDifference } from './money.ts'

describe('money', () => {
	it('formats cents as euro with two decimals', () => {
		expect(formatEuro(2990)).toBe('29.90 €')
		expect(formatEuro(2990, 'ro')).toBe('29,90 €')
		expect(formatEuro(123456, 'es')).toBe('1234,56 €')
		expect(formatEuro(0)).toBe('0.00 €')
	})
	it('writes amounts exactly as Intl.NumberFormat does in each shop language', () => {
		const intl = (locale: string) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
		const formats = { en: intl('en-IE'), ro: intl('ro'), es: intl('es') }
		const cents = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1e12, max: 1e12 }))
		fc.assert(
			fc.property(cents, fc.constantFrom('en', 'ro', 'es') as fc.Arbitrary<keyof typeof formats>, (value, locale) => {
				expect(formatAmount(value, locale)).toBe(formats[locale].format(value / 100))
			}),
			{ numRuns: 2000 },
		)
		for (const value of [0, 5, 99, 999, 1000, 9999, 99999, 100000, 999999, 1000000, 123456789, -1, -100000])
			for (const locale of ['en', 'ro', 'es'] as const) expect(formatAmount(value, locale)).toBe(formats[locale].format(value / 100))
		// Other locales (and amounts that are not whole cents) still go through Intl.
		expect(formatAmount(123456, 'de')).toBe('1.234,56')
		expect(formatAmount(12.5, 'en')).toBe('0.13')
	})
})

describe('formatEuroDifference', () => {
	it('signs a difference with a true minus, whole euros bare and cents in the locale', () => {
		expect(formatEuroDifference(500, 'en')).toBe('+5 €')
		expect(formatEuroDifference(-1000, 'ro')).toBe('\u221210 €')
		expect(formatEuroDifference(250, 'ro')).toBe('+2,50 €')
		expect(formatEuroDifference(-1250, 'en')).toBe('\u221212.50 €')
		expect(formatEuroDifference(0, 'es')).toBe('')
	})
})
