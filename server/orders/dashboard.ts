import { sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { orders, products } from '#db/schema/index.ts'
import { SHOP_TIME_ZONE } from '#domain/shop-calendar.ts'
import { getLowStockThreshold } from '../catalog/stock-settings.ts'
import { isRealOrder } from './real-order.ts'

export type DashboardStats = {
	ordersToday: number
	revenueLast30DaysCents: number
	/** The same two figures for test-money orders, shown apart (marked TEST) and never added to the real ones. */
	testOrdersToday: number
	testRevenueLast30DaysCents: number
	lowStock: { id: string; name: string; stock: number }[]
}

/**
 * Today's orders (not archived; orders to fulfil only, not checkouts never paid, ADR 0116),
 * revenue of the last 30 days (what paid orders took less what was refunded, integer cents; archived
 * ones count, they are kept for accounting, ADR 0115) and active products at or below the owner's
 * low-stock threshold. Test-money orders are counted apart, so a test payment never passes for takings.
 */
export async function dashboardStats(db: DbExecutor): Promise<DashboardStats> {
	const [counts] = await queryRows<{ orders_today: number; revenue: string | number | null; test_orders_today: number; test_revenue: string | number | null }>(
		db,
		sql`with today as (
				select ${orders.testMode} as test from ${orders}
				where ${orders.archivedAt} is null and ${isRealOrder}
				and ${orders.createdAt} >= (date_trunc('day', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE})
			), paid as (
				select ${orders.testMode} as test,
					case when ${orders.paymentStatus} = 'refunded' then 0 else ${orders.totalCents} - ${orders.refundedCents} end as total
				from ${orders}
				where ${orders.paymentStatus} in ('paid', 'refunded')
				and coalesce(${orders.paidAt}, ${orders.createdAt}) >= now() - interval '30 days'
			)
			select
				(select count(*)::int from today where not test) as orders_today,
				(select coalesce(sum(total), 0)::bigint from paid where not test) as revenue,
				(select count(*)::int from today where test) as test_orders_today,
				(select coalesce(sum(total), 0)::bigint from paid where test) as test_revenue`,
	)
	const threshold = await getLowStockThreshold(db)
	const lowStock = await queryRows<{ id: string; name: string; stock: number }>(
		db,
		// A variant is edited on its product's page (ADR 0264): its link goes there.
		sql`select coalesce(variant_of, id) as id, name, stock from ${products}
			where ${products.isActive} and ${products.stock} is not null and ${products.stock} <= ${threshold}
			order by ${products.stock} asc, ${products.name} asc limit 10`,
	)
	return {
		ordersToday: Number(counts?.orders_today ?? 0),
		revenueLast30DaysCents: Number(counts?.revenue ?? 0),
		testOrdersToday: Number(counts?.test_orders_today ?? 0),
		testRevenueLast30DaysCents: Number(counts?.test_revenue ?? 0),
		lowStock,
	}
}
