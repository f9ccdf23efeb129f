import Stripe from 'stripe'
import { z } from 'zod'
import type { RefundStatus } from '#domain/enums.ts'
import type { PaymentEvent, PaymentProvider, ProviderRefund, RefundEvent, SessionState } from './provider.ts'
import { isStripeTestKey, PAYMENT_EVENT_TYPES, PaymentProviderError, type PaymentEventType } from './provider.ts'

export type StripeOptions = {
	secretKey: string
	/** Another Stripe-compatible base URL (tests, local mock servers). */
	apiUrl?: string
}

export function createStripeClient(options: StripeOptions) {
	const api = options.apiUrl ? new URL(options.apiUrl) : undefined
	return new Stripe(options.secretKey, {
		maxNetworkRetries: 2,
		timeout: 20_000,
		telemetry: false,
		...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
	})
}

/** PaymentIntent states from which a delayed payment will not succeed without the customer starting again. */
const FAILED_INTENT = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'canceled'])

function toState(session: Stripe.Checkout.Session): SessionState {
	const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null
	return {
		...(intent && session.status === 'complete' && session.payment_status === 'unpaid' ? { paymentFailed: FAILED_INTENT.has(intent.status) } : {}),
		id: session.id,
		orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
		status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
		paymentStatus: session.payment_status === 'paid' ? 'paid' : session.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
		...(typeof session.livemode === 'boolean' ? { livemode: session.livemode } : {}),
	}
}

/** A Stripe refund's state as the shop counts it: requires_action and pending wait, canceled is failed. */
function refundStatusOf(status: string | null | undefined): RefundStatus {
	if (status === 'succeeded') return 'succeeded'
	if (status === 'failed' || status === 'canceled') return 'failed'
	return 'pending'
}

function refundOf(refund: Pick<Stripe.Refund, 'id' | 'amount' | 'status' | 'metadata' | 'failure_reason'>): ProviderRefund {
	return {
		id: refund.id,
		amountCents: refund.amount,
		status: refundStatusOf(refund.status),
		refundId: refund.metadata?.refund_id ?? null,
		failureMessage: refund.failure_reason ?? null,
	}
}

/** Stripe Checkout Sessions through the official SDK. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
	const stripe = createStripeClient(options)
	return {
		name: 'stripe',
		testMode: isStripeTestKey(options.secretKey),
		async createSession(request) {
			const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = request.lines.map((line) => ({
				quantity: line.quantity,
				price_data: { currency: 'eur', unit_amount: line.unitAmountCents, product_data: { name: line.name } },
			}))
			try {
				// Stripe takes an amount off only as a coupon: one made for this order, used once.
				const coupon = request.discount
					? await stripe.coupons.create(
							{ amount_off: request.discount.amountCents, currency: 'eur', duration: 'once', max_redemptions: 1, name: request.discount.code.slice(0, 40) },
							{ idempotencyKey: `checkout-coupon-${request.orderId}` },
						)
					: null
				const session = await stripe.checkout.sessions.create(
					{
						mode: 'payment',
						currency: 'eur',
						line_items: lineItems,
						...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
						customer_email: request.email,
						client_reference_id: request.orderId,
						metadata: { order_id: request.orderId },
						payment_intent_data: { metadata: { order_id: request.orderId } },
						success_url: request.successUrl,
						cancel_url: request.cancelUrl,
						expires_at: Math.floor(request.expiresAt.getTime() / 1000),
						locale: (['en', 'ro', 'es'].includes(request.locale) ? request.locale : 'auto') as Stripe.Checkout.SessionCreateParams.Locale,
						...(request.shippingCents > 0
							? {
									shipping_options: [
										{ shipping_rate_data: { type: 'fixed_amount', display_name: 'Livrare', fixed_amount: { amount: request.shippingCents, currency: 'eur' } } },
									],
								}
							: {}),
					},
					// One order, one session: a retried request gets the session made the first time.
					{ idempotencyKey: `checkout-session-${request.orderId}` },
				)
				if (!session.url) throw new PaymentProviderError('Stripe returned a session without a URL')
				return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) }
			} catch (error) {
				if (error instanceof PaymentProviderError) throw error
				throw new PaymentProviderError(`Stripe session could not be created: ${(error as Error).message}`)
			}
		},
		async retrieveSession(id) {
			// With its PaymentIntent, so a delayed payment that failed is told from one still settling.
			return toState(await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] }))
		},
		async refund(request) {
			try {
				const session = await stripe.checkout.sessions.retrieve(request.sessionId)
				const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id
				if (!paymentIntent) throw new PaymentProviderError(`session ${request.sessionId} has no payment to refund`)
				const refund = await stripe.refunds.create(
					{
						payment_intent: paymentIntent,
						amount: request.amountCents,
						reason: 'requested_by_customer',
						metadata: { order_id: request.orderId, ...(request.refundId ? { refund_id: request.refundId } : {}) },
					},
					// One refund per key, however often the shop retries after a timeout or a crash.
					{ idempotencyKey: request.idempotencyKey },
				)
				return refundOf(refund)
			} catch (error) {
				if (error instanceof PaymentProviderError) throw error
				throw new PaymentProviderError((error as Error).message)
			}
		},
		async refundsOfPayment(paymentRef) {
			const intent = await stripe.paymentIntents.retrieve(paymentRef)
			let orderId = intent.metadata?.order_id ?? null
			if (!orderId) {
				// A payment made before its PaymentIntent carried the order: its Checkout Session does.
				const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentRef, limit: 1 })
				const session = sessions.data[0]
				orderId = session?.metadata?.order_id ?? session?.client_reference_id ?? null
			}
			const refunds: ProviderRefund[] = []
			for await (const refund of stripe.refunds.list({ payment_intent: paymentRef, limit: 100 })) refunds.push(refundOf(refund))
			return { orderId, refunds }
		},
		async expireSession(id) {
			try {
				return toState(await stripe.checkout.sessions.expire(id))
			} catch {
				// Already complete or expired: report what it is now.
				return toState(await stripe.checkout.sessions.retrieve(id))
			}
		},
	}
}

export class WebhookSignatureError extends Error {
	override name = 'WebhookSignatureError'
}

/** A correctly signed event whose content is not what Stripe documents for its type. */
export class WebhookPayloadError extends Error {
	override name = 'WebhookPayloadError'
}

const eventEnvelope = z.object({ id: z.string().min(1).max(255), type: z.string(), livemode: z.boolean().nullish() })

/** The parts of a Checkout Session event the shop reads (metadata values are strings at Stripe). */
const sessionEvent = z.object({
	data: z.object({
		object: z.object({
			id: z.string().min(1).max(255),
			status: z.string().nullish(),
			payment_status: z.string().nullish(),
			metadata: z.record(z.string(), z.string()).nullish(),
			client_reference_id: z.string().max(255).nullish(),
			livemode: z.boolean().nullish(),
		}),
	}),
})

/** The parts of a refund the shop reads (refund.created, refund.updated, charge.refund.updated). */
const refundObject = z.object({
	id: z.string().min(1).max(255),
	amount: z.number().int().nonnegative(),
	status: z.string().nullish(),
	payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
	metadata: z.record(z.string(), z.string()).nullish(),
	failure_reason: z.string().nullish(),
})

/** The parts of a charge the shop reads (charge.refunded); its refunds list only comes with older API versions. */
const chargeObject = z.object({
	id: z.string().min(1).max(255),
	payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
	metadata: z.record(z.string(), z.string()).nullish(),
	refunds: z.object({ data: z.array(refundObject), has_more: z.boolean().nullish() }).nullish(),
})

export const REFUND_EVENT_TYPES = ['charge.refunded', 'refund.created', 'refund.updated', 'charge.refund.updated'] as const

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

export type StripeWebhook = { kind: 'payment'; event: PaymentEvent } | { kind: 'refund'; event: RefundEvent }

/**
 * Checks a webhook's signature on the raw body (bad or older than five minutes → throws
 * WebhookSignatureError) and reduces it to a payment or refund event; null for event types the
 * shop does not act on. A signed event the shop acts on but cannot read throws WebhookPayloadError.
 */
export function readStripeWebhook(rawBody: string | Buffer, signature: string | null, secret: string): StripeWebhook | null {
	let event: unknown
	try {
		// The SDK's webhook helpers need no API key or network.
		event = Stripe.webhooks.constructEvent(rawBody, signature ?? '', secret, 300)
	} catch (error) {
		throw new WebhookSignatureError((error as Error).message)
	}
	// A NUL character cannot be stored in PostgreSQL text: an event carrying one is refused as unreadable, never a 500.
	if (JSON.stringify(event).includes('\\u0000')) throw new WebhookPayloadError('an event with a NUL character')
	const envelope = eventEnvelope.safeParse(event)
	if (!envelope.success) throw new WebhookPayloadError('not a Stripe event')
	const { id, type } = envelope.data
	if ((REFUND_EVENT_TYPES as readonly string[]).includes(type)) return { kind: 'refund', event: refundEventOf(id, type, event) }
	if (!(PAYMENT_EVENT_TYPES as readonly string[]).includes(type)) return null
	const parsed = sessionEvent.safeParse(event)
	if (!parsed.success) throw new WebhookPayloadError(`${type} without a readable Checkout Session`)
	const session = toState(parsed.data.data.object as Stripe.Checkout.Session)
	// The event's own livemode counts too: a test event is test money whatever its object says.
	if (envelope.data.livemode === false) session.livemode = false
	return { kind: 'payment', event: { id, provider: 'stripe', type: type as PaymentEventType, session } }
}

function refundEventOf(id: string, type: string, event: unknown): RefundEvent {
	if (type === 'charge.refunded') {
		const parsed = z.object({ data: z.object({ object: chargeObject }) }).safeParse(event)
		if (!parsed.success) throw new WebhookPayloadError(`${type} without a readable charge`)
		const charge = parsed.data.data.object
		const complete = charge.refunds && !charge.refunds.has_more
		return {
			id,
			provider: 'stripe',
			type,
			paymentRef: idOf(charge.payment_intent),
			orderId: charge.metadata?.order_id ?? null,
			refunds: complete ? charge.refunds!.data.map((refund) => refundOf({ ...refund, status: refund.status ?? null } as Stripe.Refund)) : null,
		}
	}
	const parsed = z.object({ data: z.object({ object: refundObject }) }).safeParse(event)
	if (!parsed.success) throw new WebhookPayloadError(`${type} without a readable refund`)
	const refund = parsed.data.data.object
	return {
		id,
		provider: 'stripe',
		type,
		paymentRef: idOf(refund.payment_intent),
		orderId: refund.metadata?.order_id ?? null,
		refunds: [refundOf({ ...refund, status: refund.status ?? null } as Stripe.Refund)],
	}
}

/** The payment events of readStripeWebhook only (refund events and other types give null). */
export function parseStripeWebhook(rawBody: string | Buffer, signature: string | null, secret: string): PaymentEvent | null {
	const webhook = readStripeWebhook(rawBody, signature, secret)
	return webhook?.kind === 'payment' ? webhook.event : null
}
