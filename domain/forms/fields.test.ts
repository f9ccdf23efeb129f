import { describe, expect, it } from 'vitest'
import { parseOrderListFilters } from './admin-order-filters.ts'
import { lookupEmail, searchText } from './fields.ts'

describe('searchText', () => {
	it('drops control characters (a NUL would make PostgreSQL refuse the query), trims and caps', () => {
		expect(searchText('  Ana\u0000 Pop\u0007escu\r\n ')).toBe('Ana Popescu')
		expect(searchText(null)).toBe('')
		expect(searchText('x'.repeat(300))).toHaveLength(100)
		expect(searchText('Lumânare 🕯️ %_')).toBe('Lumânare 🕯️ %_')
	})

	it('is what the order list filters use', () => {
		expect(parseOrderListFilters(new URLSearchParams({ q: '\u0000\u0000abc\u0000' })).q).toBe('abc')
	})
})

describe('lookupEmail', () => {
	it('trims and lower-cases an address, and refuses control characters, too short and too long', () => {
		expect(lookupEmail().parse('  Ana@Example.RO ')).toBe('ana@example.ro')
		for (const bad of ['\u0000\u0000\u0000', 'ana\u0000@example.ro', 'a@', 'x'.repeat(321), null]) {
			expect(lookupEmail().safeParse(bad).success, JSON.stringify(bad)).toBe(false)
		}
	})

	it('is what the order list filters and the customer export use', () => {
		expect(parseOrderListFilters(new URLSearchParams({ email: '%00\u0000ab' })).email).toBeUndefined()
		expect(parseOrderListFilters(new URLSearchParams({ email: 'Ana@Example.ro' })).email).toBe('ana@example.ro')
	})
})
