import { sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { categories, media, products } from '#db/schema/index.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { keyFromPublicUrl } from './admin-images.ts'

export type CatalogImageRegistration = { registered: number; skipped: string[] }

/**
 * Makes every stored picture a product or category shows a media library row (ADR 0139): pictures
 * uploaded before the library became the one place for images, and those of shops restored from
 * such a backup, then appear in the library with where they are used and are kept like any library
 * image. Idempotent and safe on several instances at once (storage keys are unique); a URL that is
 * not this storage's, or whose object is gone, is skipped and reported.
 */
export async function registerCatalogImages(deps: { db: DbExecutor; storage: ObjectStorage }): Promise<CatalogImageRegistration> {
	const unregistered = await queryRows<{ url: string }>(
		deps.db,
		sql`select distinct used.url from (
				select e.url from ${products} p cross join lateral jsonb_array_elements_text(p.images) as e(url)
				union select image_url from ${categories} where image_url is not null
			) used
			where not exists (select 1 from ${media} m where m.url = used.url)
			order by used.url`,
	)
	let registered = 0
	const skipped: string[] = []
	for (const { url } of unregistered) {
		const key = keyFromPublicUrl(deps.storage, url)
		const object = key ? await deps.storage.get(key) : null
		if (!key || !object) {
			skipped.push(url)
			continue
		}
		object.body.destroy()
		const inserted = await deps.db
			.insert(media)
			.values({ filename: key.split('/').pop()!, folder: 'products', url, storageKey: key, size: object.size, mimeType: object.contentType })
			.onConflictDoNothing()
			.returning({ id: media.id })
		registered += inserted.length
	}
	return { registered, skipped }
}
