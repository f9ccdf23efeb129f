import { describe, expect, it } from 'vitest'
import { paymentNoteOf } from './payment-note.ts'

const at = new Date('2026-11-25T10:00:00Z')

describe('paymentNoteOf', () => {
	it('marks a delayed payment still settling, and a late payment owed back or refunded', () => {
		expect(paymentNoteOf({ paymentStatus: 'pending', paymentProcessingAt: at, refundDueAt: null })).toBe('settling')
		expect(paymentNoteOf({ paymentStatus: 'paid', paymentProcessingAt: null, refundDueAt: at })).toBe('refundDue')
		expect(paymentNoteOf({ paymentStatus: 'refunded', paymentProcessingAt: at, refundDueAt: at })).toBe('refunded')
	})

	it('says nothing about ordinary payments, nor about a settled delayed one', () => {
		expect(paymentNoteOf({ paymentStatus: 'pending', paymentProcessingAt: null, refundDueAt: null })).toBeNull()
		expect(paymentNoteOf({ paymentStatus: 'paid', paymentProcessingAt: at, refundDueAt: null })).toBeNull()
		expect(paymentNoteOf({ paymentStatus: 'failed', paymentProcessingAt: at, refundDueAt: null })).toBeNull()
	})
})
