import { lookupEmail } from '#domain/forms/fields.ts'
import { exportCustomerData } from '#server/customers/customers.ts'
import { notFound } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { contentDisposition } from '#server/storage/download.ts'
import type { Route } from './+types/customer-export'

/**
 * GET /admin/customers/export?email=: GDPR art. 15/20 for one customer, asked of the shop (ADR 0130):
 * their account's data and guest orders as a JSON download. Admins only (the admin layout's guard); 404
 * when the shop holds nothing for that email.
 */
export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	const email = lookupEmail().safeParse(new URL(args.request.url).searchParams.get('email'))
	if (!email.success) notFound()
	const exported = await exportCustomerData(app.db, email.data)
	if (!exported) notFound()
	app.log.info({ event: 'customer-data-exported', by: 'admin' }, 'customer data exported by an admin')
	return new Response(JSON.stringify(exported, null, 2), {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': contentDisposition(`date-client-${new Date().toISOString().slice(0, 10)}.json`),
			'Cache-Control': 'private, no-store',
		},
	})
}
