import { exportNewsletterCsv } from '#server/marketing/newsletter.ts'
import { getApp } from '#server/context.ts'
import { contentDisposition } from '#server/storage/download.ts'
import { parseNewsletterListFilters } from '#domain/forms/admin-newsletter.ts'
import type { Route } from './+types/newsletter-export'

/**
 * GET /admin/newsletter/export?status=&q=: the subscribers the list's filters match, as CSV for a
 * Romanian spreadsheet. Personal data: admins only (the admin layout's guard), never cached.
 */
export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	const csv = await exportNewsletterCsv(app.db, parseNewsletterListFilters(new URL(args.request.url).searchParams))
	app.log.info({ event: 'newsletter-exported', by: 'admin' }, 'newsletter subscribers exported by an admin')
	return new Response(csv, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': contentDisposition(`abonati-newsletter-${new Date().toISOString().slice(0, 10)}.csv`),
			'Cache-Control': 'private, no-store',
		},
	})
}
