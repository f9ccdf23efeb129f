import type { DbExecutor } from '#db/client.ts'
import type { Locale } from '#domain/enums.ts'
import { serverI18n } from '../i18n.ts'
import { currentProductNames } from '../catalog/product-names.ts'
import { portraitFrameKey } from '#domain/portrait-price.ts'
import { contentContext } from '../translation/sync.ts'
import { readCachedTranslations } from '../translation/service.ts'

/**
 * What an order line is called for one reader (ADR 0134): the order keeps the name it was sold
 * under (order_items.name, a snapshot for the record and the admin), but customers read the
 * catalogue's name in their language: a product's current name from the translation cache
 * (editor's override, then machine, else the Romanian text), a portrait's name from its size. A
 * product deleted since keeps its snapshot.
 */

type OptionValue = string | number | boolean | null

export type OrderLineSource = { productId: string | null; name: string; options: Record<string, OptionValue> }

/** One portrait option as the reader sees it, e.g. { label: 'Frame', value: 'Premium frame' }. */
export type OptionRow = { label: string; value: string }

const OPTION_ORDER = ['dimension', 'persons', 'withCar', 'withPet', 'frame', 'description'] as const

/** A portrait line's options (size, people, car, pet, frame, description) as label/value rows in `locale`. */
export function orderOptionRows(options: Record<string, OptionValue>, locale: Locale): OptionRow[] {
	const t = serverI18n(locale).getFixedT(locale)
	const rows: OptionRow[] = []
	for (const key of OPTION_ORDER) {
		const value = options[key]
		if (value === undefined || value === null || value === '') continue
		let shown: string
		if (typeof value === 'boolean') shown = t(value ? 'checkout.options.yes' : 'checkout.options.no')
		else if (key === 'frame') {
			const frame = portraitFrameKey(value)
			// The frame's name as the customiser and the cart call it ("Premium frame"), without the surcharge of today's price list.
			shown = frame ? t(`portrait.${frame}`) : String(value)
		} else if (key === 'dimension') shown = `${String(value)} cm`
		else shown = String(value)
		rows.push({ label: t(`checkout.options.${key}`), value: shown })
	}
	return rows
}

/** A portrait line: no catalogue product, and a size among its options; its name comes from that size. */
export const isPortrait = (line: OrderLineSource) => line.productId === null && typeof line.options.dimension === 'string'

/**
 * The lines with `name` in `locale` and their portrait options as rows. Two queries at most (the
 * products' current names, their cached translations), with the executor given: an email rendered
 * inside a transaction reads through it.
 */
export async function localizeOrderLines<T extends OrderLineSource>(
	db: DbExecutor,
	locale: Locale,
	lines: readonly T[],
): Promise<(T & { optionRows: OptionRow[] })[]> {
	const t = serverI18n(locale).getFixedT(locale)
	const ids = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))]
	const current = await currentProductNames(db, locale, ids)
	const names = lines.map((line) => (line.productId && current.get(line.productId)) || line.name)
	return lines.map((line, index) => ({
		...line,
		name: isPortrait(line) ? t('checkout.portraitName', { size: String(line.options.dimension) }) : names[index]!,
		optionRows: isPortrait(line) ? orderOptionRows(line.options, locale) : [],
	}))
}

/** A catalogue product's name in `locale` (for a message naming a line of a refused checkout). */
export async function localizedProductNames(db: DbExecutor, locale: Locale, names: string[]): Promise<string[]> {
	return readCachedTranslations(
		db,
		locale,
		names.map((text) => ({ context: contentContext('product', 'name'), text })),
	)
}
