import type { Locale, RefundStatus } from '#domain/enums.ts'

/**
 * A card payment provider (ADR 0040): Stripe Checkout in production, the built-in test card
 * page otherwise. Both hand the order over to a hosted page and report back the same kinds of
 * events, which go through one idempotent path (server/orders/payment-events.ts).
 */
export type PaymentSessionRequest = {
	orderId: string
	email: string
	locale: Locale
	lines: { name: string; unitAmountCents: number; quantity: number }[]
	shippingCents: number
	/** A discount code's amount off the goods (ADR 0255); the provider's total is the lines, less it, plus shipping. */
	discount?: { code: string; amountCents: number }
	successUrl: string
	cancelUrl: string
	expiresAt: Date
}

export type PaymentSession = { id: string; url: string; expiresAt: Date }

/** What the provider says about a session now. */
export type SessionState = {
	id: string
	orderId: string | null
	status: 'open' | 'complete' | 'expired'
	paymentStatus: 'paid' | 'unpaid' | 'no_payment_required'
	/**
	 * A completed session's delayed payment was refused or cancelled (its webhook may have been lost).
	 * Only known when the provider was asked directly; a complete, unpaid session without it is settling.
	 */
	paymentFailed?: boolean
	/** False when the provider says no real money moves (a Stripe test-mode object); unknown when absent. */
	livemode?: boolean
}

export const PAYMENT_EVENT_TYPES = [
	'checkout.session.completed',
	'checkout.session.async_payment_succeeded',
	'checkout.session.async_payment_failed',
	'checkout.session.expired',
] as const
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number]

/** A provider event reduced to what the shop acts on. */
export type PaymentEvent = {
	id: string
	provider: 'stripe' | 'test'
	type: PaymentEventType
	session: SessionState
}

export interface PaymentProvider {
	readonly name: 'stripe' | 'test'
	/** True when the sessions it opens take test money only (the test card page, a Stripe test key). */
	readonly testMode: boolean
	createSession(request: PaymentSessionRequest): Promise<PaymentSession>
	retrieveSession(id: string): Promise<SessionState>
	/** Ends an open session early (reconciliation of a session that outlived its expiry). */
	expireSession(id: string): Promise<SessionState>
	/**
	 * Gives money of a session's payment back, all of it or part (ADR 0095, 0115). Idempotent per
	 * key: asking again with the same key never refunds twice and answers the same refund.
	 * Throws PaymentProviderError with the provider's message when it refuses.
	 */
	refund(request: RefundRequest): Promise<ProviderRefund>
	/** Every refund of a payment and the order it paid, as the provider knows them (a refund webhook that did not carry them). */
	refundsOfPayment(paymentRef: string): Promise<{ orderId: string | null; refunds: ProviderRefund[] }>
}

export type RefundRequest = {
	sessionId: string
	orderId: string
	amountCents: number
	/** The same key for every try of one refund, e.g. derived from its order_refunds row. */
	idempotencyKey: string
	/** The order_refunds row, carried in the provider's metadata so its webhooks find the row again. */
	refundId?: string
}

/** A refund as the provider reports it. */
export type ProviderRefund = {
	id: string
	amountCents: number
	status: RefundStatus
	/** The shop's order_refunds id, when the shop asked for this refund (from the provider's metadata). */
	refundId?: string | null
	failureMessage?: string | null
}

/** A provider's report that refunds of one payment changed (Stripe: charge.refunded, refund.updated, …). */
export type RefundEvent = {
	id: string
	provider: 'stripe' | 'test'
	type: string
	/** The payment refunded (Stripe: its PaymentIntent id), to ask the provider about when the event does not say enough. */
	paymentRef: string | null
	/** The order, when the event names it (the metadata of a refund the shop asked for). */
	orderId: string | null
	/** The refunds the event carries; null when the provider must be asked. */
	refunds: ProviderRefund[] | null
}

/** Stripe secret and restricted keys say their mode in their prefix: sk_test_…, rk_test_…. */
export function isStripeTestKey(secretKey: string) {
	return /^(sk|rk)_test_/.test(secretKey)
}

/** An event is test money when its provider is the test card page or the provider says it is not live. */
export function isTestPayment(event: Pick<PaymentEvent, 'provider' | 'session'>) {
	return event.provider === 'test' || event.session.livemode === false
}

export class PaymentProviderError extends Error {
	override name = 'PaymentProviderError'
}
