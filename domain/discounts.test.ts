import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocate, checkDiscount, discountAmount, lineEligible, normaliseCode, type DiscountLine, type DiscountRule } from './discounts.ts'
import { discountedVat } from './invoices/vat.ts'

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
	code: 'SPRING10',
	kind: 'percent',
	value: 10,
	minSubtotalCents: null,
	scope: 'all',
	categoryIds: [],
	productIds: [],
	isActive: true,
	startsAt: null,
	endsAt: null,
	maxUses: null,
	maxUsesPerCustomer: null,
	uses: 0,
	...over,
})
const candle: DiscountLine = { productId: 'p1', categoryId: 'candles', lineCents: 3000 }
const portrait: DiscountLine = { productId: null, categoryId: null, lineCents: 2990 }
const now = new Date('2026-11-28T12:00:00Z')
const order = (over: Partial<Parameters<typeof checkDiscount>[1]> = {}) => ({ lines: [candle], subtotalCents: 3000, customerUses: 0, now, ...over })

describe('discount codes', () => {
	it('reads codes case-insensitively, without stray spaces', () => {
		expect(normaliseCode('  spring10 ')).toBe('SPRING10')
	})

	it('refuses a code that is unknown, inactive, not started, expired, used up or used by the customer', () => {
		expect(checkDiscount(null, order())).toEqual({ ok: false, problem: { code: 'unknown' } })
		expect(checkDiscount(rule({ isActive: false }), order())).toEqual({ ok: false, problem: { code: 'unknown' } })
		expect(checkDiscount(rule({ startsAt: new Date('2026-12-01') }), order())).toMatchObject({ problem: { code: 'notStarted' } })
		expect(checkDiscount(rule({ endsAt: now }), order())).toMatchObject({ problem: { code: 'expired' } })
		expect(checkDiscount(rule({ endsAt: new Date(now.getTime() + 1) }), order())).toEqual({ ok: true })
		expect(checkDiscount(rule({ maxUses: 10, uses: 10 }), order())).toMatchObject({ problem: { code: 'usedUp' } })
		expect(checkDiscount(rule({ maxUses: 10, uses: 9 }), order())).toEqual({ ok: true })
		expect(checkDiscount(rule({ maxUsesPerCustomer: 1 }), order({ customerUses: 1 }))).toMatchObject({ problem: { code: 'usedByCustomer' } })
	})

	it('wants the minimum subtotal and a line the code is for', () => {
		expect(checkDiscount(rule({ minSubtotalCents: 5000 }), order())).toEqual({ ok: false, problem: { code: 'belowMinimum', minSubtotalCents: 5000 } })
		expect(checkDiscount(rule({ minSubtotalCents: 3000 }), order())).toEqual({ ok: true })
		expect(checkDiscount(rule({ scope: 'products', productIds: ['p2'] }), order())).toMatchObject({ problem: { code: 'notApplicable' } })
		expect(checkDiscount(rule({ scope: 'categories', categoryIds: ['candles'] }), order())).toEqual({ ok: true })
		expect(checkDiscount(rule({ scope: 'categories', categoryIds: ['candles'] }), order({ lines: [portrait] }))).toMatchObject({
			problem: { code: 'notApplicable' },
		})
		// Free shipping is for the whole order, whatever its lines.
		expect(checkDiscount(rule({ kind: 'free_shipping', value: 0, scope: 'products', productIds: ['p2'] }), order())).toEqual({ ok: true })
	})

	it('takes a percentage of the eligible lines, rounded half up, and a fixed amount up to what they cost', () => {
		const all = [candle, portrait]
		const lines = all.map((line) => ({ ...line, eligible: true }))
		expect(discountAmount(rule(), lines, 500)).toEqual({ goodsCents: 599, shippingCents: 0 })
		expect(discountAmount(rule({ value: 15 }), [{ lineCents: 1010, eligible: true }], 0)).toEqual({ goodsCents: 152, shippingCents: 0 })
		const onCandles = rule({ scope: 'products', productIds: ['p1'] })
		const eligible = all.map((line) => ({ ...line, eligible: lineEligible(onCandles, line) }))
		expect(discountAmount(onCandles, eligible, 500)).toEqual({ goodsCents: 300, shippingCents: 0 })
		expect(discountAmount(rule({ kind: 'fixed', value: 1000 }), lines, 500)).toEqual({ goodsCents: 1000, shippingCents: 0 })
		expect(discountAmount(rule({ kind: 'fixed', value: 99_999 }), lines, 500)).toEqual({ goodsCents: 5990, shippingCents: 0 })
		expect(discountAmount(rule({ value: 100 }), lines, 500)).toEqual({ goodsCents: 5990, shippingCents: 0 })
		expect(discountAmount(rule({ kind: 'free_shipping', value: 0 }), lines, 500)).toEqual({ goodsCents: 0, shippingCents: 500 })
	})

	it('never takes off more than the lines cost', () => {
		fc.assert(
			fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 100 }), (cents, percent) => {
				const lines = cents.map((lineCents) => ({ lineCents, eligible: true }))
				const off = discountAmount(rule({ value: percent }), lines, 0).goodsCents
				expect(off).toBeGreaterThanOrEqual(0)
				expect(off).toBeLessThanOrEqual(cents.reduce((a, b) => a + b, 0))
			}),
		)
	})

	it('allocates an amount in proportion, adding up to the cent', () => {
		expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33])
		expect(allocate(1000, [3000, 0, 1000])).toEqual([750, 0, 250])
		expect(allocate(0, [1, 2])).toEqual([0, 0])
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 }), (amount, weights) => {
				const parts = allocate(amount, weights)
				if (weights.some((w) => w > 0)) expect(parts.reduce((a, b) => a + b, 0)).toBe(amount)
				parts.forEach((part, i) => {
					if (weights[i] === 0) expect(part).toBe(0)
				})
			}),
		)
	})

	it('takes VAT on the discounted amount: the allowance carries the VAT its gross contains', () => {
		// 59.90 € at 21 % with 5.99 € off: 53.91 € charged, VAT on that and not on 59.90 €.
		const split = discountedVat({ netCents: 4950, vatCents: 1040, grossCents: 5990 }, 599, 21)
		expect(split).toEqual({ allowanceNetCents: 495, allowanceVatCents: 104, netCents: 4455, vatCents: 936, grossCents: 5391 })
		expect(split.netCents + split.vatCents).toBe(split.grossCents)
		// Not registered: all of it is net.
		expect(discountedVat({ netCents: 5990, vatCents: 0, grossCents: 5990 }, 599, null)).toMatchObject({ allowanceVatCents: 0, netCents: 5391 })
	})
})
