import { Link } from '#app/components/link.tsx'
import { dashboardStats } from '#server/orders/dashboard.ts'
import { getApp } from '#server/context.ts'
import { TestModeBadge } from '#app/components/admin/order-badges.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import type { Route } from './+types/dashboard'

export async function loader({ context }: Route.LoaderArgs) {
	return { stats: await dashboardStats(getApp(context).db) }
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
]

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
	const { stats } = loaderData
	return (
		<section aria-labelledby="dashboard-title">
			<h1 id="dashboard-title" className="font-serif text-3xl">
				{adminT('dashboard.title')}
			</h1>
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
