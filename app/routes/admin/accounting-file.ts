import { getApp } from '#server/context.ts'
import { monthArchive, monthRegister, parseMonth } from '#server/accounting/monthly-export.ts'
import { contentDisposition } from '#server/storage/download.ts'
import type { Route } from './+types/accounting-file'

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

/**
 * GET /admin/accounting/registru-YYYY-MM.csv (the month's register, for a Romanian spreadsheet) or
 * /admin/accounting/documente-YYYY-MM.zip (its XML and PDF files, streamed as they are made;
 * ADR 0161). Admins only (the admin layout's guard).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	const db = getApp(context).db
	const match = /^(registru|documente)-(\d{4}-\d{2})\.(csv|zip)$/.exec(params.file ?? '')
	const month = parseMonth(match?.[2])
	if (!match || !month || (match[1] === 'registru') !== (match[3] === 'csv')) return notFound()
	const headers = { 'Content-Disposition': contentDisposition(params.file!), 'Cache-Control': 'private, no-store' }
	if (match[3] === 'csv') return new Response(await monthRegister(db, month), { headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } })
	return new Response(monthArchive(db, month), { headers: { ...headers, 'Content-Type': 'application/zip' } })
}
