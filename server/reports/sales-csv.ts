import { adminT } from '#domain/i18n/admin.ts'
import type { SalesReportKind } from '#domain/reports/sales-range.ts'
import { csvAmount, csvDocument } from '../orders/orders-csv.ts'
import { goodsTotal, ordersTotal, type SalesReportRows } from '#domain/reports/sales-rows.ts'

/**
 * A report as CSV for a Romanian spreadsheet (ADR 0130): the same rows and columns as the page's
 * table, every row rather than the page's first ones, and the total last. Small enough to make at
 * once: a row per day of the range at most, or per product sold in it.
 */
export function salesReportCsv(report: SalesReportKind, rows: SalesReportRows): string {
	const first = adminT(`reports.columns.${report}`)
	if (rows.kind === 'goods') {
		const total = goodsTotal(rows.rows, adminT('reports.total'))
		return csvDocument(
			[first, adminT('reports.columns.units'), adminT('reports.columns.net')],
			[...rows.rows, total].map((row) => [row.label, row.units, csvAmount(row.netCents)]),
		)
	}
	const total = ordersTotal(rows.rows, adminT('reports.total'))
	return csvDocument(
		[first, adminT('reports.columns.orders'), adminT('reports.columns.gross'), adminT('reports.columns.refunded'), adminT('reports.columns.net')],
		[...rows.rows, total].map((row) => [row.label, row.orders, csvAmount(row.grossCents), csvAmount(row.refundedCents), csvAmount(row.netCents)]),
	)
}

/** The file name a report downloads as, e.g. vanzari-produse-2026-11-01-2026-11-29.csv. */
export function salesReportFileName(report: SalesReportKind, range: { from: string; to: string }): string {
	const names: Record<SalesReportKind, string> = { day: 'zile', week: 'saptamani', month: 'luni', product: 'produse', category: 'categorii', country: 'tari' }
	return `vanzari-${names[report]}-${range.from}-${range.to}.csv`
}
