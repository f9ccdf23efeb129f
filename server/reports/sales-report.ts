import { eq, sql, type SQL } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { categories, orderItems, orderRefunds, orders, products, salesCategoryDays, salesDayChanges, salesLineDays, salesOrderDays } from '#db/schema/index.ts'
import { shopDaysWindow } from '#domain/shop-calendar.ts'
import type { GoodsRow, OrderTotalsRow, SalesReportRows } from '#domain/reports/sales-rows.ts'
import { bucketLabel, bucketsOf, type SalesRange, type SalesReportKind, type TimeBucket } from '#domain/reports/sales-range.ts'

/**
 * Sales reports (ADR 0271). A sale is an order whose money came — paid, or refunded since — with
 * real money (test-mode orders stay out; archived ones count, the money came all the same). It
 * falls on the day it was paid, in the shop's time zone, and counts net of the refunds that
 * succeeded on it, whenever they came: orders.total_cents less orders.refunded_cents, as the
 * dashboard's takings. The reports read sums kept per day (sales_order_days, sales_line_days,
 * sales_category_days), each day counted again from the orders once a write noted it; a day's count
 * reads its orders through the partial index on paid_at (orders_sales_paid_idx), whose predicate
 * `salesIn` repeats word for word.
 */

/** A range of days as the moments it starts and ends, in the shop's time zone. */
function windowOf(range: Pick<SalesRange, 'from' | 'to'>) {
	return shopDaysWindow(range.from, range.to)
}

/** The sales paid within a range: the index's predicate, then its key's bounds. */
function salesIn(range: Pick<SalesRange, 'from' | 'to'>): SQL {
	const { startsAt, endsAt } = windowOf(range)
	return sql`${orders.paymentStatus} in ('paid', 'refunded') and not ${orders.testMode}
		and ${orders.paidAt} >= ${startsAt.toISOString()}::timestamptz and ${orders.paidAt} < ${endsAt.toISOString()}::timestamptz`
}

export type SalesSummary = OrderTotalsRow & {
	/** Net sales over the orders not refunded in full; null without one. */
	averageOrderCents: number | null
	/** Checkouts started (orders placed) in the range, and how many of them are paid by now (or refunded since). */
	checkouts: number
	paidCheckouts: number
	/** paidCheckouts over checkouts, 0 to 1; null without a checkout. */
	conversion: number | null
}

type TotalsRecord = { key: string; orders: number | string; gross: number | string; refunded: number | string }

const totalsOf = (record: TotalsRecord, label: string): OrderTotalsRow => {
	const grossCents = Number(record.gross)
	const refundedCents = Number(record.refunded)
	return { key: record.key, label, orders: Number(record.orders), grossCents, refundedCents, netCents: grossCents - refundedCents }
}

/**
 * The paid orders' totals of a range (after counting again the days that changed), grouped by
 * `key` over its days' rows in sales_order_days, then each group's key written as `label` turns
 * it into text: a report over time groups on the day's bucket, and formats a row per bucket.
 */
async function orderTotals(
	db: DbExecutor,
	range: Pick<SalesRange, 'from' | 'to'>,
	key: SQL,
	label: (grouped: SQL) => SQL = (grouped) => grouped,
): Promise<TotalsRecord[]> {
	await refreshSalesLineDays(db)
	return queryRows<TotalsRecord>(
		db,
		sql`select ${label(sql`grouped.key`)} as key, grouped.orders, grouped.gross, grouped.refunded from (
				select ${key} as key,
					coalesce(sum(${salesOrderDays.orders}), 0)::int as orders,
					coalesce(sum(${salesOrderDays.gross}), 0)::bigint as gross,
					coalesce(sum(${salesOrderDays.refunded}), 0)::bigint as refunded
				from ${salesOrderDays}
				where ${salesOrderDays.day} >= ${range.from}::date and ${salesOrderDays.day} <= ${range.to}::date
				group by 1
			) grouped order by 1`,
	)
}

/** The start of a day's bucket: the day, its week's Monday or its month. */
const bucketStart = (bucket: TimeBucket) => sql`date_trunc(${sql.raw(`'${bucket}'`)}, ${salesOrderDays.day}::timestamp)`
/** A bucket's start as its key: the day, or `YYYY-MM` for a month. */
const bucketKey = (bucket: TimeBucket) => (start: SQL) => sql`to_char(${start}, ${bucket === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'})`

/** Sales per day, week or month, every bucket of the range listed (a quiet one with zeros). */
export async function salesOverTime(db: DbExecutor, range: Pick<SalesRange, 'from' | 'to'>, bucket: TimeBucket): Promise<OrderTotalsRow[]> {
	const found = new Map((await orderTotals(db, range, bucketStart(bucket), bucketKey(bucket))).map((record) => [record.key, record]))
	return bucketsOf(range, bucket).map((key) => totalsOf(found.get(key) ?? { key, orders: 0, gross: 0, refunded: 0 }, bucketLabel(key, bucket)))
}

/** Sales per shipping country, the largest net first; `countryLabel` names a country code. */
export async function salesByCountry(
	db: DbExecutor,
	range: Pick<SalesRange, 'from' | 'to'>,
	countryLabel: (code: string) => string,
): Promise<OrderTotalsRow[]> {
	const records = await orderTotals(db, range, sql`${salesOrderDays.country}`)
	return records.map((record) => totalsOf(record, countryLabel(record.key))).sort(byNetThenKey)
}

const byNetThenKey = (a: { netCents: number; key: string }, b: { netCents: number; key: string }) => b.netCents - a.netCents || a.key.localeCompare(b.key)

/**
 * The range's totals, its average order, and the conversion of the checkouts started in it (orders
 * placed, test-mode ones left out) to sales: paid by now, or refunded since. A real order's payment
 * still settling (ADR 0116) is not paid yet, and may still fail.
 */
export async function salesSummary(db: DbExecutor, range: Pick<SalesRange, 'from' | 'to'>): Promise<SalesSummary> {
	const { startsAt, endsAt } = windowOf(range)
	const [[totals], [checkouts]] = await Promise.all([
		orderTotals(db, range, sql`'all'`),
		queryRows<{ started: number; paid: number }>(
			db,
			sql`select count(*)::int as started,
					count(*) filter (where ${orders.paymentStatus} in ('paid', 'refunded'))::int as paid
				from ${orders}
				where not ${orders.testMode}
				and ${orders.createdAt} >= ${startsAt.toISOString()}::timestamptz and ${orders.createdAt} < ${endsAt.toISOString()}::timestamptz`,
		),
	])
	const row = totalsOf(totals ?? { key: 'all', orders: 0, gross: 0, refunded: 0 }, 'Total')
	const started = Number(checkouts?.started ?? 0)
	const paid = Number(checkouts?.paid ?? 0)
	return {
		...row,
		averageOrderCents: row.orders > 0 ? Math.round(row.netCents / row.orders) : null,
		checkouts: started,
		paidCheckouts: paid,
		conversion: started > 0 ? paid / started : null,
	}
}

/**
 * One day's sold lines per product: their units not refunded by line (order_items.sold_units, kept by
 * the database, ADR 0165) and their share of their orders' net — at the price paid for them (less a
 * code's share, ADR 0255), scaled by what the order kept of what it had left after its line refunds.
 * So an amount refund comes off every line alike, a line refund off its own line, and shipping's
 * share belongs to no product. The migration that made sales_line_days counted the history so.
 */
function soldLinesOfDay(day: string): SQL {
	// Only an order with a refund has line refunds to look up: the rest skip the subquery.
	const lineRefunds = sql`case when ${orders.refundedCents} = 0 then 0 else coalesce((
		select sum(${orderRefunds.amountCents}) from ${orderRefunds}
		where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.status} = 'succeeded' and jsonb_typeof(${orderRefunds.lines}) = 'array'
	), 0) end`
	return sql`select ${day}::date as day, ${orderItems.productId} as product_id,
			case when ${orderItems.productId} is null then ${orderItems.name} end as line_name,
			min(${orderItems.name}) as name, sum(${orderItems.soldUnits})::int as units,
			coalesce(sum(${orderItems.unitPriceCents} * ${orderItems.soldUnits}
				* ((${orders.subtotalCents} - coalesce((${orders.discount} ->> 'goodsCents')::int, 0))::numeric / nullif(${orders.subtotalCents}, 0)
				* (${orders.totalCents} - ${orders.refundedCents}) / nullif(${orders.totalCents} - ${lineRefunds}, 0))), 0) as net
		from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
		where ${salesIn({ from: day, to: day })} and ${orderItems.soldUnits} > 0
		group by 2, 3`
}

/**
 * Counts again the days whose sales changed since the last report (sales_day_changes), one at a
 * time, under a lock so two reports never count the same day at once. Days noted while this runs
 * wait for the next report.
 */
export async function refreshSalesLineDays(db: DbExecutor): Promise<number> {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sales_line_days'))`)
		const noted = await queryRows<{ day: string }>(tx, sql`delete from ${salesDayChanges} returning ${salesDayChanges.day}::text as day`)
		const days = [...new Set(noted.map((row) => row.day))]
		for (const day of days) {
			await tx.delete(salesLineDays).where(eq(salesLineDays.day, day))
			await tx.execute(sql`insert into ${salesLineDays} (day, product_id, line_name, name, units, net) ${soldLinesOfDay(day)}`)
			// The day's sales per category, summed from its lines just counted, and its paid orders per
			// country (the functions of migrations 0038 and 0042).
			await tx.execute(sql`select count_sales_category_days(${day}::date, ${day}::date)`)
			await tx.execute(sql`select count_sales_order_days(${day}::date, ${day}::date)`)
		}
		return days.length
	})
}

/** The range's sold lines summed per product (after counting again the days that changed), then named. */
async function soldLines(db: DbExecutor, range: Pick<SalesRange, 'from' | 'to'>): Promise<SoldLineRecord[]> {
	await refreshSalesLineDays(db)
	return queryRows<SoldLineRecord>(
		db,
		// A line's key is its product, or its name when it has none: grouped by both, each group is
		// already one row of the report, labelled for now as its order lines were named.
		sql`select coalesce(lines.product_id::text, 'line:' || lines.line_name) as key, lines.product_id::text as product_id,
			lines.name as label, lines.units::int as units, round(lines.net)::bigint as net
		from (
			select ${salesLineDays.productId} as product_id, ${salesLineDays.lineName} as line_name, min(${salesLineDays.name}) as name,
				sum(${salesLineDays.units}) as units, sum(${salesLineDays.net}) as net
			from ${salesLineDays}
			where ${salesLineDays.day} >= ${range.from}::date and ${salesLineDays.day} <= ${range.to}::date
			group by 1, 2
		) lines`,
	)
}

type GoodsRecord = { key: string; label: string | null; units: number | string; net: number | string }
type SoldLineRecord = GoodsRecord & { product_id: string | null }
const goodsOf = (record: GoodsRecord, fallbackLabel: string): GoodsRow => ({
	key: record.key,
	label: record.label ?? fallbackLabel,
	units: Number(record.units),
	netCents: Number(record.net),
})

/**
 * Sales per product, the largest net first: a variant is its own product (its own name), a line
 * whose product was deleted, and a portrait, are named as the order line was. A product still in
 * the catalogue is named as it is now: the first `named` rows (all by default), so a page that shows
 * the first fifty looks up fifty names, not those of every product sold in the range; the rows past
 * them keep their order lines' name.
 */
export async function salesByProduct(db: DbExecutor, range: Pick<SalesRange, 'from' | 'to'>, named = Infinity): Promise<GoodsRow[]> {
	const records = await soldLines(db, range)
	const rows = records.map((record) => ({ row: goodsOf(record, record.key), productId: record.product_id })).sort((a, b) => byNetThenKey(a.row, b.row))
	const ids = rows.slice(0, named).flatMap(({ productId }) => (productId ? [productId] : []))
	const names = new Map(
		ids.length === 0
			? [] // One text parameter, however many products a long range sold (a list of ids would be one parameter each).
			: (
					await db
						.select({ id: products.id, name: products.name })
						.from(products)
						.where(sql`${products.id} = any(string_to_array(${ids.join(',')}, ',')::uuid[])`)
				).map((product) => [product.id, product.name]),
	)
	return rows.map(({ row, productId }) => ({ ...row, label: (productId && names.get(productId)) ?? row.label }))
}

/**
 * Sales per category (a variant's is its product's, as it is filed now), the largest net first;
 * lines without a category, or whose category is gone, under `uncategorised`. Read from the day's
 * sums per category, so a year is a row per day and category.
 */
export async function salesByCategory(db: DbExecutor, range: Pick<SalesRange, 'from' | 'to'>, uncategorised: string): Promise<GoodsRow[]> {
	await refreshSalesLineDays(db)
	const records = await queryRows<GoodsRecord>(
		db,
		sql`select coalesce(c.id::text, '') as key, min(c.name) as label, sum(days.units)::int as units, round(sum(days.net))::bigint as net
		from ${salesCategoryDays} days
		left join ${categories} c on c.id = days.category_id
		where days.day >= ${range.from}::date and days.day <= ${range.to}::date
		group by c.id`,
	)
	return records.map((record) => goodsOf(record, uncategorised)).sort(byNetThenKey)
}

/** The rows of one report. */
export async function salesReportRows(
	db: DbExecutor,
	report: SalesReportKind,
	range: Pick<SalesRange, 'from' | 'to'>,
	labels: { country: (code: string) => string; uncategorised: string },
	/** Goods rows named as the catalogue names them now, from the largest: a page names only those it shows. */
	named = Infinity,
): Promise<SalesReportRows> {
	switch (report) {
		case 'day':
		case 'week':
		case 'month':
			return { kind: 'orders', rows: await salesOverTime(db, range, report) }
		case 'country':
			return { kind: 'orders', rows: await salesByCountry(db, range, labels.country) }
		case 'product':
			return { kind: 'goods', rows: await salesByProduct(db, range, named) }
		case 'category':
			return { kind: 'goods', rows: await salesByCategory(db, range, labels.uncategorised) }
	}
}
