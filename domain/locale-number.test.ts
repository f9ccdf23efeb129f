import { describe, expect, it } from 'vitest'
import { formatAmount } from './money.ts'
import { MONEY, WHOLE, formatWholeNumber, numberProblemMessage, parseLocaleNumber, parseMoneyCents, type NumberProblem } from './locale-number.ts'

const cents = (text: string) => parseLocaleNumber(text, MONEY)
const refusal = (text: string, format = MONEY) => {
	const reading = parseLocaleNumber(text, format)
	return reading.ok ? `read as ${reading.value}` : reading.problem
}

describe('parseLocaleNumber, money in cents', () => {
	it.each([
		// What a Romanian or Spanish user types
		['27,50', 2750],
		['27,5', 2750],
		['0,99', 99],
		[',50', 50],
		['1.234,50', 123_450],
		['1.234.567,89', 123_456_789],
		['1 234,50', 123_450],
		['1\u00a0234,50', 123_450],
		['1\u202f234,50', 123_450],
		['1\u2009234,50', 123_450],
		['12 345 678,9', 1_234_567_890],
		['1.234.567', 123_456_700],
		// What an English user types
		['27.50', 2750],
		['27.5', 2750],
		['1,234.50', 123_450],
		['1,234,567.89', 123_456_789],
		['1,234,567', 123_456_700],
		['1 234.50', 123_450],
		// Whole amounts and what surrounds them
		['27', 2700],
		['0', 0],
		['  27,50  ', 2750],
		['0027,50', 2750],
		['999999', 99_999_900],
		['1234,5', 123_450],
		['0,10', 10],
	])('reads %j as %i cents', (text, expected) => {
		expect(cents(text)).toEqual({ ok: true, value: expected })
		expect(parseMoneyCents(text)).toBe(expected)
	})

	it('reads back every amount the shop writes, in each of its languages', () => {
		for (const amount of [0, 5, 99, 2750, 123_450, 1_234_567, 99_999_900]) {
			for (const locale of ['ro', 'en', 'es']) expect(cents(formatAmount(amount, locale))).toEqual({ ok: true, value: amount })
			expect(cents(new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2 }).format(amount / 100))).toEqual({ ok: true, value: amount })
			expect(cents(new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2 }).format(amount / 100))).toEqual({ ok: true, value: amount })
		}
	})

	it.each<[string, NumberProblem]>([
		['', 'empty'],
		['   ', 'empty'],
		['27.5.0', 'malformed'],
		['1,2,3', 'malformed'],
		['12,34,56', 'malformed'],
		['1.23.456', 'malformed'],
		['abc', 'malformed'],
		['27,50 lei', 'malformed'],
		['€27', 'malformed'],
		['1e3', 'malformed'],
		['0x10', 'malformed'],
		['Infinity', 'malformed'],
		['NaN', 'malformed'],
		['27,', 'malformed'],
		['.', 'malformed'],
		['1.234,5.0', 'malformed'],
		['1,234.5,0', 'malformed'],
		['1.234,56,7', 'malformed'],
		['12 34', 'malformed'],
		['1 234.567.890', 'malformed'],
		['1 ,50', 'malformed'],
		['+27', 'malformed'],
		['27-', 'malformed'],
		['２７', 'malformed'],
		['1.234', 'ambiguous'],
		['1,234', 'ambiguous'],
		['12.500', 'ambiguous'],
		['999,999', 'ambiguous'],
		['27,505', 'ambiguous'],
		['27,5000', 'tooManyDecimals'],
		['0,125', 'tooManyDecimals'],
		['1234,567', 'tooManyDecimals'],
		['1 234,567', 'tooManyDecimals'],
		['1.234,567', 'tooManyDecimals'],
		['-1', 'negative'],
		['−27,50', 'negative'],
		['1234567890123', 'tooLarge'],
		['1.234.567.890.123,00', 'tooLarge'],
	])('refuses %j: %s', (text, problem) => {
		expect(refusal(text)).toBe(problem)
		expect(parseMoneyCents(text)).toBeNull()
	})

	it('never scales an amount: a result is either the typed amount or a refusal', () => {
		// The owner's report: "27,50" came out as 2750 € in one reader and 27.50 € in the other.
		expect(cents('27,50')).toEqual(cents('27.50'))
		expect(cents('27,50')).toEqual({ ok: true, value: 2750 })
	})

	it('keeps cents exact where floating point would not', () => {
		expect(cents('0,29')).toEqual({ ok: true, value: 29 })
		expect(cents('1,005')).toEqual({ ok: false, problem: 'ambiguous' })
		expect(cents('4,35')).toEqual({ ok: true, value: 435 })
		expect(cents('999.999.999.999,99')).toEqual({ ok: true, value: 99_999_999_999_999 })
		expect(Number.isSafeInteger(99_999_999_999_999)).toBe(true)
	})
})

describe('parseLocaleNumber, whole numbers', () => {
	it.each([
		['12', 12],
		['0', 0],
		['1 234', 1234],
		['1.234.567', 1_234_567],
		['1,234,567', 1_234_567],
	])('reads %j as %i', (text, expected) => {
		expect(parseLocaleNumber(text, WHOLE)).toEqual({ ok: true, value: expected })
	})

	it.each<[string, NumberProblem]>([
		['2,5', 'tooManyDecimals'],
		['2.5', 'tooManyDecimals'],
		['1.234', 'ambiguous'],
		['-3', 'negative'],
		['3 buc', 'malformed'],
	])('refuses %j: %s', (text, problem) => {
		expect(refusal(text, WHOLE)).toBe(problem)
	})

	it('reads a sign only where one is allowed', () => {
		expect(parseLocaleNumber('-5', { decimals: 0, signed: true })).toEqual({ ok: true, value: -5 })
		expect(parseLocaleNumber('+1 000', { decimals: 0, signed: true })).toEqual({ ok: true, value: 1000 })
		expect(parseLocaleNumber('- 5', { decimals: 0, signed: true })).toEqual({ ok: true, value: -5 })
		expect(parseLocaleNumber('--5', { decimals: 0, signed: true })).toEqual({ ok: false, problem: 'malformed' })
		expect(parseLocaleNumber('+5', WHOLE)).toEqual({ ok: false, problem: 'malformed' })
	})
})

describe('numberProblemMessage', () => {
	it('says what was wrong in the form language, quoting what was typed', () => {
		expect(numberProblemMessage('malformed', '27.5.0', MONEY, 'ro')).toBe('„27.5.0” nu este un număr; scrie, de exemplu, 27,50 sau 1.234,50')
		expect(numberProblemMessage('malformed', '27.5.0', MONEY, 'es')).toBe('«27.5.0» no es un número; escribe, por ejemplo, 27,50 o 1.234,50')
		expect(numberProblemMessage('malformed', '27.5.0', MONEY, 'en')).toBe('"27.5.0" is not a number; enter, for example, 27.50 or 1,234.50')
		expect(numberProblemMessage('ambiguous', '1.234', MONEY, 'ro')).toBe('„1.234” se poate citi în două feluri; scrie 1234 sau 1234,00')
		expect(numberProblemMessage('ambiguous', '1,234', WHOLE, 'en')).toBe('"1,234" can be read two ways; enter 1234')
		expect(numberProblemMessage('tooManyDecimals', '27,505', MONEY, 'ro')).toBe('„27,505” are prea multe zecimale (cel mult 2)')
		expect(numberProblemMessage('tooManyDecimals', '2,5', WHOLE, 'ro')).toBe('„2,5” nu este un număr întreg; scrie, de exemplu, 12 sau 1234')
	})

	it('has a message for every problem in every language', () => {
		for (const locale of ['ro', 'en', 'es'] as const) {
			for (const problem of ['empty', 'malformed', 'ambiguous', 'tooManyDecimals', 'negative', 'tooLarge'] as const) {
				expect(numberProblemMessage(problem, 'x', MONEY, locale)).toMatch(/\S/)
			}
		}
	})
})

describe('formatWholeNumber', () => {
	it('groups a count as each language writes it, four digits included', () => {
		expect(formatWholeNumber(20000, 'ro')).toBe('20.000')
		expect(formatWholeNumber(16000, 'es')).toBe('16.000')
		expect(formatWholeNumber(1500, 'es')).toBe('1.500')
		expect(formatWholeNumber(20000, 'en')).toBe('20,000')
		expect(formatWholeNumber(7, 'ro')).toBe('7')
	})
})
