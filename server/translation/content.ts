/**
 * Content translation as the rest of the app uses it: storefront reads (cache only, never the
 * provider), queueing after an admin save, and what the admin translations screen lists and edits.
 */
import { escapeLike } from '#domain/search.ts'
import { adminTextMatch } from '../search/admin-text-match.ts'
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import {
	MAX_TRANSLATION_OVERRIDE_LENGTH,
	translationOverrideTextSchema,
	type TranslationFilter,
	type TranslationOverrideText,
} from '#domain/forms/translation-override.ts'
import type { EditStamp } from '#domain/forms/edit-version.ts'
import { checkEdit } from '../admin/edit-conflict.ts'
import { CONTAINER_TYPES } from '#domain/enums.ts'
import { isUuid } from '#domain/ids.ts'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { Database } from '#db/client.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { categories, homeContent, newsletterCampaigns, products, translations } from '#db/schema/index.ts'
import type { Logger } from '../logger.ts'
import { sourceHash } from './cache.ts'
import { TARGET_LOCALES, type TargetLocale } from './providers.ts'
import { isTargetLocale, type TranslationService } from './service.ts'
import {
	CONTENT_FIELDS_BY_KIND,
	contentContext,
	kindHasContentField,
	namedContainers,
	syncTranslations,
	type ContentField,
	type ContentKind,
	type ContentTarget,
	type HomeField,
} from './sync.ts'
import { MAX_TRANSLATION_ATTEMPTS, type TranslationWorker } from './worker.ts'

export {
	CONTENT_FIELDS,
	CONTENT_FIELDS_BY_KIND,
	CONTENT_KINDS,
	HOME_FIELDS,
	type HomeField,
	type ContentField,
	type ContentKind,
	type ContentTarget,
} from './sync.ts'

/** A field's text worth translating: not blank, and not a container the shop names itself (glass, metal). */
function translatableText(field: ContentField, text: string | null | undefined) {
	if (!text || text.trim() === '') return null
	if (field === 'containerType' && (CONTAINER_TYPES as readonly string[]).includes(text)) return null
	return text
}

/** The part of AppServices these functions need (a RequestContext fits too). */
export type TranslationApp = { db: Database; log: Logger; translation: TranslationService & { worker: TranslationWorker } }

export type LocalizableRow = { name: string; description: string | null }

/**
 * The rows with name and description in `locale`: the editor's override, else the machine
 * translation, else the Romanian text. Reads the database cache only (one query at most) and never
 * waits on a provider. Romanian rows come back unchanged.
 */
export async function readContentTranslations<T extends LocalizableRow>(
	app: Pick<TranslationApp, 'translation'>,
	locale: string,
	kind: ContentKind,
	rows: T[],
): Promise<T[]> {
	if (!isTargetLocale(locale) || rows.length === 0) return rows
	const entries = rows.flatMap((row) => [
		{ context: contentContext(kind, 'name'), text: row.name },
		{ context: contentContext(kind, 'description'), text: row.description ?? '' },
	])
	const { texts } = await app.translation.read(locale, entries)
	return rows.map((row, i) => ({ ...row, name: texts[2 * i]!, description: row.description === null ? null : texts[2 * i + 1]! }))
}

/**
 * Call after saving a product or category (its Romanian name or description may have changed):
 * queues translations for its new texts, retires those of texts no longer used, and wakes the
 * background job. Never throws: the save has already succeeded; a failure is logged and the
 * start-up sync or `npm run translations -- backfill` catches up.
 */
export async function queueContentTranslation(app: TranslationApp, target: ContentTarget): Promise<void> {
	try {
		const { queued } = await syncTranslations(app.db, target)
		if (queued > 0) app.translation.worker.nudge()
	} catch (error) {
		app.log.error({ err: (error as Error).message, ...target }, 'could not queue content translations')
	}
}

export type TranslationState = {
	machine: string | null
	override: string | null
	/** The override's version (ADR 0225): 0 while there is no row for this text yet. */
	version: number
	/** 'translated' (machine text exists), 'pending' (queued or retrying), 'failed' (gave up), 'off' (no provider, nothing yet). */
	status: 'translated' | 'pending' | 'failed' | 'off'
	error: string | null
}

export type ContentTranslationField = {
	field: ContentField
	context: string
	/** The Romanian text. */
	source: string
	translations: Record<TargetLocale, TranslationState>
}

export type ContentTranslationItem = { kind: ContentKind; id: string; name: string; fields: ContentTranslationField[] }

/** No list has this many pages; higher page numbers from the URL are brought down to it. */
const MAX_LIST_PAGE = 100_000

/** Items per page: each holds up to five texts with a form per language, so a page stays short. */
export const TRANSLATIONS_PAGE_SIZE = 8

/** For /admin/translations: each product's or category's texts with their en/es machine translation and override. */
export async function listContentTranslations(
	app: Pick<TranslationApp, 'db' | 'translation'>,
	options: { kind: ContentKind; search?: string; show?: TranslationFilter; page?: number; pageSize?: number },
): Promise<{ items: ContentTranslationItem[]; total: number; page: number; pageSize: number; provider: string }> {
	const pageSize = Math.min(Math.max(options.pageSize ?? TRANSLATIONS_PAGE_SIZE, 1), 100)
	// A page number from the URL may be anything: past MAX_LIST_PAGE the offset would overflow PostgreSQL's bigint.
	const page = Math.min(Math.max(Math.trunc(options.page ?? 1) || 1, 1), MAX_LIST_PAGE)
	const show = options.show ?? 'all'
	const { rows, total } =
		options.kind === 'home' ? await homeRows(app.db) : await catalogueRows(app.db, options.kind, { search: options.search, show }, page, pageSize)
	const fieldsOf = CONTENT_FIELDS_BY_KIND[options.kind]

	const wanted = rows.flatMap((row) => fieldsOf.flatMap((field) => translatableText(field, row.texts[field]) ?? []).map(sourceHash))
	const stored = wanted.length
		? await app.db
				.select()
				.from(translations)
				.where(and(inArray(translations.sourceHash, [...new Set(wanted)]), sql`${translations.context} like ${options.kind + '.%'}`))
		: []
	const byKey = new Map(stored.map((row) => [`${row.sourceHash}|${row.context}|${row.locale}`, row]))
	const state = (hash: string, context: string, locale: TargetLocale): TranslationState => {
		const row = byKey.get(`${hash}|${context}|${locale}`)
		const machine = row?.translatedText ?? null
		return {
			machine,
			override: row?.overrideText ?? null,
			version: row?.version ?? 0,
			status: machine !== null ? 'translated' : !app.translation.provider ? 'off' : row && row.attempts >= MAX_TRANSLATION_ATTEMPTS ? 'failed' : 'pending',
			error: machine === null ? (row?.lastError ?? null) : null,
		}
	}

	const items = rows.map((row) => {
		const fields: ContentTranslationField[] = []
		for (const field of fieldsOf) {
			const source = translatableText(field, row.texts[field])
			if (source === null) continue
			const context = contentContext(options.kind, field)
			const hash = sourceHash(source)
			fields.push({ field, context, source, translations: { en: state(hash, context, 'en'), es: state(hash, context, 'es') } })
		}
		return { kind: options.kind, id: row.id, name: row.name, fields }
	})
	if (options.kind !== 'home') return { items, total, page, pageSize, provider: app.translation.providerName }
	// The home page is one item: filtered here, as the database filters the catalogue's.
	const shown = items.filter(
		(item) => show === 'all' || item.fields.some((field) => TARGET_LOCALES.some((locale) => matches(show, field.translations[locale]))),
	)
	return { items: shown, total: shown.length, page, pageSize, provider: app.translation.providerName }
}

function matches(show: Exclude<TranslationFilter, 'all'>, state: TranslationState) {
	return show === 'overridden' ? state.override !== null : state.override === null && state.machine === null
}

/**
 * The catalogue rows the filter keeps, in SQL: a field's translation row is found by the hash of its
 * Romanian text (as syncTranslations writes it), its context and the language.
 */
function translationFilter(kind: ListedKind, show: TranslationFilter): SQL | undefined {
	if (show === 'all') return undefined
	const columns = catalogueColumns(kind)
	const conditions = CONTENT_FIELDS_BY_KIND[kind].flatMap((field) =>
		TARGET_LOCALES.map((locale) => {
			const column = columns[field] as SQL.Aliased | AnyColumn
			const wanted = show === 'overridden' ? sql`t.override_text is not null` : sql`coalesce(t.override_text, t.translated_text) is not null`
			const found = sql`exists (select 1 from ${translations} t where t.source_hash = encode(sha256(convert_to(${column}, 'UTF8')), 'hex')
				and t.context = ${contentContext(kind, field)} and t.locale = ${locale} and ${wanted})`
			if (show === 'overridden') return found
			const ownContainer = field === 'containerType' ? sql` and ${column} not in (${namedContainers})` : sql``
			return sql`(${column} is not null and ${column} ~ '\\S'${ownContainer} and not ${found})`
		}),
	)
	return or(...conditions)
}

type SourceRow = { id: string; name: string; texts: Partial<Record<ContentField, string | null>> }

/** The translatable texts of one product or category row, by field (absent for fields the kind lacks). */
type CatalogueTexts = { id: string; name: string } & Partial<Record<ContentField, string | null>>

/** The kinds that are rows of their own table, listed a page at a time (the home page is one item). */
type ListedKind = Exclude<ContentKind, 'home'>

/** The columns holding each field's Romanian text (ADR 0138: a product's free-text attributes too; a campaign is named by its subject). */
function catalogueColumns(kind: ListedKind): SelectedFields {
	if (kind === 'campaign')
		return { id: newsletterCampaigns.id, name: newsletterCampaigns.subject, subject: newsletterCampaigns.subject, body: newsletterCampaigns.body }
	return kind === 'product'
		? {
				id: products.id,
				name: products.name,
				description: products.description,
				smellsLike: products.smellsLike,
				waxColor: products.waxColor,
				containerType: products.containerType,
			}
		: { id: categories.id, name: categories.name, description: categories.description }
}

/** Each listed kind's table, the column it is named and sorted by, and what a search matches. */
function listedTable(kind: ListedKind) {
	if (kind === 'campaign') {
		return {
			table: newsletterCampaigns,
			order: [desc(newsletterCampaigns.createdAt), asc(newsletterCampaigns.id)],
			search: (q: string) => adminTextMatch(newsletterCampaigns.subject, q),
		}
	}
	const table = kind === 'product' ? products : categories
	return { table, order: [asc(table.name), asc(table.id)], search: (q: string) => or(adminTextMatch(table.name, q), ilike(table.slug, `%${escapeLike(q)}%`)) }
}

async function catalogueRows(db: Database, kind: ListedKind, filter: { search: string | undefined; show: TranslationFilter }, page: number, pageSize: number) {
	const { table, order, search } = listedTable(kind)
	const trimmed = filter.search?.trim()
	const searched = trimmed ? search(trimmed) : undefined
	// A variant's name is read as its product's name and its values (ADR 0264): only listed products are translated.
	const listed = kind === 'product' ? isNull(products.variantOf) : undefined
	const where = and(listed, searched, translationFilter(kind, filter.show))
	const [totalRow] = await db.select({ total: count() }).from(table).where(where)
	const found = (await db
		.select(catalogueColumns(kind))
		.from(table)
		.where(where)
		.orderBy(...order)
		.limit(pageSize)
		.offset((page - 1) * pageSize)) as CatalogueTexts[]
	const rows: SourceRow[] = found.map((row) => ({ id: row.id, name: row.name, texts: row }))
	return { rows, total: totalRow?.total ?? 0 }
}

/** The home page as one item (none before the owner first saves it). */
async function homeRows(db: Database) {
	const found = await db.select().from(homeContent).where(eq(homeContent.slot, 'home'))
	const rows: SourceRow[] = found.map((row) => ({ id: row.id, name: adminT('home.title'), texts: row }))
	return { rows, total: rows.length }
}

export class TranslationTargetNotFoundError extends Error {
	override name = 'TranslationTargetNotFoundError'
	readonly status = 404
}

export class NothingToTranslateError extends Error {
	override name = 'NothingToTranslateError'
	readonly status = 400
}

/**
 * Sets (or, with a blank or null text, clears) an editor's translation of one field of a product or
 * category in en or es. It wins over the machine translation wherever that Romanian text appears
 * in that context, and machine runs never change it.
 */
export async function setContentTranslationOverride(
	/** Without the translation service (scripts, tests), the text waits for the job's next round. */
	app: Pick<TranslationApp, 'db'> & Partial<Pick<TranslationApp, 'translation'>>,
	input: {
		kind: ContentKind
		id: string
		field: ContentField
		locale: string
		text: string | null
		userId?: string | null
	} & EditStamp<TranslationOverrideText>,
): Promise<{ override: string | null }> {
	if (!isTargetLocale(input.locale)) throw new NothingToTranslateError('only en and es translations can be overridden')
	if (!kindHasContentField(input.kind, input.field)) throw new NothingToTranslateError(`a ${input.kind} has no ${input.field}`)
	if (!isUuid(input.id)) throw new TranslationTargetNotFoundError('not found')
	const found = await sourceText(app.db, input.kind, input.id, input.field)
	if (found === undefined) throw new TranslationTargetNotFoundError('not found')
	const source = translatableText(input.field, found)
	if (source === null) throw new NothingToTranslateError('the Romanian text is empty')

	const text = input.text?.trim() ? input.text.trim().slice(0, MAX_TRANSLATION_OVERRIDE_LENGTH) : null
	const context = contentContext(input.kind, input.field)
	const hash = sourceHash(source)
	const now = new Date()
	const override = { overrideText: text, overrideBy: text ? (input.userId ?? null) : null, overrideAt: text ? now : null, stale: false }
	const key = and(eq(translations.sourceHash, hash), eq(translations.context, context), eq(translations.locale, input.locale))
	const saved = await app.db.transaction(async (tx) => {
		// The row exists from here on (the pending translation of this text, if the job had not made it yet), so it can be locked and checked.
		await tx
			.insert(translations)
			.values({ sourceHash: hash, context, locale: input.locale, sourceText: source })
			.onConflictDoNothing({ target: [translations.sourceHash, translations.context, translations.locale] })
		const [row] = await tx
			.select({ version: translations.version, overrideText: translations.overrideText, translatedText: translations.translatedText })
			.from(translations)
			.where(key)
			.for('update')
		const touched = checkEdit({
			schema: translationOverrideTextSchema,
			fields: ['text'],
			typed: { text: input.text, version: input.version, loaded: input.loaded },
			current: { version: row!.version, values: { text: row!.overrideText ?? '' } },
		})
		const machinePending = row!.translatedText === null
		if (touched.length === 0) return { override: row!.overrideText, machinePending }
		await tx.update(translations).set(override).where(key)
		return { override: text, machinePending }
	})
	// A text the job has not translated yet is translated now rather than at its next poll, so clearing the override shows the machine text soon.
	if (saved.machinePending) app.translation?.worker.nudge()
	return { override: saved.override }
}

/** The Romanian text of one field, or undefined when there is no such row. */
async function sourceText(db: Database, kind: ContentKind, id: string, field: ContentField): Promise<string | undefined> {
	if (kind === 'home') {
		const [row] = await db.select().from(homeContent).where(eq(homeContent.id, id))
		return row ? (row[field as HomeField] ?? '') : undefined
	}
	const { table } = listedTable(kind)
	const [row] = (await db.select(catalogueColumns(kind)).from(table).where(eq(table.id, id))) as CatalogueTexts[]
	return row ? (row[field] ?? '') : undefined
}

export function clearContentTranslationOverride(
	app: Pick<TranslationApp, 'db'> & Partial<Pick<TranslationApp, 'translation'>>,
	input: { kind: ContentKind; id: string; field: ContentField; locale: string },
) {
	return setContentTranslationOverride(app, { ...input, text: null })
}

/** Every target locale, for screens that show one column per language. */
export const TRANSLATION_LOCALES = TARGET_LOCALES
