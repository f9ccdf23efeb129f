import * as z from 'zod/mini'
import { ORDER_STATUSES } from '../enums.ts'
import { editStampShape } from './edit-version.ts'

/** The admin's order update: one of the five statuses, a tracking number of at most 100. Admin screens are Romanian only, so are the messages. */
export const TRACKING_NUMBER_MAX = 100

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Status invalid' })

export const trackingNumberSchema = z
	.string({ error: 'Numărul de tracking nu poate depăși 100 de caractere' })
	.check(z.trim(), z.maxLength(TRACKING_NUMBER_MAX, 'Numărul de tracking nu poate depăși 100 de caractere'))

export const orderUpdateSchema = z.object({
	status: z.optional(orderStatusSchema),
	trackingNumber: z.optional(trackingNumberSchema),
})

/** An internal note on an order (ADR 0130): staff only, kept in the order's history. */
export const ORDER_NOTE_MAX = 2000

export const orderNoteSchema = z
	.string({ error: 'Scrie textul notei' })
	.check(z.trim(), z.minLength(1, 'Scrie textul notei'), z.maxLength(ORDER_NOTE_MAX, `Nota nu poate depăși ${ORDER_NOTE_MAX} de caractere`))

/**
 * The admin order dialog's action (ADR 0101, 0103): one discriminated union on `intent`.
 * intent=status (status), intent=tracking (trackingNumber), intent=archive (the admin's "delete")
 * intent=restore, or intent=note (note: an internal note for the staff). A tracking form sent without the field clears the number, as an empty one does.
 */
export const orderActionSchema = z.discriminatedUnion('intent', [
	// Status and tracking carry the order's version and the values they loaded (ADR 0225).
	z.object({ intent: z.literal('status'), status: orderStatusSchema, ...editStampShape(orderUpdateSchema) }),
	z.object({ intent: z.literal('tracking'), trackingNumber: z.optional(trackingNumberSchema), ...editStampShape(orderUpdateSchema) }),
	z.object({ intent: z.literal('archive') }),
	z.object({ intent: z.literal('restore') }),
	z.object({ intent: z.literal('note'), note: orderNoteSchema }),
])

export type OrderAction = z.output<typeof orderActionSchema>

/** What the admin's order dialog edits, as its forms load it and as a conflict compares it. */
export type OrderEditValues = z.output<typeof orderUpdateSchema>
