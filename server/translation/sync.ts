import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { categories, homeContent, newsletterCampaigns, products, translations } from '#db/schema/index.ts'
import { CONTAINER_TYPES } from '#domain/enums.ts'
import { HOME_FIELDS } from '#domain/forms/admin-home.ts'
import { TARGET_LOCALES } from './providers.ts'

export { HOME_FIELDS, type HomeField } from '#domain/forms/admin-home.ts'

export const CONTENT_KINDS = ['product', 'category', 'home', 'campaign'] as const
export type ContentKind = (typeof CONTENT_KINDS)[number]
/** Every field the owner writes in Romanian and visitors read translated (ADR 0138 adds a product's free-text attributes). */
const PRODUCT_FIELDS = ['name', 'description', 'smellsLike', 'waxColor', 'containerType'] as const
/** A newsletter campaign's subject and body (ADR 0270): written in Romanian, sent in each subscriber's language. */
const CAMPAIGN_FIELDS = ['subject', 'body'] as const
export const CONTENT_FIELDS = [...PRODUCT_FIELDS, ...HOME_FIELDS, ...CAMPAIGN_FIELDS] as const
export type ContentField = (typeof CONTENT_FIELDS)[number]
/** The fields each kind has: categories have a name and a description only. */
export const CONTENT_FIELDS_BY_KIND = {
	product: PRODUCT_FIELDS,
	category: ['name', 'description'],
	home: HOME_FIELDS,
	campaign: CAMPAIGN_FIELDS,
} as const satisfies Record<ContentKind, readonly ContentField[]>

export const kindHasContentField = (kind: ContentKind, field: ContentField) => (CONTENT_FIELDS_BY_KIND[kind] as readonly ContentField[]).includes(field)

/** The context a content field is translated in, e.g. `product.name`, `product.smells_like` (contexts are snake case). */
export const contentContext = (kind: ContentKind, field: ContentField) => `${kind}.${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`

/** A product's option names and its variants' values (Mărime, Mare), read on its page's variant picker (ADR 0264). */
export const PRODUCT_OPTION_CONTEXT = 'product.option'

/** Every context content translations use. */
export const CONTENT_CONTEXTS = [
	...CONTENT_KINDS.flatMap((kind) => CONTENT_FIELDS_BY_KIND[kind].map((field) => contentContext(kind, field))),
	PRODUCT_OPTION_CONTEXT,
]

/** The containers the shop names itself (glass, metal: interface text in every language); any other container is the owner's text. */
export const namedContainers = sql.join(
	CONTAINER_TYPES.map((container) => sql`${container}`),
	sql`, `,
)

export type ContentTarget = { kind: ContentKind; id: string }

/** Every non-blank content text as (context, text, hash), optionally for one product or category. */
function currentContent(target?: ContentTarget): SQL {
	// Listed products' texts; a variant is read as its product's name and its values (ADR 0264), so only its values are queued.
	const productFilter =
		target?.kind === 'product' ? sql`where id = ${target.id} and variant_of is null` : target ? sql`where false` : sql`where variant_of is null`
	const variantFilter = target?.kind === 'product' ? sql`where variant_of = ${target.id}` : target ? sql`where false` : sql`where variant_of is not null`
	const categoryFilter = target?.kind === 'category' ? sql`where id = ${target.id}` : target ? sql`where false` : sql``
	const homeFilter = target?.kind === 'home' || !target ? sql`` : sql`where false`
	const campaignFilter = target?.kind === 'campaign' ? sql`where id = ${target.id}` : target ? sql`where false` : sql``
	const home = sql.join(
		HOME_FIELDS.map((field) => sql`union all select ${contentContext('home', field)}, ${homeContent[field]} from ${homeContent} ${homeFilter}`),
		sql` `,
	)
	return sql`
		select distinct context, text, encode(sha256(convert_to(text, 'UTF8')), 'hex') as hash from (
			select 'product.name' as context, name as text from ${products} ${productFilter}
			union all select 'product.description', description from ${products} ${productFilter}
			union all select 'product.smells_like', smells_like from ${products} ${productFilter}
			union all select 'product.wax_color', wax_color from ${products} ${productFilter}
			union all select 'product.container_type', container_type from ${products} ${productFilter}
			union all select ${PRODUCT_OPTION_CONTEXT}, jsonb_array_elements_text(option_names) from ${products} ${productFilter}
			union all select ${PRODUCT_OPTION_CONTEXT}, jsonb_array_elements_text(option_values) from ${products} ${variantFilter}
			union all select 'category.name', name from ${categories} ${categoryFilter}
			union all select 'category.description', description from ${categories} ${categoryFilter}
			${home}
			union all select 'campaign.subject', subject from ${newsletterCampaigns} ${campaignFilter}
			union all select 'campaign.body', body from ${newsletterCampaigns} ${campaignFilter}
		) content
		where text is not null and text ~ '\\S' and not (context = 'product.container_type' and text in (${namedContainers}))`
}

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
		where not t.stale and t.context in (${sql.join(
			CONTENT_CONTEXTS.map((context) => sql`${context}`),
			sql`, `,
		)})
			and not exists (select 1 from (${currentContent()}) c where c.hash = t.source_hash and c.context = t.context)
		returning id`,
	)
	return { queued: queued.length, retired: retired.length }
}
