import * as z from 'zod/mini'
import { isUuid } from '../ids.ts'
import { euroCents } from './admin-fields.ts'
import { uuidField } from './fields.ts'
import { isStockFigure } from './admin-product.ts'

/**
 * The products list's own actions besides the row toggle and delete (ADR 0125): a bulk change of the
 * ticked products, an inline stock figure, and the low-stock threshold. Messages are Romanian.
 */

/** At most this many products change in one bulk action (a page is 20; "all on the page" stays well inside). */
export const BULK_MAX_PRODUCTS = 100
export const LOW_STOCK_MAX = 9999

const ids = z.pipe(
	z.optional(z.array(z.string())),
	z.transform((list: string[] | undefined, payload) => {
		const unique = [...new Set(list ?? [])]
		if (unique.length === 0 || !unique.every(isUuid)) {
			payload.issues.push({ code: 'custom', message: 'Selectează cel puțin un produs', input: list })
			return z.NEVER
		}
		if (unique.length > BULK_MAX_PRODUCTS) {
			payload.issues.push({ code: 'custom', message: `Poți modifica cel mult ${BULK_MAX_PRODUCTS} de produse odată`, input: list })
			return z.NEVER
		}
		return unique
	}),
)

const stockChange = z.pipe(
	z.string().check(
		z.trim(),
		z.refine(
			(value) => /^[+-]?\d{1,6}$/.test(value) && Number(value) !== 0,
			'Modificarea stocului trebuie să fie un număr întreg între -999999 și 999999, diferit de 0',
		),
	),
	z.transform(Number),
)

export const bulkProductSchema = z.discriminatedUnion('operation', [
	z.object({ intent: z.literal('bulk'), operation: z.enum(['activate', 'deactivate', 'delete']), ids }),
	z.object({
		intent: z.literal('bulk'),
		operation: z.literal('price'),
		ids,
		value: euroCents((payload) => {
			payload.issues.push({ code: 'custom', message: 'Prețul este obligatoriu', input: '' })
			return z.NEVER
		}),
	}),
	z.object({ intent: z.literal('bulk'), operation: z.literal('stock'), ids, value: stockChange }),
])
export type BulkProductChange = z.output<typeof bulkProductSchema>

/** A stock figure typed in the list (compare-and-set against the figure the row showed, ADR 0094). */
export const inlineStockSchema = z.object({
	intent: z.literal('stock'),
	id: uuidField(),
	stock: z.pipe(z.string().check(z.trim(), z.refine(isStockFigure, 'Stocul trebuie să fie un număr întreg între 0 și 999999')), z.transform(Number)),
	loadedStock: z.pipe(z.string().check(z.trim(), z.refine(isStockFigure, 'Stocul încărcat nu este valid; reîncarcă pagina')), z.transform(Number)),
})

/** The owner's low-stock threshold: at or below it a stocked product is flagged. */
export const lowStockThresholdSchema = z.object({
	intent: z.literal('threshold'),
	threshold: z.pipe(
		z.string().check(
			z.trim(),
			z.refine((value) => /^\d{1,4}$/.test(value), `Pragul de stoc redus trebuie să fie un număr întreg între 0 și ${LOW_STOCK_MAX}`),
		),
		z.transform(Number),
	),
})
