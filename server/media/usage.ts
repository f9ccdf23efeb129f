import { eq, inArray, sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { categories, homeContent, products } from '#db/schema/index.ts'
import type { ImageUse } from '#domain/admin/image-uses.ts'

export type { ImageUse } from '#domain/admin/image-uses.ts'

/**
 * Where each of `urls` is used (ADR 0132): products' pictures, categories' images, the home hero
 * and banner. Three queries whatever the number of URLs; a URL used nowhere maps to [].
 */
export async function findImageUses(db: DbExecutor, urls: readonly string[]): Promise<Map<string, ImageUse[]>> {
	const uses = new Map<string, ImageUse[]>(urls.map((url) => [url, []]))
	if (urls.length === 0) return uses
	const list = sql.join(
		urls.map((url) => sql`${url}`),
		sql`, `,
	)
	const [productRows, categoryRows, homeRows] = await Promise.all([
		queryRows<{ id: string; name: string; url: string }>(
			db,
			sql`select p.id, p.name, e.url from ${products} p cross join lateral jsonb_array_elements_text(p.images) as e(url)
				where e.url in (${list}) order by p.name, p.id`,
		),
		db
			.select({ id: categories.id, name: categories.name, url: categories.imageUrl })
			.from(categories)
			.where(inArray(categories.imageUrl, [...urls]))
			.orderBy(categories.name),
		db.select({ hero: homeContent.heroImageUrl, banner: homeContent.bannerImageUrl }).from(homeContent).where(eq(homeContent.slot, 'home')),
	])
	for (const row of productRows) uses.get(row.url)?.push({ kind: 'product', id: row.id, name: row.name })
	for (const row of categoryRows) if (row.url) uses.get(row.url)?.push({ kind: 'category', id: row.id, name: row.name })
	for (const row of homeRows) {
		if (row.hero) uses.get(row.hero)?.push({ kind: 'homeHero' })
		if (row.banner) uses.get(row.banner)?.push({ kind: 'homeBanner' })
	}
	return uses
}

/** True when a library image (by its URL) is used anywhere. */
export async function isImageInUse(db: DbExecutor, url: string) {
	return ((await findImageUses(db, [url])).get(url) ?? []).length > 0
}
