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
