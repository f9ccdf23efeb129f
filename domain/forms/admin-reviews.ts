import * as z from 'zod/mini'
import { REVIEW_STATUSES } from '../reviews.ts'
import { uuidField } from './fields.ts'

/** The reviews list's filter (ADR 0268): one status, or all; the owner starts with those waiting. */
export const REVIEW_STATUS_FILTERS = [...REVIEW_STATUSES, 'all'] as const
export type ReviewStatusFilter = (typeof REVIEW_STATUS_FILTERS)[number]

export function parseReviewStatusFilter(value: string | null): ReviewStatusFilter {
	return (REVIEW_STATUS_FILTERS as readonly string[]).includes(value ?? '') ? (value as ReviewStatusFilter) : 'pending'
}

/** The moderation buttons: intent=approve, reject or delete, and the review's id (ADR 0101). */
export const reviewModerationSchema = z.object({
	intent: z.enum(['approve', 'reject', 'delete']),
	id: uuidField(),
})

export type ReviewModeration = z.output<typeof reviewModerationSchema>
