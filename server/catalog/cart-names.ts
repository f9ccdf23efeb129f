import { inArray } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { products } from '#db/schema/index.ts'
import { LOCALES, type Locale } from '#domain/enums.ts'
import { UUID_PATTERN } from '#domain/ids.ts'
import { CART_MAX_LINES, type CartPrice } from '#domain/cart.ts'
import type { LocalizingApp } from './content.ts'
import { currentProductNames } from './product-names.ts'
import { saleColumns, withSalePrices } from './sale-prices.ts'

/**
 * The names of a cart's products in one language (ADR 0134), and their prices now (ADR 0245): the
 * cart keeps the name and price a line was added with, and shows these instead once it has them, so
 * a visitor who changes language reads their cart in it, and a sale that started or ended since is
 * the price shown. Unknown ids are left out; at most CART_MAX_LINES ids; null for a bad request.
 */
export async function cartProductNames(
	app: LocalizingApp & { db: Database },
	query: URLSearchParams,
): Promise<{ names: Record<string, string>; prices: Record<string, CartPrice> } | null> {
	const locale = query.get('lang')
	const ids = [...new Set(query.getAll('id').map((id) => id.toLowerCase()))]
	if (!(LOCALES as readonly string[]).includes(locale ?? '')) return null
	if (ids.length === 0 || ids.length > CART_MAX_LINES || !ids.every((id) => UUID_PATTERN.test(id))) return null
	const rows = await app.db
		.select({ id: products.id, ...saleColumns })
		.from(products)
		.where(inArray(products.id, ids))
	const names = await currentProductNames(app.db, locale as Locale, ids)
	const priced = await withSalePrices(app.db, rows, new Date())
	return {
		names: Object.fromEntries(names),
		prices: Object.fromEntries(
			priced.map((row) => [row.id, { cents: row.priceCents, sale: row.sale && { priorCents: row.sale.priorCents, percentOff: row.sale.percentOff } }]),
		),
	}
}
