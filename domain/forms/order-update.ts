import * as z from 'zod/mini'
import { ORDER_STATUSES } from '../enums.ts'

/** Spec §5 order update. Admin screens are Romanian only, so the messages are the spec's texts. */
export const TRACKING_NUMBER_MAX = 100

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Status invalid' })

export const trackingNumberSchema = z
	.string({ error: 'Numărul de tracking nu poate depăși 100 de caractere' })
	.check(z.trim(), z.maxLength(TRACKING_NUMBER_MAX, 'Numărul de tracking nu poate depăși 100 de caractere'))

export const orderUpdateSchema = z.object({
	status: z.optional(orderStatusSchema),
	trackingNumber: z.optional(trackingNumberSchema),
})

/**
 * The admin order dialog's action (ADR 0101, 0103): one discriminated union on `intent`.
 * intent=status (status), intent=tracking (trackingNumber), intent=archive (the admin's "delete")
 * or intent=restore. A tracking form sent without the field clears the number, as an empty one does.
 */
export const orderActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('status'), status: orderStatusSchema }),
	z.object({ intent: z.literal('tracking'), trackingNumber: z.optional(trackingNumberSchema) }),
	z.object({ intent: z.literal('archive') }),
	z.object({ intent: z.literal('restore') }),
])

export type OrderAction = z.output<typeof orderActionSchema>
