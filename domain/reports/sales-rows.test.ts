import { describe, expect, it } from 'vitest'
import { salesReportPage, type GoodsRow, type OrderTotalsRow } from './sales-rows.ts'

const goods = (count: number): GoodsRow[] => Array.from({ length: count }, (_, index) => ({ key: `p${index}`, label: `P${index}`, units: 1, netCents: 100 }))

describe('salesReportPage', () => {
	it('keeps a ranking’s first rows and totals and counts all of them', () => {
		const page = salesReportPage({ kind: 'goods', rows: goods(20_000) }, 50, 'Total')
		expect(page.rows).toHaveLength(50)
		expect(page.rows[0]!.key).toBe('p0')
		expect(page.count).toBe(20_000)
		expect(page.total).toEqual({ key: 'total', label: 'Total', units: 20_000, netCents: 2_000_000 })
	})

	it('keeps every period of a time report', () => {
		const days: OrderTotalsRow[] = Array.from({ length: 90 }, (_, index) => ({
			key: `d${index}`,
			label: `${index}`,
			orders: 2,
			grossCents: 500,
			refundedCents: 100,
			netCents: 400,
		}))
		const page = salesReportPage({ kind: 'orders', rows: days }, 50, 'Total')
		expect(page.rows).toHaveLength(90)
		expect(page.count).toBe(90)
		expect(page.total).toMatchObject({ orders: 180, grossCents: 45_000, refundedCents: 9_000, netCents: 36_000 })
	})
})
