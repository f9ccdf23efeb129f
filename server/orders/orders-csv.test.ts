import { describe, expect, it } from 'vitest'
import { csvAmount, csvCell, csvDocument, csvRow } from './orders-csv.ts'

/** What a spreadsheet reads from a string-literal cell: the field unquoted (RFC 4180), then the formula's literals joined. */
function shownText(field: string): string {
	const formula = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field
	expect(formula.startsWith('=')).toBe(true)
	const literals = formula.slice(1).match(/"(?:[^"]|"")*"/g) ?? []
	// Nothing but literals and the & that joins them: no name, no call, no reference.
	expect(literals.join('&')).toBe(formula.slice(1))
	return literals.map((literal) => literal.slice(1, -1).replace(/""/g, '"')).join('')
}

describe('csv', () => {
	it('leaves plain text and numbers alone', () => {
		expect(csvCell('Ana Popescu')).toBe('Ana Popescu')
		expect(csvCell(12.5)).toBe('12.5')
		expect(csvCell(-3)).toBe('-3')
		expect(csvCell(null)).toBe('')
		expect(csvCell(undefined)).toBe('')
	})

	it('quotes fields with semicolons, quotes and line breaks, doubling the quotes; commas need no quotes', () => {
		expect(csvCell('Str. Lalelelor 3, ap. 2')).toBe('Str. Lalelelor 3, ap. 2')
		expect(csvCell('1 × Lumânare; 2 × Portret')).toBe('"1 × Lumânare; 2 × Portret"')
		expect(csvCell('spune "da"')).toBe('"spune ""da"""')
		expect(csvCell('rândul 1\nrândul 2')).toBe('"rândul 1\nrândul 2"')
		expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
	})

	it('writes text a spreadsheet would run as a formula as a string literal: shown as typed, without an apostrophe, never run', () => {
		expect(csvCell('+40 712 345 678')).toBe('"=""+40 712 345 678"""')
		expect(csvCell('@SUM(A1)')).toBe('"=""@SUM(A1)"""')
		for (const text of ['=HYPERLINK("http://evil.test","click")', "=cmd|' /C calc'!A0", '-2+3', '@x"y', '-"&A1&"', '\t=1', '\r=1', '+40712345678']) {
			expect(shownText(csvCell(text))).toBe(text)
			expect(csvCell(text)).not.toContain("'=")
		}
		// Only the start counts.
		expect(csvCell('a=b')).toBe('a=b')
	})

	it('keeps digits a spreadsheet would change as text (a leading zero, a long identifier); other figures stay numbers', () => {
		expect(csvCell('010011')).toBe('"=""010011"""')
		expect(shownText(csvCell('0721234567'))).toBe('0721234567')
		expect(shownText(csvCell('1234567890123456'))).toBe('1234567890123456')
		expect(csvCell('400001')).toBe('400001')
		expect(csvCell('0,50')).toBe('0,50')
		expect(csvCell('0721 234 567')).toBe('0721 234 567')
	})

	it('joins long text from literals a spreadsheet accepts, and keeps an apostrophe beyond what a formula may hold', () => {
		const long = `=${'a'.repeat(600)}`
		expect(shownText(csvCell(long))).toBe(long)
		expect(csvCell(long).split('""&""')).toHaveLength(3)
		const huge = `=${'b'.repeat(9000)}`
		expect(csvCell(huge)).toBe(`'${huge}`)
	})

	it('joins rows with semicolons and a document with CRLF, behind a UTF-8 BOM', () => {
		expect(csvRow(['a', 'b;c', 'd,e', null])).toBe('a;"b;c";d,e;')
		expect(csvDocument(['Număr', 'Email'], [['1a2b3c4d', 'ana@example.com']])).toBe('\uFEFFNumăr;Email\r\n1a2b3c4d;ana@example.com\r\n')
	})

	it('writes amounts with a decimal comma', () => {
		expect(csvAmount(9000)).toBe('90,00')
		expect(csvAmount(123456)).toBe('1234,56')
		expect(csvAmount(5)).toBe('0,05')
		expect(csvAmount(0)).toBe('0,00')
		// A credit note's negative amount stays a number; a formula that starts with a minus does not.
		expect(csvCell(csvAmount(-1050))).toBe('-10,50')
		expect(shownText(csvCell('-10,50;x'))).toBe('-10,50;x')
	})
})
