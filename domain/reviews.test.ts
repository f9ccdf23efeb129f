import { describe, expect, it } from 'vitest'
import { parseSubmission } from './forms/submission.ts'
import { reviewSchema } from './forms/review.ts'
import { ratingSummary, REVIEW_TEXT_MAX, reviewerFirstName } from './reviews.ts'

describe('the review form', () => {
	it('takes a rating from 1 to 5 and a trimmed text', () => {
		expect(parseSubmission(reviewSchema, { rating: '4', text: '  Miroase minunat.  ' })).toEqual({ ok: true, value: { rating: 4, text: 'Miroase minunat.' } })
		expect(parseSubmission(reviewSchema, { rating: '1', text: 'x' })).toMatchObject({ ok: true, value: { rating: 1 } })
		expect(parseSubmission(reviewSchema, { rating: '5', text: 'x'.repeat(REVIEW_TEXT_MAX) })).toMatchObject({ ok: true })
	})

	it.each([['0'], ['6'], ['4.5'], ['-1'], [''], ['five'], [undefined]])('refuses the rating %j with the rating message', (rating) => {
		const parsed = parseSubmission(reviewSchema, { rating, text: 'Frumos' })
		expect(parsed).toMatchObject({ ok: false, errors: { fieldErrors: { rating: 'review.ratingRequired' } } })
	})

	it('refuses an empty or too long text, and gives back what was typed', () => {
		expect(parseSubmission(reviewSchema, { rating: '5', text: '   ' })).toMatchObject({ ok: false, errors: { fieldErrors: { text: 'review.textRequired' } } })
		const long = 'a'.repeat(REVIEW_TEXT_MAX + 1)
		expect(parseSubmission(reviewSchema, { rating: '5', text: long })).toMatchObject({
			ok: false,
			errors: { fieldErrors: { text: 'review.textTooLong' } },
			values: { rating: '5', text: long },
		})
	})
})

describe('what a review shows of its writer', () => {
	it('is the first name only', () => {
		expect(reviewerFirstName('Ana Maria Popescu')).toBe('Ana')
		expect(reviewerFirstName('  Ioana   Mureșan ')).toBe('Ioana')
		expect(reviewerFirstName('Cher')).toBe('Cher')
		expect(reviewerFirstName('')).toBe('')
	})
})

describe('the rating summary', () => {
	it('is the mean to one decimal and the count, or nothing without reviews', () => {
		expect(ratingSummary(0, 0)).toBeNull()
		expect(ratingSummary(2, 9)).toEqual({ average: 4.5, count: 2 })
		expect(ratingSummary(3, 13)).toEqual({ average: 4.3, count: 3 })
		expect(ratingSummary(1, 5)).toEqual({ average: 5, count: 1 })
	})
})
