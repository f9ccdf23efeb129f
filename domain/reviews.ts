/**
 * Verified product reviews (ADR 0268): a buyer rates a product of a delivered order from the link in
 * its delivered email; the owner approves each review before it shows. Free of zod: the review page
 * reads these limits, and its form's schema (forms/review.ts) runs on the server.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** The longest review text, in characters; the form says so and its field stops there. */
export const REVIEW_TEXT_MAX = 2000
export const RATING_MIN = 1
export const RATING_MAX = 5

/**
 * What a review shows of its writer: the first word of the name on the order's address, never the
 * rest of it (nor the email). Empty when the address holds no name.
 */
export function reviewerFirstName(fullName: string): string {
	return fullName.trim().split(/\s+/)[0] ?? ''
}

/**
 * Approved ratings as the product page sums them up, from their count and their sum: the mean to one
 * decimal, and how many. Null without any (an empty rating is no rating).
 */
export function ratingSummary(count: number, sum: number): { average: number; count: number } | null {
	if (count <= 0) return null
	return { average: Math.round((sum / count) * 10) / 10, count }
}
