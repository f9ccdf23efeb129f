import { getApp } from '#server/context.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { paymentDeps } from '#server/payments/test-card-page.ts'
import { parseStripeWebhook, WebhookSignatureError } from '#server/payments/stripe.ts'
import type { Route } from './+types/api.webhooks.stripe'

export function loader() {
	return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } })
}

/**
 * Stripe webhooks. The signature is checked on the raw body (bad or stale → 400); each event
 * goes through the idempotent payment path and gets a 2xx once it is recorded.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const secret = app.env.STRIPE_WEBHOOK_SECRET
	if (!secret) return new Response('Webhooks are not configured', { status: 400 })
	const raw = await request.text()
	let event
	try {
		event = parseStripeWebhook(raw, request.headers.get('stripe-signature'), secret)
	} catch (error) {
		if (error instanceof WebhookSignatureError) {
			app.log.warn({ err: error.message }, 'stripe webhook refused: bad signature')
			return new Response('Invalid signature', { status: 400 })
		}
		throw error
	}
	if (!event) return Response.json({ received: true, ignored: true })
	const result = await handlePaymentEvent(paymentDeps(app), event)
	app.log.info({ eventId: event.id, type: event.type, ...result }, 'stripe webhook processed')
	return Response.json({ received: true, duplicate: result.duplicate })
}
