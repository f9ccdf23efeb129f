import { describe, expect, it } from 'vitest'
import { effectivePriceCents, lowestPriorPriceCents, saleActiveAt, saleAnnouncement, type PriceHistoryRow } from './sale-price.ts'

const at = (iso: string) => new Date(iso)
const sale = {
	priceCents: 5000,
	salePriceCents: 4000,
	saleStartsAt: at('2026-12-01T00:00:00Z'),
	saleEndsAt: at('2026-12-10T00:00:00Z'),
}

describe('saleActiveAt and effectivePriceCents', () => {
	it('charges the sale price from its start (inclusive) to its end (exclusive)', () => {
		expect(saleActiveAt(sale, at('2026-11-30T23:59:59.999Z'))).toBe(false)
		expect(saleActiveAt(sale, at('2026-12-01T00:00:00Z'))).toBe(true)
		expect(saleActiveAt(sale, at('2026-12-09T23:59:59.999Z'))).toBe(true)
		expect(saleActiveAt(sale, at('2026-12-10T00:00:00Z'))).toBe(false)
		expect(effectivePriceCents(sale, at('2026-12-05T12:00:00Z'))).toBe(4000)
		expect(effectivePriceCents(sale, at('2026-12-10T00:00:00Z'))).toBe(5000)
	})

	it('a product without a sale is charged its price', () => {
		const plain = { priceCents: 5000, salePriceCents: null, saleStartsAt: null, saleEndsAt: null }
		expect(saleActiveAt(plain, at('2026-12-05T00:00:00Z'))).toBe(false)
		expect(effectivePriceCents(plain, at('2026-12-05T00:00:00Z'))).toBe(5000)
	})
})

describe('lowestPriorPriceCents', () => {
	const row = (priceCents: number, iso: string): PriceHistoryRow => ({ priceCents, fromAt: at(iso) })

	it('is the lowest price in effect during the 30 days before the reduction began', () => {
		const history = [
			row(6000, '2026-09-01T00:00:00Z'),
			// In effect when the 30 days began (Nov 1): counts.
			row(4500, '2026-10-20T00:00:00Z'),
			row(5000, '2026-11-10T00:00:00Z'),
			row(4000, '2026-12-01T00:00:00Z'),
		]
		expect(lowestPriorPriceCents(history, at('2026-12-05T00:00:00Z'), 5000)).toBe(4500)
	})

	it('ignores prices that ended before the 30 days, and scheduled rows after now', () => {
		const history = [row(3000, '2026-09-01T00:00:00Z'), row(5000, '2026-10-31T00:00:00Z'), row(4000, '2026-12-01T00:00:00Z'), row(5000, '2026-12-10T00:00:00Z')]
		expect(lowestPriorPriceCents(history, at('2026-12-05T00:00:00Z'), 5000)).toBe(5000)
	})

	it('counts the regular price for a product made on sale', () => {
		expect(lowestPriorPriceCents([row(4000, '2026-12-01T00:00:00Z')], at('2026-12-02T00:00:00Z'), 5000)).toBe(5000)
		expect(lowestPriorPriceCents([], at('2026-12-02T00:00:00Z'), 5000)).toBe(5000)
	})

	it('measures a deeper reduction from the earlier sale price', () => {
		const history = [row(5000, '2026-10-01T00:00:00Z'), row(4000, '2026-12-01T00:00:00Z'), row(3500, '2026-12-03T00:00:00Z')]
		expect(lowestPriorPriceCents(history, at('2026-12-04T00:00:00Z'), 5000)).toBe(4000)
	})
})

describe('saleAnnouncement', () => {
	const history = [
		{ priceCents: 5000, fromAt: at('2026-10-01T00:00:00Z') },
		{ priceCents: 4000, fromAt: at('2026-12-01T00:00:00Z') },
	]

	it('announces the reduction from the lowest prior price, rounding the percent down', () => {
		expect(saleAnnouncement({ ...sale, salePriceCents: 3999 }, [history[0]!, { ...history[1]!, priceCents: 3999 }], at('2026-12-02T00:00:00Z'))).toEqual({
			priorCents: 5000,
			percentOff: 20,
			endsAt: sale.saleEndsAt,
		})
	})

	it('announces nothing outside the sale, or when the sale price is not below the prior price', () => {
		expect(saleAnnouncement(sale, history, at('2026-11-30T00:00:00Z'))).toBeNull()
		const after = [{ priceCents: 3000, fromAt: at('2026-11-20T00:00:00Z') }, history[1]!]
		expect(saleAnnouncement(sale, after, at('2026-12-02T00:00:00Z'))).toBeNull()
	})
})
