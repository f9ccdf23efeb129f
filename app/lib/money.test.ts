import { describe, expect, it } from 'vitest'
import { formatEuro, parseEuroToCents } from './money.ts'

describe('money', () => {
	it('formats cents as euro with two decimals', () => {
		expect(formatEuro(2990)).toBe('29.90 €')
		expect(formatEuro(2990, 'ro')).toBe('29,90 €')
		expect(formatEuro(123456, 'es')).toBe('1234,56 €')
		expect(formatEuro(0)).toBe('0.00 €')
	})
	it('parses euro amounts exactly', () => {
		expect(parseEuroToCents('29.90')).toBe(2990)
		expect(parseEuroToCents('29,9')).toBe(2990)
		expect(parseEuroToCents('0.1')).toBe(10)
		expect(parseEuroToCents('1.005')).toBeNull()
		expect(parseEuroToCents('-1')).toBeNull()
		expect(parseEuroToCents('abc')).toBeNull()
	})
})
