import { describe, expect, it } from 'vitest'
import { isIsoDay, orderListSearch, parseOrderListFilters } from './admin-order-filters.ts'

const parse = (query: string) => parseOrderListFilters(new URLSearchParams(query))

describe('order list filters', () => {
	it('reads days that exist, in the range the database holds', () => {
		expect(isIsoDay('2026-02-28')).toBe(true)
		expect(isIsoDay('2028-02-29')).toBe(true)
		expect(isIsoDay('2026-02-29')).toBe(false)
		expect(isIsoDay('2026-13-01')).toBe(false)
		expect(isIsoDay('0000-01-01')).toBe(false)
		expect(isIsoDay('99999-01-01')).toBe(false)
		expect(isIsoDay('1.2.2026')).toBe(false)
	})

	it('keeps from, to and the customer email; ignores bad days; swaps days given the wrong way round', () => {
		expect(parse('from=2026-03-01&to=2026-03-31&email=Ana@Example.com')).toMatchObject({ from: '2026-03-01', to: '2026-03-31', email: 'ana@example.com' })
		expect(parse('from=2026-02-31&to=ieri')).toMatchObject({ from: undefined, to: undefined })
		expect(parse('from=2026-03-31&to=2026-03-01')).toMatchObject({ from: '2026-03-01', to: '2026-03-31' })
	})

	it('writes the filters back into the query string the list and the CSV link share', () => {
		const filters = parse('q=Sibiu&from=2026-03-01&to=2026-03-31&email=ana@example.com&page=3')
		expect(orderListSearch(filters)).toBe('?q=Sibiu&from=2026-03-01&to=2026-03-31&email=ana%40example.com&page=3')
		expect(orderListSearch(filters, { page: 1 })).toBe('?q=Sibiu&from=2026-03-01&to=2026-03-31&email=ana%40example.com')
		expect(parse(orderListSearch(filters).slice(1))).toEqual(filters)
	})

	it('ignores an email filter with control characters (a NUL is no address, and PostgreSQL refuses it)', () => {
		expect(parseOrderListFilters(new URLSearchParams('email=%00%00%00')).email).toBeUndefined()
		expect(parseOrderListFilters(new URLSearchParams('email=ana%40x.ro')).email).toBe('ana@x.ro')
	})
})
