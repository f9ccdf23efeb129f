import * as z from 'zod/mini'
import { isUuid } from '../ids.ts'
import { uuidField } from './fields.ts'

/**
 * Deleting a category (ADR 0125): its products (with its subcategories') are moved to another
 * category or deactivated, as the owner chooses; a category without products needs no choice.
 */
export const categoryDeleteSchema = z.pipe(
	z.object({
		intent: z.literal('delete'),
		id: uuidField(),
		productsTo: z.optional(z.enum(['move', 'deactivate'], { error: 'Alege ce se întâmplă cu produsele categoriei' })),
		targetId: z.optional(z.string()),
	}),
	z.transform((value, payload) => {
		if (value.productsTo !== 'move') return { id: value.id, products: value.productsTo ?? null, targetId: null }
		if (!isUuid(value.targetId)) {
			payload.issues.push({ code: 'custom', message: 'Alege categoria în care se mută produsele', input: value.targetId, path: ['targetId'] })
			return z.NEVER
		}
		return { id: value.id, products: 'move' as const, targetId: value.targetId }
	}),
)
export type CategoryDelete = z.output<typeof categoryDeleteSchema>
