import { Link } from '#app/components/link.tsx'
import { dashboardStats } from '#server/orders/dashboard.ts'
import { lateEFacturaDocuments } from '#server/efactura/admin.ts'
import { ordersWithUncheckedVatNumber } from '#server/tax/unchecked-vat-numbers.ts'
import { embeddedDatabaseWarning } from '#server/catalog/embedded-database-size.ts'
import { getApp } from '#server/context.ts'
import { TestModeBadge } from '#app/components/admin/order-badges.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import { formatWholeNumber } from '#domain/locale-number.ts'
import { displayOrderNumber, formatAdminDateTime } from '#domain/admin/format.ts'
import type { Route } from './+types/dashboard'

export async function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	// Documents the shop uploads that ANAF has not accepted 4 working days after issue (ADR 0160).
	const [stats, late, token, uncheckedVat, embeddedDatabase] = await Promise.all([
		dashboardStats(app.db),
		lateEFacturaDocuments(app.db),
		app.eFactura?.tokens.status(),
		ordersWithUncheckedVatNumber(app.db),
		embeddedDatabaseWarning(app.database),
	])
	return {
		stats,
		eFacturaLate: late.slice(0, 10).map((d) => ({ number: d.number, orderId: d.orderId, issuedAt: d.issuedAt, state: d.state, deadline: d.deadline })),
		eFacturaLateCount: late.length,
		uncheckedVat,
		eFacturaTokenRefused: Boolean(token?.refusedSince),
		embeddedDatabase,
	}
}

export function meta() {
	return [{ title: `${adminT('dashboard.title')} | Lumină & Carton` }]
}

const cards = [
	{ to: '/admin/categories', title: adminT('nav.categories'), text: adminT('dashboard.categoriesText') },
	{ to: '/admin/products', title: adminT('nav.products'), text: adminT('dashboard.productsText') },
	{ to: '/admin/orders', title: adminT('nav.orders'), text: adminT('dashboard.ordersText') },
	{ to: '/admin/media', title: adminT('nav.media'), text: adminT('dashboard.mediaText') },
	{ to: '/admin/home', title: adminT('nav.home'), text: adminT('dashboard.homeText') },
	{ to: '/admin/efactura', title: adminT('nav.efactura'), text: adminT('dashboard.efacturaText') },
	{ to: '/admin/accounting', title: adminT('nav.accounting'), text: adminT('dashboard.accountingText') },
	{ to: '/admin/reports', title: adminT('nav.reports'), text: adminT('dashboard.reportsText') },
]

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
	const { stats, eFacturaLate, eFacturaLateCount, eFacturaTokenRefused, uncheckedVat, embeddedDatabase } = loaderData
	return (
		<section aria-labelledby="dashboard-title">
			<h1 id="dashboard-title" className="font-serif text-3xl">
				{adminT('dashboard.title')}
			</h1>
			{eFacturaTokenRefused ? (
				<p role="alert" className="mt-6 rounded-2xl bg-red-50 p-4 text-sm text-red-900">
					{adminT('dashboard.efacturaRefused')}
				</p>
			) : null}
			{embeddedDatabase ? (
				<p role="status" className="mt-6 rounded-2xl bg-amber-50 p-4 text-sm text-amber-950" data-testid="embedded-database-size">
					{adminT('dashboard.embeddedDatabase', {
						products: formatWholeNumber(embeddedDatabase.products, 'ro'),
						limit: formatWholeNumber(embeddedDatabase.limit, 'ro'),
					})}
				</p>
			) : null}
			{eFacturaLateCount > 0 ? (
				<section
					aria-labelledby="efactura-late-title"
					className="mt-6 rounded-2xl border-2 border-red-700 bg-red-50 p-5 text-red-950"
					data-testid="efactura-late"
				>
					<h2 id="efactura-late-title" className="font-serif text-xl">
						{adminT('dashboard.efacturaLate')} ({eFacturaLateCount})
					</h2>
					<p className="mt-1 text-sm">{adminT('dashboard.efacturaLateText')}</p>
					<ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
						{eFacturaLate.map((document) => (
							<li key={document.number}>
								<Link to={`/admin/orders/${document.orderId}`} className="underline underline-offset-4">
									{adminT('dashboard.efacturaLateItem', {
										number: document.number,
										date: formatAdminDateTime(document.issuedAt),
										state: adminT(`efactura.states.${document.state}`),
										deadline: document.deadline,
									})}
								</Link>
							</li>
						))}
					</ul>
					{eFacturaLateCount > eFacturaLate.length ? (
						<p className="mt-2 text-sm">
							<Link to="/admin/efactura?stare=late" className="underline underline-offset-4">
								{adminT('dashboard.efacturaLateMore', { count: eFacturaLateCount - eFacturaLate.length })}
							</Link>
						</p>
					) : null}
				</section>
			) : null}
			{uncheckedVat.length > 0 ? (
				<section
					aria-labelledby="unchecked-vat-title"
					className="mt-6 rounded-2xl border-2 border-amber-700 bg-amber-50 p-5 text-amber-950"
					data-testid="unchecked-vat"
				>
					<h2 id="unchecked-vat-title" className="font-serif text-xl">
						{adminT('dashboard.uncheckedVat')} ({uncheckedVat.length})
					</h2>
					<p className="mt-1 text-sm">{adminT('dashboard.uncheckedVatText')}</p>
					<ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
						{uncheckedVat.map((order) => (
							<li key={order.orderId}>
								<Link to={`/admin/orders/${order.orderId}`} className="underline underline-offset-4">
									{adminT('dashboard.uncheckedVatItem', {
										number: `#${displayOrderNumber(order.orderId)}`,
										date: formatAdminDateTime(order.createdAt),
										vatNumber: order.vatNumber,
									})}
								</Link>
							</li>
						))}
					</ul>
				</section>
			) : null}
			<ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				{cards.map((card) => (
					<li key={card.to}>
						<Link to={card.to} className="block h-full rounded-2xl bg-white p-5 shadow-sm hover:shadow-md focus-visible:shadow-md">
							<span className="block font-serif text-xl text-clay-dark">{card.title}</span>
							<span className="mt-1 block text-sm text-muted">{card.text}</span>
						</Link>
					</li>
				))}
			</ul>
			<dl className="mt-8 grid gap-4 sm:grid-cols-2">
				<div className="rounded-2xl bg-white p-5 shadow-sm">
					<dt className="text-sm text-muted">{adminT('dashboard.todayOrders')}</dt>
					<dd className="mt-1 text-3xl font-semibold" data-testid="orders-today">
						{stats.ordersToday}
					</dd>
				</div>
				<div className="rounded-2xl bg-white p-5 shadow-sm">
					<dt className="text-sm text-muted">{adminT('dashboard.revenue30')}</dt>
					<dd className="mt-1 text-3xl font-semibold" data-testid="revenue-30">
						{formatEuro(stats.revenueLast30DaysCents, 'ro')}
					</dd>
				</div>
			</dl>
			{stats.testOrdersToday > 0 || stats.testRevenueLast30DaysCents > 0 ? (
				<p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted" data-testid="test-orders">
					<TestModeBadge />
					{adminT('dashboard.testExcluded', { today: stats.testOrdersToday, revenue: formatEuro(stats.testRevenueLast30DaysCents, 'ro') })}
				</p>
			) : null}
			<section aria-labelledby="low-stock-title" className="mt-8 rounded-2xl bg-white p-5 shadow-sm">
				<h2 id="low-stock-title" className="font-serif text-xl">
					{adminT('dashboard.lowStock')}
				</h2>
				{stats.lowStock.length === 0 ? (
					<p className="mt-2 text-sm text-muted">{adminT('dashboard.lowStockNone')}</p>
				) : (
					<ul className="mt-3 divide-y divide-sand text-sm">
						{stats.lowStock.map((product) => (
							<li key={product.id} className="flex justify-between gap-3 py-2">
								<Link to={`/admin/products/${product.id}`} className="text-clay-dark underline underline-offset-4">
									{product.name}
								</Link>
								<span>{adminT('dashboard.inStock', { count: product.stock })}</span>
							</li>
						))}
					</ul>
				)}
			</section>
		</section>
	)
}
