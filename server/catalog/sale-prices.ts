import { and, asc, inArray, lte, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { productPriceHistory, products } from '#db/schema/index.ts'
import { effectivePriceCents, saleActiveAt, saleAnnouncement, type PriceHistoryRow, type SaleColumns } from '#domain/sale-price.ts'

/** The columns a product's price at a time is decided from (ADR 0245). */
export const saleColumns = {
	priceCents: products.priceCents,
	salePriceCents: products.salePriceCents,
	saleStartsAt: products.saleStartsAt,
	saleEndsAt: products.saleEndsAt,
}

/** A reduction as pages announce it (ADR 0246): the lowest price of the 30 days before it, and the percent off that. */
export type SaleOffer = { priorCents: number; percentOff: number; endsAt: Date }

/** The price history up to `at` of some products, per product id. */
export async function priceHistories(db: DbExecutor, ids: readonly string[], at: Date): Promise<Map<string, PriceHistoryRow[]>> {
	const histories = new Map<string, PriceHistoryRow[]>()
	if (ids.length === 0) return histories
	const rows = await db
		.select({ productId: productPriceHistory.productId, priceCents: productPriceHistory.priceCents, fromAt: productPriceHistory.fromAt })
		.from(productPriceHistory)
		.where(and(inArray(productPriceHistory.productId, [...ids]), lte(productPriceHistory.fromAt, at)))
		.orderBy(asc(productPriceHistory.productId), asc(productPriceHistory.fromAt))
	for (const { productId, ...row } of rows) histories.set(productId, [...(histories.get(productId) ?? []), row])
	return histories
}

/**
 * Products as a page shows them at `at`: `priceCents` becomes the price charged then, `sale` the
 * reduction to announce (or null), and the raw sale columns are dropped. One history query, only
 * for the products on sale (none for a page without any).
 */
export async function withSalePrices<T extends SaleColumns & { id: string }>(
	db: DbExecutor,
	rows: readonly T[],
	at: Date,
): Promise<(Omit<T, 'salePriceCents' | 'saleStartsAt' | 'saleEndsAt'> & { sale: SaleOffer | null })[]> {
	const onSale = rows.filter((row) => saleActiveAt(row, at)).map((row) => row.id)
	const histories = await priceHistories(db, onSale, at)
	return rows.map(({ salePriceCents, saleStartsAt, saleEndsAt, ...row }) => {
		const columns = { priceCents: row.priceCents, salePriceCents, saleStartsAt, saleEndsAt }
		return {
			...row,
			priceCents: effectivePriceCents(columns, at),
			sale: saleAnnouncement(columns, histories.get(row.id) ?? [], at),
		}
	})
}

/**
 * Brings every product's price_now_cents (what the catalogue sorts by, ADR 0262) to the price charged
 * now. Writes set it themselves; this is for the moments nothing writes: a scheduled sale starting or
 * ending, and a start after the shop was stopped across one. Only rows whose price changed are
 * written, so a second instance doing the same at the same moment writes nothing; a row it writes is
 * announced like any catalogue change, so every instance drops its cached pages.
 */
export async function refreshPricesNow(db: DbExecutor): Promise<void> {
	const now = sql`product_price_at(${products.priceCents}, ${products.salePriceCents}, ${products.saleStartsAt}, ${products.saleEndsAt}, now())`
	await db
		.update(products)
		.set({ priceNowCents: now })
		.where(sql`${products.priceNowCents} <> ${now}`)
	await parentsPriceNow(db)
}

/**
 * A product sold as variants is charged nothing itself: the price it shows ("from") and is sorted by
 * is its cheapest listed variant's price charged now (ADR 0264), a variant's sale included. For one
 * product, or every product with variants. Only rows whose figure changed are written.
 */
export async function parentsPriceNow(db: DbExecutor, productId?: string): Promise<void> {
	await db.execute(sql`
		update ${products} parent set price_now_cents = cheapest.cents
		from (
			select variant_of, min(price_now_cents) as cents from ${products}
			where variant_of is not null and is_active ${productId ? sql`and variant_of = ${productId}` : sql``}
			group by variant_of
		) cheapest
		where parent.id = cheapest.variant_of and parent.price_now_cents <> cheapest.cents`)
}
