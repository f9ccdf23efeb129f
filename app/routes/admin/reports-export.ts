import { getApp } from '#server/context.ts'
import { salesReportRows } from '#server/reports/sales-report.ts'
import { salesReportCsv, salesReportFileName } from '#server/reports/sales-csv.ts'
import { contentDisposition } from '#server/storage/download.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { countryLabel } from '#domain/shipping.ts'
import { parseSalesReportQuery } from '#domain/reports/sales-range.ts'
import type { Route } from './+types/reports-export'

/**
 * GET /admin/reports/export?report=&from=&to=: one sales report of a range (ADR 0271) as CSV for a
 * Romanian spreadsheet (semicolons, decimal comma; ADR 0130), every row. Admins only.
 */
export async function loader(args: Route.LoaderArgs) {
	const { report, range } = parseSalesReportQuery(new URL(args.request.url).searchParams)
	const rows = await salesReportRows(getApp(args.context).db, report, range, {
		country: (code) => (code ? countryLabel(code, 'ro') : adminT('reports.noCountry')),
		uncategorised: adminT('reports.uncategorised'),
	})
	return new Response(salesReportCsv(report, rows), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': contentDisposition(salesReportFileName(report, range)),
			'Cache-Control': 'private, no-store',
		},
	})
}
