import crypto from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { categories, products } from '#db/schema/index.ts'
import type { Badge } from '#domain/enums.ts'

/**
 * A small catalogue of its own for one test: a top-level category with two subcategories and a few
 * products, all with unique slugs so parallel tests never see each other's data.
 */
export async function createTestCatalog(db: Database) {
	const tag = crypto.randomBytes(4).toString('hex')
	const [top] = await db
		.insert(categories)
		.values({ slug: `e2e-top-${tag}`, name: `Categorie E2E ${tag}`, description: 'Categorie de test', displayOrder: 9000 })
		.returning()
	const subs = await db
		.insert(categories)
		.values([
			{ slug: `e2e-sub-a-${tag}`, name: `Sub A ${tag}`, parentId: top!.id, displayOrder: 1 },
			{ slug: `e2e-sub-b-${tag}`, name: `Sub B ${tag}`, parentId: top!.id, displayOrder: 2 },
		])
		.returning()
	const make = (name: string, categoryId: string, badges: Badge[], extra: Partial<typeof products.$inferInsert> = {}) => ({
		slug: `e2e-${name.toLowerCase().replace(/\s+/g, '-')}-${tag}`,
		name: `${name} ${tag}`,
		description: `Descriere pentru ${name}`,
		kind: 'candle' as const,
		categoryId,
		priceCents: 1990,
		stock: 5,
		badges,
		...extra,
	})
	const rows = await db
		.insert(products)
		.values([
			make('Alpha Bestseller', subs[0]!.id, ['Handmade', 'Bestseller']),
			make('Beta Nou', subs[0]!.id, ['Nou']),
			make('Gamma Simplu', subs[1]!.id, ['Handmade'], { stock: 0 }),
			make('Delta Inactiv', subs[1]!.id, ['Bestseller'], { isActive: false }),
		])
		.returning()
	const [alpha, beta, gamma, inactive] = rows as [
		typeof products.$inferSelect,
		typeof products.$inferSelect,
		typeof products.$inferSelect,
		typeof products.$inferSelect,
	]
	return {
		tag,
		top: top!,
		subA: subs[0]!,
		subB: subs[1]!,
		alpha,
		beta,
		gamma,
		inactive,
		async cleanup() {
			await db.delete(products).where(
				inArray(
					products.id,
					rows.map((row) => row.id),
				),
			)
			await db.delete(categories).where(eq(categories.id, top!.id))
		},
	}
}
