import type { PaymentStatus } from './enums.ts'

/** What the admin sees beside an order's payment status about delayed and late payments (ADR 0095). */
export type PaymentNote = 'settling' | 'refundDue' | 'refunded'

export function paymentNoteOf(order: { paymentStatus: PaymentStatus; paymentProcessingAt: Date | null; refundDueAt: Date | null }): PaymentNote | null {
	if (order.refundDueAt) return order.paymentStatus === 'refunded' ? 'refunded' : 'refundDue'
	if (order.paymentStatus === 'pending' && order.paymentProcessingAt) return 'settling'
	return null
}
