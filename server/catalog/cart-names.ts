import { inArray } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { products } from '#db/schema/index.ts'
import { LOCALES, type Locale } from '#domain/enums.ts'
import { UUID_PATTERN } from '#domain/ids.ts'
import { CART_MAX_LINES } from '#domain/cart.ts'
import { localizeContent, type LocalizingApp } from './content.ts'

/**
 * The names of a cart's products in one language (ADR 0134): the cart keeps the name a line was
 * added with, and shows this one instead once it has it, so a visitor who changes language reads
 * their cart in it. Unknown ids are left out; at most CART_MAX_LINES ids; null for a bad request.
 */
export async function cartProductNames(app: LocalizingApp & { db: Database }, query: URLSearchParams): Promise<Record<string, string> | null> {
	const locale = query.get('lang')
	const ids = [...new Set(query.getAll('id').map((id) => id.toLowerCase()))]
	if (!(LOCALES as readonly string[]).includes(locale ?? '')) return null
	if (ids.length === 0 || ids.length > CART_MAX_LINES || !ids.every((id) => UUID_PATTERN.test(id))) return null
	const rows = await app.db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids))
	const named = await localizeContent(app, 'product', rows, locale as Locale)
	return Object.fromEntries(named.map((row) => [row.id, row.name]))
}
