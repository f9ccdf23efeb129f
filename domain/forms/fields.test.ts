import { describe, expect, it } from 'vitest'
import { parseOrderListFilters } from './admin-order-filters.ts'
import { searchText } from './fields.ts'

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
