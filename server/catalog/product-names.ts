import { eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '#db/client.ts'
import { products } from '#db/schema/index.ts'
import { variantName } from '#domain/variants.ts'
import { contentContext, PRODUCT_OPTION_CONTEXT } from '../translation/sync.ts'
import { readCachedTranslations } from '../translation/service.ts'

const parents = alias(products, 'parent_product')

/**
 * Products' current names in `locale`, from the translation cache (editor's override, then machine,
 * else the Romanian text), by id; ids of no product are left out. A variant's name is its product's
 * name and its values, each in `locale` (ADR 0264), so "Lumânare — Mare" reads "Candle — Large" even
 * before the variant's whole name is translated. Two queries.
 */
export async function currentProductNames(db: DbExecutor, locale: string, ids: readonly string[]): Promise<Map<string, string>> {
	if (ids.length === 0) return new Map()
	const rows = await db
		.select({ id: products.id, name: products.name, values: products.optionValues, parentName: parents.name })
		.from(products)
		.leftJoin(parents, eq(parents.id, products.variantOf))
		.where(inArray(products.id, [...ids]))
	const entries = rows.flatMap((row) =>
		row.parentName === null
			? [{ context: contentContext('product', 'name'), text: row.name }]
			: [{ context: contentContext('product', 'name'), text: row.parentName }, ...row.values.map((text) => ({ context: PRODUCT_OPTION_CONTEXT, text }))],
	)
	const texts = await readCachedTranslations(db, locale, entries)
	let next = 0
	return new Map(
		rows.map((row) => {
			if (row.parentName === null) return [row.id, texts[next++]!]
			const [name, ...values] = texts.slice(next, next + 1 + row.values.length)
			next += 1 + row.values.length
			return [row.id, variantName(name!, values)]
		}),
	)
}
