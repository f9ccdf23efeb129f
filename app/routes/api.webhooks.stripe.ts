import { getApp } from '#server/context.ts'
import { readBodyBytes, RequestBodyError } from '#server/http/request-body.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { paymentDeps } from '#server/orders/test-payment.ts'
import { handleRefundEvent } from '#server/orders/refund-events.ts'
import { readStripeWebhook, WebhookPayloadError, WebhookSignatureError } from '#server/payments/stripe.ts'
import type { Route } from './+types/api.webhooks.stripe'

/** Stripe's events are a few kilobytes; a body far larger is not one. */
const WEBHOOK_MAX_BYTES = 1024 * 1024

export function loader() {
	return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } })
}

/**
 * Stripe webhooks. The signature is checked on the raw body (bad or stale → 400); each event
 * goes through the idempotent payment path (Checkout Sessions) or refund path (charge.refunded,
 * refund.*; ADR 0115) and gets a 2xx once it is recorded.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const secret = app.env.STRIPE_WEBHOOK_SECRET
	if (!secret) return new Response('Webhooks are not configured', { status: 400 })
	let webhook
	try {
		const raw = Buffer.from(await readBodyBytes(request, WEBHOOK_MAX_BYTES))
		webhook = readStripeWebhook(raw, request.headers.get('stripe-signature'), secret)
	} catch (error) {
		if (error instanceof RequestBodyError) return new Response('Unreadable body', { status: error.status })
		if (error instanceof WebhookSignatureError) {
			app.log.warn({ err: error.message }, 'stripe webhook refused: bad signature')
			return new Response('Invalid signature', { status: 400 })
		}
		if (error instanceof WebhookPayloadError) {
			app.log.warn({ err: error.message }, 'stripe webhook refused: unreadable event')
			return new Response('Malformed event', { status: 400 })
		}
		throw error
	}
	if (!webhook) return Response.json({ received: true, ignored: true })
	const { event } = webhook
	const result =
		webhook.kind === 'payment' ? await handlePaymentEvent(paymentDeps(app), webhook.event) : await handleRefundEvent(paymentDeps(app), webhook.event)
	app.log.info({ eventId: event.id, type: event.type, ...result }, 'stripe webhook processed')
	return Response.json({ received: true, duplicate: result.duplicate })
}
