import { describe, expect, it } from 'vitest'
import { csvAmount, csvCell, csvDocument, csvRow } from './orders-csv.ts'

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

	it('turns text that a spreadsheet would run as a formula into plain text', () => {
		expect(csvCell('=HYPERLINK("http://evil.test","click")')).toBe(`"'=HYPERLINK(""http://evil.test"",""click"")"`)
		expect(csvCell('+40 712 345 678')).toBe("'+40 712 345 678")
		expect(csvCell('-2+3')).toBe("'-2+3")
		expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
		expect(csvCell('\t=1')).toBe("'\t=1")
		expect(csvCell('\r=1')).toBe(`"'\r=1"`)
		// Only the start counts.
		expect(csvCell('a=b')).toBe('a=b')
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
	})
})
