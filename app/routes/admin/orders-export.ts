import { ordersCsvStream } from '#server/orders/orders-csv.ts'
import { getApp } from '#server/context.ts'
import { contentDisposition } from '#server/storage/download.ts'
import { parseOrderListFilters } from '#domain/forms/admin-order-filters.ts'
import type { Route } from './+types/orders-export'

/**
 * GET /admin/orders/export?status=&payment=&q=&view=&from=&to=&email=: the orders the list's filters
 * match, as CSV for a Romanian spreadsheet (semicolons, decimal comma; ADR 0130), streamed a batch
 * of orders at a time. Admins only.
 */
export async function loader(args: Route.LoaderArgs) {
	const filters = parseOrderListFilters(new URL(args.request.url).searchParams)
	const day = new Date().toISOString().slice(0, 10)
	return new Response(await ordersCsvStream(getApp(args.context).db, filters), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': contentDisposition(`comenzi-${filters.view === 'archived' ? 'arhivate-' : ''}${day}.csv`),
			// X-Content-Type-Options comes with the shop's security headers (server/http/security-headers.ts).
			'Cache-Control': 'private, no-store',
		},
	})
}
