import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { categories, homeContent, products, translations } from '#db/schema/index.ts'
import { HOME_FIELDS } from '#domain/forms/admin-home.ts'
import { TARGET_LOCALES } from './providers.ts'

export { HOME_FIELDS, type HomeField } from '#domain/forms/admin-home.ts'

export const CONTENT_KINDS = ['product', 'category', 'home'] as const
export type ContentKind = (typeof CONTENT_KINDS)[number]
export const CONTENT_FIELDS = ['name', 'description', ...HOME_FIELDS] as const
export type ContentField = (typeof CONTENT_FIELDS)[number]

/** The context a content field is translated in, e.g. `product.name`. */
export const contentContext = (kind: ContentKind, field: ContentField) => `${kind}.${field}`

export type ContentTarget = { kind: ContentKind; id: string }

/** Every non-blank content text as (context, text, hash), optionally for one product or category. */
function currentContent(target?: ContentTarget): SQL {
	const productFilter = target?.kind === 'product' ? sql`where id = ${target.id}` : target ? sql`where false` : sql``
	const categoryFilter = target?.kind === 'category' ? sql`where id = ${target.id}` : target ? sql`where false` : sql``
	const homeFilter = target?.kind === 'home' || !target ? sql`` : sql`where false`
	const home = sql.join(
		HOME_FIELDS.map((field) => sql`union all select ${sql.raw(`'home.${field}'`)}, ${homeContent[field]} from ${homeContent} ${homeFilter}`),
		sql` `,
	)
	return sql`
		select distinct context, text, encode(sha256(convert_to(text, 'UTF8')), 'hex') as hash from (
			select 'product.name' as context, name as text from ${products} ${productFilter}
			union all select 'product.description', description from ${products} ${productFilter}
			union all select 'category.name', name from ${categories} ${categoryFilter}
			union all select 'category.description', description from ${categories} ${categoryFilter}
			${home}
		) content
		where text is not null and text ~ '\\S'`
}

const RETIRABLE_CONTEXTS = ['product.name', 'product.description', 'category.name', 'category.description', ...HOME_FIELDS.map((field) => `home.${field}`)]

/**
 * Makes the translations table match the content, idempotently (safe on several instances at once):
 * a pending row for every text and language without one, stale rows revived when their text is back,
 * and rows whose Romanian text no longer appears anywhere marked stale (so editing a text retires
 * its old translations and queues new ones). Returns how many rows were queued or revived.
 */
export async function syncTranslations(db: DbExecutor, target?: ContentTarget): Promise<{ queued: number; retired: number }> {
	const locales = sql.join(
		TARGET_LOCALES.map((locale) => sql`(${locale})`),
		sql`, `,
	)
	const queued = await queryRows<{ id: string }>(
		db,
		sql`
		insert into ${translations} (source_hash, context, locale, source_text)
		select c.hash, c.context, l.locale, c.text from (${currentContent(target)}) c cross join (values ${locales}) as l(locale)
		on conflict (source_hash, context, locale) do update set stale = false, next_attempt_at = now(), updated_at = now()
			where ${translations}.stale
		returning id`,
	)
	const retired = await queryRows<{ id: string }>(
		db,
		sql`
		update ${translations} t set stale = true, updated_at = now()
		where not t.stale and t.context in (${sql.raw(RETIRABLE_CONTEXTS.map((context) => `'${context}'`).join(', '))})
			and not exists (select 1 from (${currentContent()}) c where c.hash = t.source_hash and c.context = t.context)
		returning id`,
	)
	return { queued: queued.length, retired: retired.length }
}
