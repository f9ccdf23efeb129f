import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { categories } from '#db/schema/index.ts'

export type CategoryCard = { id: string; slug: string; name: string; description: string | null; imageUrl: string | null }

/** Active top-level categories ordered by display_order. */
export async function listTopLevelCategories(db: Database): Promise<CategoryCard[]> {
	return db
		.select({
			id: categories.id,
			slug: categories.slug,
			name: categories.name,
			description: categories.description,
			imageUrl: categories.imageUrl,
		})
		.from(categories)
		.where(and(eq(categories.isActive, true), isNull(categories.parentId)))
		.orderBy(asc(categories.displayOrder), asc(categories.name))
}
