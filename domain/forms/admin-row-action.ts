import * as z from 'zod/mini'
import { uuidField } from './fields.ts'

/**
 * The row actions of an admin list (categories, products): intent=toggle (id, active=true|false)
 * or intent=delete (id), one discriminated union (ADR 0101, 0103). `active` is the state asked
 * for: anything but 'true' deactivates, as the buttons send only 'true' or 'false'.
 */
export const rowActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('toggle'),
		id: uuidField(),
		active: z.pipe(
			z.optional(z.string()),
			z.transform((value) => value === 'true'),
		),
	}),
	z.object({ intent: z.literal('delete'), id: uuidField() }),
])

export type RowAction = z.output<typeof rowActionSchema>

/** The media library's one row action: intent=delete (id). */
export const mediaActionSchema = z.object({ intent: z.literal('delete'), id: uuidField() })
