import * as z from 'zod/mini'
import { isUuid } from '../ids.ts'
import { parseLocaleNumber } from '../locale-number.ts'
import { euroCents, integerInRange } from './admin-fields.ts'
import { uuidField } from './fields.ts'
import { isStockFigure, STOCK_MAX, STOCK_RANGE_MESSAGE } from './admin-product.ts'

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

const STOCK_CHANGE_MESSAGE = 'Modificarea stocului trebuie să fie un număr întreg între -999999 și 999999, diferit de 0'

/** A change of stock, read the one way with its sign ("+5", "-1 000"). */
const stockChange = z.pipe(
	z.string().check(z.trim()),
	z.transform((value: string, payload) => {
		const reading = parseLocaleNumber(value, { decimals: 0, signed: true })
		if (reading.ok && reading.value !== 0 && Math.abs(reading.value) <= STOCK_MAX) return reading.value
		payload.issues.push({ code: 'custom', message: STOCK_CHANGE_MESSAGE, input: value })
		return z.NEVER
	}),
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
	stock: integerInRange(0, STOCK_MAX, STOCK_RANGE_MESSAGE),
	loadedStock: z.pipe(z.string().check(z.trim(), z.refine(isStockFigure, 'Stocul încărcat nu este valid; reîncarcă pagina')), z.transform(Number)),
})

/** The owner's low-stock threshold: at or below it a stocked product is flagged. */
export const lowStockThresholdSchema = z.object({
	intent: z.literal('threshold'),
	threshold: integerInRange(0, LOW_STOCK_MAX, `Pragul de stoc redus trebuie să fie un număr întreg între 0 și ${LOW_STOCK_MAX}`),
})
