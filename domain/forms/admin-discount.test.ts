import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { discountColumns, discountFormSchema, discountFormValues, emptyDiscountForm } from './admin-discount.ts'

describe('admin discount code form', () => {
	it('reads a fixed amount the one locale-aware way and stores the code upper-case', () => {
		const parsed = z.parse(discountFormSchema, { ...emptyDiscountForm, code: ' spring-10 ', kind: 'fixed', amount: '27,50', minSubtotal: '1.234,50' })
		expect(parsed).toMatchObject({ code: 'SPRING-10', amount: 2750, minSubtotal: 123450 })
		const columns = discountColumns(parsed)
		expect(columns).toMatchObject({ code: 'SPRING-10', kind: 'fixed', value: 2750, minSubtotalCents: 123450 })
		// And back into the form as the admin typed it.
		expect(discountFormValues({ ...columns, categoryIds: [], productIds: [] })).toMatchObject({ amount: '27,50', minSubtotal: '1234,50' })
	})

	it('refuses what is missing or out of range with a Romanian message on its field', () => {
		const problems = (values: object) =>
			z.safeParse(discountFormSchema, { ...emptyDiscountForm, code: 'X', ...values }).error?.issues.map((i) => [i.path.join('.'), i.message])
		expect(problems({ code: '' })?.[0]).toEqual(['code', 'Codul este obligatoriu'])
		expect(problems({ code: 'a b' })?.[0]?.[0]).toBe('code')
		expect(problems({ kind: 'percent', percent: '' })).toEqual([['percent', 'Procentul este obligatoriu']])
		expect(problems({ kind: 'percent', percent: '150' })?.[0]?.[0]).toBe('percent')
		expect(problems({ kind: 'fixed', amount: '' })).toEqual([['amount', 'Suma este obligatorie']])
		expect(problems({ kind: 'free_shipping', scope: 'products' })).toEqual([['productIds', 'Alege cel puțin un produs']])
		expect(problems({ kind: 'free_shipping', startsOn: '2026-12-10', endsOn: '2026-12-01' })?.[0]?.[0]).toBe('endsOn')
	})

	it('reads a form posted without the fields its kind hides', () => {
		expect(z.parse(discountFormSchema, { code: 'x', kind: 'percent', percent: '10', scope: 'all', isActive: 'on' })).toMatchObject({
			code: 'X',
			percent: 10,
			amount: null,
			minSubtotal: null,
			categoryIds: [],
			startsOn: null,
			maxUses: null,
		})
	})

	it("keeps a code valid from midnight of its first day to the end of its last, in Romania's time, as a sale", () => {
		const parsed = z.parse(discountFormSchema, { ...emptyDiscountForm, code: 'X', kind: 'free_shipping', startsOn: '2026-12-01', endsOn: '2026-12-24' })
		const columns = discountColumns(parsed)
		expect(columns.startsAt?.toISOString()).toBe('2026-11-30T22:00:00.000Z')
		expect(columns.endsAt?.toISOString()).toBe('2026-12-24T22:00:00.000Z')
		expect(discountFormValues({ ...columns, categoryIds: [], productIds: [] })).toMatchObject({ startsOn: '2026-12-01', endsOn: '2026-12-24' })
	})
})
