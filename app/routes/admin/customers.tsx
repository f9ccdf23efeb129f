import { useEffect, useState } from 'react'
import { Form, useFetcher, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { CustomerErasureRefusedError, eraseCustomer, listCustomersForAdmin } from '#server/customers/customers.ts'
import { loadAdminPage, rejectAdminSubmission, toastResult } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { Pager } from '#app/components/admin/pager.tsx'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { buttonDanger, buttonSecondary, buttonSmall, ConfirmDialog, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { ListState } from '#app/components/admin/list-state.tsx'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { notify } from '#app/components/toasts.tsx'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { CUSTOMER_SEARCH_MAX, customerActionSchema, customerListSearch, parseCustomerListFilters } from '#domain/forms/admin-customers.ts'
import { orderListSearch } from '#domain/forms/admin-order-filters.ts'
import { formError, parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import type { Route } from './+types/customers'

/** The customers list (ADR 0130): admins only, as every page under the admin layout. */
export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	const filters = parseCustomerListFilters(new URL(args.request.url).searchParams)
	return loadAdminPage(app, 'customers list', async () => ({ filters, ...(await listCustomersForAdmin(app.db, filters)) }), {
		filters,
		customers: [],
		total: 0,
		page: 1,
		pages: 1,
	})
}

export function meta() {
	return [{ title: `${adminT('customers.title')} | ${adminT('nav.title')}` }]
}

/** intent=erase (email): GDPR art. 17 for that customer; refusals in the one shape (ADR 0101). */
export async function action(args: Route.ActionArgs) {
	const app = getApp(args.context)
	const posted = submittedValues(await readFormData(args.request))
	const submission = parseSubmission(customerActionSchema, posted)
	if (!submission.ok) return rejectAdminSubmission(submission.errors, posted, 400, adminT('customers.eraseFailed'))
	const { email } = submission.value
	try {
		const erased = await eraseCustomer(app, email)
		app.log.info({ event: 'customer-erased', by: 'admin', keptForShipping: erased.keptForShipping }, 'customer data erased by an admin')
		return toastResult({
			type: 'success',
			title: erased.keptForShipping ? adminT('customers.erasedKept', { email, count: erased.keptForShipping }) : adminT('customers.erased', { email }),
		})
	} catch (error) {
		if (error instanceof CustomerErasureRefusedError) {
			const message = error.reason === 'staff' ? adminT('customers.eraseStaff', { email }) : adminT('customers.eraseUnknown', { email })
			return rejectAdminSubmission(formError(message), posted, error.reason === 'staff' ? 409 : 404, adminT('customers.eraseFailed'))
		}
		app.log.error({ err: error }, 'admin customer erasure failed')
		return rejectAdminSubmission(formError(adminT('customers.eraseFailed')), posted, 503, adminT('common.error'))
	}
}

type Row = Route.ComponentProps['loaderData']['customers'][number]

function CustomerActions({ customer }: { customer: Row }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	const busy = fetcher.state !== 'idle'
	return (
		<div className="flex flex-wrap gap-2">
			<Link
				to={`/admin/orders${orderListSearch({ email: customer.email })}`}
				className={buttonSmall}
				aria-label={adminT('customers.viewOrdersLabel', { email: customer.email })}
			>
				{adminT('customers.viewOrders')}
			</Link>
			<a
				href={`/admin/customers/export?${new URLSearchParams({ email: customer.email })}`}
				download
				className={buttonSmall}
				aria-label={adminT('customers.exportDataLabel', { email: customer.email })}
			>
				{adminT('customers.exportData')}
			</a>
			<button
				type="button"
				className={buttonDanger}
				disabled={busy}
				onClick={() => setConfirming(true)}
				aria-label={adminT('customers.eraseLabel', { email: customer.email })}
			>
				{adminT('customers.erase')}
			</button>
			<ConfirmDialog
				open={confirming}
				title={adminT('customers.eraseTitle')}
				description={adminT('customers.eraseConfirm', { email: customer.email })}
				confirmLabel={adminT('customers.erase')}
				onClose={() => setConfirming(false)}
				onConfirm={() => {
					fetcher.submit({ intent: 'erase', email: customer.email }, { method: 'post' })
					setConfirming(false)
				}}
			/>
		</div>
	)
}

const columns: [Column<Row>, ...Column<Row>[]] = [
	{
		header: adminT('customers.email'),
		cell: (customer) => (
			<span className="block max-w-64 break-all" title={customer.email}>
				{customer.email}
			</span>
		),
	},
	{ header: adminT('customers.name'), cell: (customer) => customer.name || adminT('customers.noOrders'), className: 'break-words' },
	{
		header: adminT('customers.kind'),
		cell: (customer) =>
			customer.userId ? (
				<span className="inline-block rounded-full bg-emerald-800 px-2.5 py-0.5 text-xs font-semibold text-white">{adminT('customers.account')}</span>
			) : (
				<span className="inline-block rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-semibold text-ink">{adminT('customers.guest')}</span>
			),
	},
	{ header: adminT('customers.orders'), cell: (customer) => customer.orderCount, className: 'tabular-nums' },
	{ header: adminT('customers.paid'), cell: (customer) => formatEuro(customer.paidCents, 'ro'), className: 'whitespace-nowrap tabular-nums' },
	{
		header: adminT('customers.lastOrder'),
		cell: (customer) => (customer.lastOrderAt ? formatAdminDateTime(customer.lastOrderAt) : adminT('customers.noOrders')),
		className: 'whitespace-nowrap',
	},
	{ header: adminT('customers.actions'), cell: (customer) => <CustomerActions customer={customer} /> },
]

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
	const { customers, filters, page, pages, total, loadError } = loaderData
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/customers'

	useEffect(() => {
		if (loadError) notify({ type: 'error', title: adminT('common.error'), description: adminT('customers.loadFailed') })
	}, [loadError])

	return (
		<section aria-labelledby="customers-title">
			<h1 id="customers-title" className="font-serif text-3xl">
				{adminT('customers.title')}
			</h1>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('customers.intro')}</p>
			<Form key={filters.q} method="get" action="/admin/customers" role="search" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
				<div className="sm:w-96">
					<label htmlFor="customer-search" className={labelClass}>
						{adminT('customers.searchLabel')}
					</label>
					<input id="customer-search" type="search" name="q" defaultValue={filters.q} maxLength={CUSTOMER_SEARCH_MAX} className={inputClass} />
				</div>
				<button type="submit" className={buttonSecondary}>
					{adminT('common.search')}
				</button>
			</Form>
			<ListState
				loading={loading}
				loadError={loadError ? adminT('customers.loadFailed') : null}
				empty={customers.length === 0 ? (filters.q ? adminT('customers.emptySearch', { q: filters.q }) : adminT('customers.empty')) : null}
			>
				<ResourceTable rows={customers} rowKey={(customer) => customer.email} columns={columns} />
				<Pager page={page} pages={pages} total={total} href={(target) => `/admin/customers${customerListSearch(filters, { page: target }) || '?'}`} />
			</ListState>
		</section>
	)
}
