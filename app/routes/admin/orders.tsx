import { useEffect } from 'react'
import { data, Form, Link, Outlet, useNavigation } from 'react-router'
import { listOrdersForAdmin } from '#server/admin/orders.ts'
import { getApp } from '#server/context.ts'
import { OrderStatusBadge, PaymentBadge, PaymentNoteBadge, TestModeBadge } from '#app/components/admin/order-badges.tsx'
import { buttonSecondary, buttonSmall, inputClass, labelClass, Spinner } from '#app/components/admin/ui.tsx'
import { notify } from '#app/components/toasts.tsx'
import { fill, ro } from '#domain/admin/texts.ts'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '#domain/enums.ts'
import { ORDER_SEARCH_MAX, orderListSearch, parseOrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { formatEuro } from '#domain/money.ts'
import type { Route } from './+types/orders'

export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	const filters = parseOrderListFilters(new URL(args.request.url).searchParams)
	try {
		return { filters, loadError: false, ...(await listOrdersForAdmin(app.db, filters)) }
	} catch (error) {
		app.log.error({ err: error }, 'admin orders list failed')
		return data({ filters, loadError: true, orders: [], total: 0, page: 1, pages: 1 }, { status: 503 })
	}
}

export function meta() {
	return [{ title: `${ro.orders.title} | ${ro.nav.title}` }]
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
	const { orders, filters, page, pages, total, loadError } = loaderData
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/orders'
	const search = orderListSearch(filters)
	const exportSearch = orderListSearch(filters, { page: 1 })

	useEffect(() => {
		if (loadError) notify({ type: 'error', title: ro.common.error, description: ro.messages.ordersLoad })
	}, [loadError])

	return (
		<section aria-labelledby="orders-title">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id="orders-title" className="font-serif text-3xl">
					{ro.orders.title}
				</h1>
				<a href={`/admin/orders/export${exportSearch}`} download className={buttonSecondary}>
					{ro.orders.exportCsv}
				</a>
			</div>
			<Form method="get" action="/admin/orders" role="search" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
				<div>
					<label htmlFor="order-search" className={labelClass}>
						{ro.orders.searchLabel}
					</label>
					<input id="order-search" type="search" name="q" defaultValue={filters.q} maxLength={ORDER_SEARCH_MAX} className={inputClass} />
				</div>
				<div>
					<label htmlFor="order-status" className={labelClass}>
						{ro.orders.statusFilter}
					</label>
					<select id="order-status" name="status" defaultValue={filters.status ?? ''} className={inputClass}>
						<option value="">{ro.orders.allStatuses}</option>
						{ORDER_STATUSES.map((status) => (
							<option key={status} value={status}>
								{ro.orders.statuses[status]}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="order-payment" className={labelClass}>
						{ro.orders.paymentFilter}
					</label>
					<select id="order-payment" name="payment" defaultValue={filters.payment ?? ''} className={inputClass}>
						<option value="">{ro.orders.allPayments}</option>
						{PAYMENT_STATUSES.map((status) => (
							<option key={status} value={status}>
								{ro.orders.payments[status]}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="order-view" className={labelClass}>
						{ro.orders.viewFilter}
					</label>
					<select id="order-view" name="view" defaultValue={filters.view} className={inputClass}>
						<option value="active">{ro.orders.viewActive}</option>
						<option value="archived">{ro.orders.viewArchived}</option>
					</select>
				</div>
				<button type="submit" className={buttonSecondary}>
					{ro.common.search}
				</button>
			</Form>
			{loading ? (
				<Spinner />
			) : loadError ? (
				<p role="alert" className="mt-10 rounded-2xl border border-dashed border-red-800/50 p-10 text-center text-red-900">
					{ro.messages.ordersLoad}
				</p>
			) : orders.length === 0 ? (
				<div className="mt-10 rounded-2xl border border-dashed border-muted/50 p-10 text-center">
					<p className="text-muted">{ro.orders.empty}</p>
				</div>
			) : (
				<>
					<div className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm">
						<table className="w-full min-w-[56rem] text-left text-sm">
							<thead className="border-b border-sand text-xs uppercase tracking-wide text-muted">
								<tr>
									<th scope="col" className="px-4 py-3">{ro.orders.number}</th>
									<th scope="col" className="px-4 py-3">{ro.orders.date}</th>
									<th scope="col" className="px-4 py-3">{ro.orders.email}</th>
									<th scope="col" className="px-4 py-3">{ro.orders.total}</th>
									<th scope="col" className="px-4 py-3">{ro.orders.status}</th>
									<th scope="col" className="px-4 py-3">{ro.orders.payment}</th>
									<th scope="col" className="px-4 py-3">{ro.orders.tracking}</th>
									<th scope="col" className="px-4 py-3">{ro.common.actions}</th>
								</tr>
							</thead>
							<tbody>
								{orders.map((order) => (
									<tr key={order.id} className="border-b border-sand/70 last:border-0">
										<th scope="row" className="px-4 py-3 font-mono font-medium">
											#{order.number}
										</th>
										<td className="px-4 py-3 whitespace-nowrap">{order.date}</td>
										<td className="max-w-56 truncate px-4 py-3" title={order.email}>
											{order.email}
										</td>
										<td className="px-4 py-3 whitespace-nowrap">{formatEuro(order.totalCents, 'ro')}</td>
										<td className="px-4 py-3">
											<OrderStatusBadge status={order.status} />
										</td>
										<td className="px-4 py-3">
											<span className="flex flex-wrap gap-1">
												<PaymentBadge status={order.paymentStatus} />
												<PaymentNoteBadge note={order.paymentNote} />
												{order.testMode ? <TestModeBadge /> : null}
											</span>
										</td>
										<td className="px-4 py-3 font-mono text-xs">{order.trackingNumber ?? ro.orders.noValue}</td>
										<td className="px-4 py-3">
											<Link
												to={`/admin/orders/${order.id}${search}`}
												preventScrollReset
												className={buttonSmall}
												aria-label={fill(ro.orders.detailsLabel, { number: order.number })}
											>
												{ro.orders.details}
											</Link>
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
					{pages > 1 ? (
						<nav aria-label={fill(ro.common.page, { page, pages })} className="mt-4 flex items-center justify-between gap-3 text-sm">
							{page > 1 ? (
								<Link to={`/admin/orders${orderListSearch(filters, { page: page - 1 }) || '?'}`} className={buttonSmall}>
									{ro.common.previous}
								</Link>
							) : (
								<span />
							)}
							<span>
								{fill(ro.common.page, { page, pages })} · {total}
							</span>
							{page < pages ? (
								<Link to={`/admin/orders${orderListSearch(filters, { page: page + 1 })}`} className={buttonSmall}>
									{ro.common.next}
								</Link>
							) : (
								<span />
							)}
						</nav>
					) : null}
				</>
			)}
			<Outlet />
		</section>
	)
}
