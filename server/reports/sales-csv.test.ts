import { describe, expect, it } from 'vitest'
import { salesReportCsv, salesReportFileName } from './sales-csv.ts'

describe('sales report CSV', () => {
	it('writes orders, gross, refunded and net per bucket for a Romanian spreadsheet, the total last', () => {
		const csv = salesReportCsv('day', {
			kind: 'orders',
			rows: [
				{ key: '2026-11-28', label: '28.11.2026', orders: 2, grossCents: 10_050, refundedCents: 1_000, netCents: 9_050 },
				{ key: '2026-11-29', label: '29.11.2026', orders: 0, grossCents: 0, refundedCents: 0, netCents: 0 },
			],
		})
		expect(csv.split('\r\n')).toEqual([
			'\uFEFFZiua;Comenzi;Brut (EUR);Rambursat (EUR);Net (EUR)',
			'28.11.2026;2;100,50;10,00;90,50',
			'29.11.2026;0;0,00;0,00;0,00',
			'Total;2;100,50;10,00;90,50',
			'',
		])
	})

	it('writes units and net per product, a name a spreadsheet would run as a formula kept as text', () => {
		const csv = salesReportCsv('product', {
			kind: 'goods',
			rows: [
				{ key: 'a', label: 'Lumânare; mare', units: 3, netCents: 8_999 },
				{ key: 'b', label: '=HYPERLINK("x")', units: 1, netCents: 1 },
			],
		})
		expect(csv.split('\r\n')).toEqual(['\uFEFFProdus;Bucăți;Net (EUR)', '"Lumânare; mare";3;89,99', '"=""=HYPERLINK(""""x"""")""";1;0,01', 'Total;4;90,00', ''])
	})

	it('names the file after the report and its days', () => {
		expect(salesReportFileName('category', { from: '2026-11-01', to: '2026-11-29' })).toBe('vanzari-categorii-2026-11-01-2026-11-29.csv')
	})
})
