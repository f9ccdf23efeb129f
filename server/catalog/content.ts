import type { Locale } from '#domain/enums.ts'
import type { RequestContext } from '../context.ts'
import { contentContext, HOME_FIELDS, type ContentKind } from '../translation/sync.ts'

/** Fields of catalogue rows (a product's attributes too, ADR 0138) and of the home page (ADR 0132) that hold content written by the shop (Romanian, the source language). */
export const LOCALIZED_FIELDS = ['name', 'description', 'categoryName', 'smellsLike', 'waxColor', 'containerType', ...HOME_FIELDS] as const

type LocalizedField = (typeof LOCALIZED_FIELDS)[number]

export type LocalizableRow = { [K in LocalizedField]?: string | null }

/** Which cached translation a field reads: a product row's categoryName is its category's name. */
function contextOf(kind: ContentKind, field: LocalizedField) {
	return field === 'categoryName' ? contentContext('category', 'name') : contentContext(kind, field)
}

/** A request's context; outside requests (scripts, tests) the translation service is enough. */
export type LocalizingApp = Pick<RequestContext, 'translation'> & Partial<Pick<RequestContext, 'keepPageOutOfCache'>>

/** Rows of one kind of content, to be localized together with other groups (see localizeContentGroups). */
export type ContentGroup = { kind: ContentKind; rows: readonly LocalizableRow[] }

type LocalizedGroups<G extends readonly ContentGroup[]> = { -readonly [I in keyof G]: G[I]['rows'][number][] }

/**
 * THE one place catalogue content (category and product names and descriptions, a product's free-text attributes) is put into the
 * visitor's language before it is shown on a page, in the sitemap or in JSON-LD. It returns rows of
 * the same shape with the LOCALIZED_FIELDS replaced by the editor's override, else the machine
 * translation, else the Romanian source. It reads the translation cache only (one query at most)
 * and never waits on a provider.
 */
export async function localizeContent<T extends LocalizableRow>(app: LocalizingApp, kind: ContentKind, rows: T[], locale: Locale): Promise<T[]> {
	const [localized] = await localizeContentGroups(app, [{ kind, rows }] as const, locale)
	return localized as T[]
}

/**
 * localizeContent for several groups of rows (a page's categories and its products) in one cache
 * read, so a page costs one translation query at most however many kinds of content it shows.
 */
export async function localizeContentGroups<const G extends readonly ContentGroup[]>(
	app: LocalizingApp,
	groups: G,
	locale: Locale,
): Promise<LocalizedGroups<G>> {
	const copies = groups.map((group) => [...group.rows]) as LocalizedGroups<G>
	if (locale === 'ro') return copies
	const slots: { group: number; row: number; field: LocalizedField }[] = []
	const entries: { context: string; text: string }[] = []
	groups.forEach(({ kind, rows }, group) => {
		rows.forEach((row, index) => {
			for (const field of LOCALIZED_FIELDS) {
				const text = row[field]
				if (typeof text !== 'string' || text.trim() === '') continue
				slots.push({ group, row: index, field })
				entries.push({ context: contextOf(kind, field), text })
			}
		})
	})
	if (entries.length === 0) return copies
	const { texts, complete } = await app.translation.read(locale, entries)
	// Shown in Romanian for now: right for this visitor, wrong to keep for the next ones.
	if (!complete) app.keepPageOutOfCache?.()
	const localized = groups.map((group) => group.rows.map((row) => ({ ...row }))) as LocalizedGroups<G>
	slots.forEach((slot, i) => {
		;(localized[slot.group] as LocalizableRow[])[slot.row]![slot.field] = texts[i]!
	})
	return localized
}
