import { useEffect } from 'react'
import { Form, Outlet, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { listOrdersForAdmin } from '#server/orders/admin-orders.ts'
import { getApp } from '#server/context.ts'
import { loadAdminPage } from '#server/admin/route-helpers.ts'
import { Pager } from '#app/components/admin/pager.tsx'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { OrderStatusBadge, PartialRefundBadge, PaymentBadge, PaymentNoteBadge, TestModeBadge } from '#app/components/admin/order-badges.tsx'
import { buttonSecondary, buttonSmall, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { ListState } from '#app/components/admin/list-state.tsx'
import { notify } from '#app/components/toasts.tsx'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '#domain/enums.ts'
import { ORDER_SEARCH_MAX, orderListSearch, parseOrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { formatEuro } from '#domain/money.ts'
import type { Route } from './+types/orders'

export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	const filters = parseOrderListFilters(new URL(args.request.url).searchParams)
	return loadAdminPage(app, 'orders list', async () => ({ filters, ...(await listOrdersForAdmin(app.db, filters)) }), {
		filters,
		orders: [],
		total: 0,
		more: false,
		page: 1,
		pages: 1,
	})
}

export function meta() {
	return [{ title: `${adminT('orders.title')} | ${adminT('nav.title')}` }]
}

type Row = Route.ComponentProps['loaderData']['orders'][number]

/** The order list's columns; `search` keeps the list's filters on the detail link. */
function orderColumns(search: string): [Column<Row>, ...Column<Row>[]] {
	return [
		{ header: adminT('orders.number'), cell: (order) => `#${order.number}`, className: 'font-mono' },
		{ header: adminT('orders.date'), cell: (order) => formatAdminDateTime(order.createdAt), className: 'whitespace-nowrap' },
		{
			header: adminT('orders.email'),
			cell: (order) => (
				<span className="block max-w-56 truncate" title={order.email}>
					{order.email}
				</span>
			),
		},
		{ header: adminT('orders.total'), cell: (order) => formatEuro(order.totalCents, 'ro'), className: 'whitespace-nowrap' },
		{ header: adminT('orders.status'), cell: (order) => <OrderStatusBadge status={order.status} /> },
		{
			header: adminT('orders.payment'),
			cell: (order) => (
				<span className="flex flex-wrap gap-1">
					<PaymentBadge status={order.paymentStatus} />
					<PartialRefundBadge paymentStatus={order.paymentStatus} refundedCents={order.refundedCents} />
					<PaymentNoteBadge note={order.paymentNote} />
					{order.testMode ? <TestModeBadge /> : null}
				</span>
			),
		},
		{ header: adminT('orders.tracking'), cell: (order) => order.trackingNumber ?? adminT('orders.noValue'), className: 'font-mono text-xs' },
		{
			header: adminT('common.actions'),
			cell: (order) => (
				<Link
					to={`/admin/orders/${order.id}${search}`}
					preventScrollReset
					className={buttonSmall}
					aria-label={adminT('orders.detailsLabel', { number: order.number })}
				>
					{adminT('orders.details')}
				</Link>
			),
		},
	]
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
	const { orders, filters, page, pages, total, more, loadError } = loaderData
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/orders'
	const search = orderListSearch(filters)
	const exportSearch = orderListSearch(filters, { page: 1 })

	useEffect(() => {
		if (loadError) notify({ type: 'error', title: adminT('common.error'), description: adminT('messages.ordersLoad') })
	}, [loadError])

	return (
		<section aria-labelledby="orders-title">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id="orders-title" className="font-serif text-3xl">
					{adminT('orders.title')}
				</h1>
				<a href={`/admin/orders/export${exportSearch}`} download className={buttonSecondary}>
					{adminT('orders.exportCsv')}
				</a>
			</div>
			{filters.email ? (
				<p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="customer-filter">
					<span className="min-w-0 break-all">{adminT('orders.customerFilter', { email: filters.email })}</span>
					<Link to={`/admin/orders${orderListSearch(filters, { email: undefined, page: 1 })}`} className="underline">
						{adminT('orders.clearCustomer')}
					</Link>
				</p>
			) : null}
			<Form key={exportSearch} method="get" action="/admin/orders" role="search" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
				{filters.email ? <input type="hidden" name="email" value={filters.email} /> : null}
				<div className="sm:col-span-2">
					<label htmlFor="order-search" className={labelClass}>
						{adminT('orders.searchLabel')}
					</label>
					<input id="order-search" type="search" name="q" defaultValue={filters.q} maxLength={ORDER_SEARCH_MAX} className={inputClass} />
				</div>
				<div>
					<label htmlFor="order-status" className={labelClass}>
						{adminT('orders.statusFilter')}
					</label>
					<select id="order-status" name="status" defaultValue={filters.status ?? ''} className={inputClass}>
						<option value="">{adminT('orders.allStatuses')}</option>
						{ORDER_STATUSES.map((status) => (
							<option key={status} value={status}>
								{adminT(`orders.statuses.${status}`)}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="order-payment" className={labelClass}>
						{adminT('orders.paymentFilter')}
					</label>
					<select id="order-payment" name="payment" defaultValue={filters.payment ?? ''} className={inputClass}>
						<option value="">{adminT('orders.allPayments')}</option>
						{PAYMENT_STATUSES.map((status) => (
							<option key={status} value={status}>
								{adminT(`orders.payments.${status}`)}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="order-view" className={labelClass}>
						{adminT('orders.viewFilter')}
					</label>
					<select id="order-view" name="view" defaultValue={filters.view} className={inputClass}>
						<option value="active">{adminT('orders.viewActive')}</option>
						<option value="checkouts">{adminT('orders.viewCheckouts')}</option>
						<option value="all">{adminT('orders.viewAll')}</option>
						<option value="archived">{adminT('orders.viewArchived')}</option>
					</select>
				</div>
				<div>
					<label htmlFor="order-from" className={labelClass}>
						{adminT('orders.fromFilter')}
					</label>
					<input id="order-from" type="date" name="from" defaultValue={filters.from ?? ''} className={inputClass} />
				</div>
				<div>
					<label htmlFor="order-to" className={labelClass}>
						{adminT('orders.toFilter')}
					</label>
					<input id="order-to" type="date" name="to" defaultValue={filters.to ?? ''} className={inputClass} />
				</div>
				<button type="submit" className={buttonSecondary}>
					{adminT('common.search')}
				</button>
			</Form>
			<ListState loading={loading} loadError={loadError ? adminT('messages.ordersLoad') : null} empty={orders.length === 0 ? adminT('orders.empty') : null}>
				<ResourceTable rows={orders} rowKey={(order) => order.id} columns={orderColumns(search)} />
				<Pager page={page} pages={pages} total={total} more={more} href={(target) => `/admin/orders${orderListSearch(filters, { page: target }) || '?'}`} />
			</ListState>
			<Outlet />
		</section>
	)
}
