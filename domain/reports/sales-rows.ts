/** Orders, money and refunds of a group of sales. `orders` counts the sales not refunded in full: those the average is over. */
export type OrderTotalsRow = { key: string; label: string; orders: number; grossCents: number; refundedCents: number; netCents: number }
/** Units and money of a group of order lines: units less those refunded by line, and the lines' share of their orders' net. */
export type GoodsRow = { key: string; label: string; units: number; netCents: number }

export type SalesReportRows = { kind: 'orders'; rows: OrderTotalsRow[] } | { kind: 'goods'; rows: GoodsRow[] }

/** The line under a report's rows: their sums, labelled `label`. */
export function ordersTotal(rows: OrderTotalsRow[], label: string): OrderTotalsRow {
	const total: OrderTotalsRow = { key: 'total', label, orders: 0, grossCents: 0, refundedCents: 0, netCents: 0 }
	for (const row of rows) {
		total.orders += row.orders
		total.grossCents += row.grossCents
		total.refundedCents += row.refundedCents
		total.netCents += row.netCents
	}
	return total
}

export function goodsTotal(rows: GoodsRow[], label: string): GoodsRow {
	const total: GoodsRow = { key: 'total', label, units: 0, netCents: 0 }
	for (const row of rows) {
		total.units += row.units
		total.netCents += row.netCents
	}
	return total
}

/** What a report's page shows: all its rows but a ranking's first `limit`, with the total and count of all of them. */
export type SalesReportPage =
	{ kind: 'orders'; rows: OrderTotalsRow[]; total: OrderTotalsRow; count: number } | { kind: 'goods'; rows: GoodsRow[]; total: GoodsRow; count: number }

/**
 * The page's share of a report: a ranking of products or categories can hold tens of thousands of
 * rows, which the page must not carry to the browser to show fifty (the CSV has them all).
 */
export function salesReportPage(report: SalesReportRows, limit: number, totalLabel: string): SalesReportPage {
	return report.kind === 'orders'
		? { kind: 'orders', rows: report.rows, total: ordersTotal(report.rows, totalLabel), count: report.rows.length }
		: { kind: 'goods', rows: report.rows.slice(0, limit), total: goodsTotal(report.rows, totalLabel), count: report.rows.length }
}
