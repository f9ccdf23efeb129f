import { Form } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { buttonSecondary, buttonSmall, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { SalesOverTimeChart, SalesRankingChart, type ChartPoint } from '#app/components/admin/sales-chart.tsx'
import { getApp } from '#server/context.ts'
import { loadAdminPage } from '#server/admin/route-helpers.ts'
import { salesReportRows, salesSummary, type SalesSummary } from '#server/reports/sales-report.ts'
import { salesReportPage, type GoodsRow, type OrderTotalsRow, type SalesReportPage } from '#domain/reports/sales-rows.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import { countryLabel } from '#domain/shipping.ts'
import {
	bucketLabel,
	isTimeReport,
	parseSalesReportQuery,
	RANGE_PRESETS,
	SALES_REPORTS,
	salesReportSearch,
	type SalesRange,
	type SalesReportKind,
} from '#domain/reports/sales-range.ts'
import type { Route } from './+types/reports'

/** Rows a ranking shows on the page (the CSV has them all) and bars its chart draws. */
const TABLE_ROWS = 50
const CHART_BARS = 10

/** Sales reports (ADR 0271): a summary, then one report of the range as a chart, a table and a CSV file. Admins only. */
export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	const { report, range } = parseSalesReportQuery(new URL(args.request.url).searchParams)
	return loadAdminPage(
		app,
		`sales report ${report} ${range.from}..${range.to}`,
		async () => {
			const [summary, rows] = await Promise.all([
				salesSummary(app.db, range),
				salesReportRows(
					app.db,
					report,
					range,
					{
						country: (code) => (code ? countryLabel(code, 'ro') : adminT('reports.noCountry')),
						uncategorised: adminT('reports.uncategorised'),
					},
					TABLE_ROWS,
				),
			])
			const page = salesReportPage(rows, TABLE_ROWS, adminT('reports.total'))
			return { report, range, summary: summary as SalesSummary | null, rows: page as SalesReportPage | null }
		},
		{ report, range, summary: null, rows: null },
	)
}

export function meta() {
	return [{ title: `${adminT('reports.title')} | ${adminT('nav.title')}` }]
}

const roDay = (day: string) => day.split('-').reverse().join('.')
const rangeText = (range: Pick<SalesRange, 'from' | 'to'>) => adminT('reports.rangeText', { from: roDay(range.from), to: roDay(range.to) })
const percent = new Intl.NumberFormat('ro-RO', { style: 'percent', maximumFractionDigits: 1 })
const euro = (cents: number) => formatEuro(cents, 'ro')
const cell = 'py-1 pr-3 text-right whitespace-nowrap tabular-nums'

function RangeForm({ report, range }: { report: SalesReportKind; range: SalesRange }) {
	return (
		<div className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
			<nav aria-label={adminT('reports.presetsLabel')}>
				<ul className="flex flex-wrap gap-2">
					{RANGE_PRESETS.map((preset) => (
						<li key={preset}>
							<Link
								to={`/admin/reports?${new URLSearchParams({ report, preset }).toString()}`}
								aria-current={range.preset === preset ? 'page' : undefined}
								className={`${buttonSmall} aria-[current=page]:border-clay-dark aria-[current=page]:bg-clay-dark aria-[current=page]:text-white`}
							>
								{adminT(`reports.presets.${preset}`)}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			<Form key={`${range.from}-${range.to}`} method="get" action="/admin/reports" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
				<input type="hidden" name="report" value={report} />
				<fieldset className="flex flex-col gap-3 sm:flex-row sm:items-end">
					<legend className="sr-only">{adminT('reports.rangeLegend')}</legend>
					<div className="sm:w-48">
						<label htmlFor="reports-from" className={labelClass}>
							{adminT('reports.from')}
						</label>
						<input id="reports-from" type="date" name="from" defaultValue={range.from} required className={inputClass} />
					</div>
					<div className="sm:w-48">
						<label htmlFor="reports-to" className={labelClass}>
							{adminT('reports.to')}
						</label>
						<input id="reports-to" type="date" name="to" defaultValue={range.to} required className={inputClass} />
					</div>
				</fieldset>
				<button type="submit" className={buttonSecondary}>
					{adminT('reports.show')}
				</button>
			</Form>
		</div>
	)
}

function Summary({ summary }: { summary: SalesSummary }) {
	const figures = [
		{ id: 'net', label: adminT('reports.net'), value: euro(summary.netCents) },
		{ id: 'gross', label: adminT('reports.gross'), value: euro(summary.grossCents) },
		{ id: 'refunded', label: adminT('reports.refunded'), value: euro(summary.refundedCents) },
		{ id: 'orders', label: adminT('reports.orders'), value: String(summary.orders), hint: adminT('reports.ordersHint') },
		{ id: 'average', label: adminT('reports.average'), value: summary.averageOrderCents === null ? adminT('reports.none') : euro(summary.averageOrderCents) },
		{
			id: 'conversion',
			label: adminT('reports.conversion'),
			value: summary.conversion === null ? adminT('reports.none') : percent.format(summary.conversion),
			hint: adminT('reports.conversionText', { paid: summary.paidCheckouts, started: summary.checkouts }),
		},
	]
	return (
		<dl className="mt-6 grid gap-4 sm:grid-cols-3">
			{figures.map((figure) => (
				<div key={figure.id} className="rounded-2xl bg-white p-5 shadow-sm">
					<dt className="text-sm text-muted">{figure.label}</dt>
					<dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`report-${figure.id}`}>
						{figure.value}
					</dd>
					{figure.hint ? <dd className="mt-1 text-xs text-muted">{figure.hint}</dd> : null}
				</div>
			))}
		</dl>
	)
}

type Column<Row> = { header: string; value: (row: Row) => string | number }

const ORDER_COLUMNS: Column<OrderTotalsRow>[] = [
	{ header: adminT('reports.columns.orders'), value: (row) => row.orders },
	{ header: adminT('reports.columns.gross'), value: (row) => euro(row.grossCents) },
	{ header: adminT('reports.columns.refunded'), value: (row) => euro(row.refundedCents) },
	{ header: adminT('reports.columns.net'), value: (row) => euro(row.netCents) },
]
const GOODS_COLUMNS: Column<GoodsRow>[] = [
	{ header: adminT('reports.columns.units'), value: (row) => row.units },
	{ header: adminT('reports.columns.net'), value: (row) => euro(row.netCents) },
]

/** A report's rows and their total, each row named in its first cell. */
function ReportTable<Row extends { key: string; label: string }>({
	report,
	rows,
	total,
	columns,
	caption,
}: {
	report: SalesReportKind
	rows: Row[]
	total: Row
	columns: Column<Row>[]
	caption: string
}) {
	return (
		<table className="w-full min-w-[28rem] text-left text-sm" data-testid="report-table">
			<caption className="sr-only">{caption}</caption>
			<thead className="text-xs uppercase tracking-wide text-muted">
				<tr>
					<th scope="col" className="py-1 pr-3">
						{adminT(`reports.columns.${report}`)}
					</th>
					{columns.map((column) => (
						<th key={column.header} scope="col" className="py-1 pr-3 text-right">
							{column.header}
						</th>
					))}
				</tr>
			</thead>
			<tbody>
				{[...rows, total].map((row) => (
					<tr key={row.key} className={`border-t border-sand/70 ${row === total ? 'font-semibold' : ''}`}>
						<th scope="row" className="py-1 pr-3 font-normal break-words">
							{row.label}
						</th>
						{columns.map((column) => (
							<td key={column.header} className={cell}>
								{column.value(row)}
							</td>
						))}
					</tr>
				))}
			</tbody>
		</table>
	)
}

function Report({ report, range, rows }: { report: SalesReportKind; range: SalesRange; rows: SalesReportPage }) {
	const name = adminT(`reports.kinds.${report}`)
	const caption = `${name}, ${rangeText(range)}`
	const chartLabel = adminT('reports.chartLabel', { report: name, range: rangeText(range) })
	const points: ChartPoint[] = rows.rows.map((row) => ({ key: row.key, label: row.label, netCents: row.netCents }))
	const ranked = !isTimeReport(report)
	return (
		<section aria-labelledby="report-title" className="mt-8 rounded-2xl bg-white p-5 shadow-sm">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="report-title" className="font-serif text-xl">
					{caption}
				</h2>
				<a
					href={`/admin/reports/export${salesReportSearch(report, range)}`}
					download
					className={buttonSmall}
					aria-label={adminT('reports.csvLabel', { report: name.toLowerCase(), range: rangeText(range) })}
				>
					{adminT('reports.csv')}
				</a>
			</div>
			{rows.rows.length === 0 ? (
				<p className="mt-4 text-sm text-muted" data-testid="report-empty">
					{adminT('reports.empty')}
				</p>
			) : (
				<>
					<figure className="mt-4">
						{isTimeReport(report) ? (
							<SalesOverTimeChart
								points={points}
								label={chartLabel}
								shortLabel={(point) => (report === 'month' ? point.label : bucketLabel(point.key, 'day').slice(0, 5))}
							/>
						) : (
							<SalesRankingChart points={points.slice(0, CHART_BARS)} label={chartLabel} />
						)}
						{ranked && points.length > CHART_BARS ? (
							<figcaption className="mt-1 text-xs text-muted">{adminT('reports.chartTop', { count: CHART_BARS })}</figcaption>
						) : null}
					</figure>
					<div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
						{rows.kind === 'orders' ? (
							<ReportTable report={report} rows={rows.rows} total={rows.total} columns={ORDER_COLUMNS} caption={caption} />
						) : (
							<ReportTable report={report} rows={rows.rows} total={rows.total} columns={GOODS_COLUMNS} caption={caption} />
						)}
					</div>
					{rows.rows.length < rows.count ? (
						<p className="mt-2 text-xs text-muted">{adminT('reports.tableTop', { count: rows.rows.length, total: rows.count })}</p>
					) : null}
				</>
			)}
		</section>
	)
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
	const { report, range, summary, rows, loadError } = loaderData
	return (
		<section aria-labelledby="reports-title">
			<h1 id="reports-title" className="font-serif text-3xl">
				{adminT('reports.title')}
			</h1>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('reports.intro')}</p>
			<RangeForm report={report} range={range} />
			<nav aria-label={adminT('reports.reportsLabel')} className="mt-6">
				<ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
					{SALES_REPORTS.map((kind) => (
						<li key={kind}>
							<Link
								to={`/admin/reports${salesReportSearch(kind, range)}`}
								aria-current={kind === report ? 'page' : undefined}
								className="text-ink underline-offset-4 hover:text-clay-dark aria-[current=page]:font-semibold aria-[current=page]:text-clay-dark aria-[current=page]:underline"
							>
								{adminT(`reports.kinds.${kind}`)}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			{loadError || !summary || !rows ? (
				<p role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-sm text-red-900">
					{adminT('reports.loadFailed')}
				</p>
			) : (
				<>
					<Summary summary={summary} />
					<Report report={report} range={range} rows={rows} />
				</>
			)}
		</section>
	)
}
