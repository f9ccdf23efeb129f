import * as z from 'zod/mini'
import { REVIEW_TEXT_MAX } from '../reviews.ts'
import { requiredText } from './fields.ts'

/** Messages are translation keys; the review page shows them in the buyer's language. */
export const reviewSchema = z.object({
	rating: z.pipe(
		z.string({ error: 'review.ratingRequired' }).check(z.regex(/^[1-5]$/, 'review.ratingRequired')),
		z.transform((value) => Number(value)),
	),
	text: requiredText(REVIEW_TEXT_MAX, 'review.textRequired', 'review.textTooLong'),
})

export type ReviewInput = z.output<typeof reviewSchema>
