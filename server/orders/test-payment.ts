import crypto from 'node:crypto'
import { testCardSchema } from '#domain/forms/test-card.ts'
import type { RequestContext } from '../context.ts'
import { handlePaymentEvent } from './payment-events.ts'
import { findOrderBySession } from './queries.ts'
import { testCardOutcome } from '../payments/test-card.ts'

/**
 * The built-in test card page's order side: it reads the order behind a test session and reports
 * the card's outcome through the payment event handler. It lives with the orders (which depend on
 * payments), so server/payments never reaches into server/orders.
 */

/** What the payment event handler needs from the request context (webhooks, success page, test page). */
export function paymentDeps(app: RequestContext) {
	return { db: app.db, mail: app.orderMail, nudgeEmail: () => app.email.nudge(), payments: app.payments, log: app.log }
}

/** The test card page's view of its session; null when there is no such test session. */
export async function loadTestPayment(app: RequestContext, sessionId: string) {
	if (app.payments?.name !== 'test') return null
	const order = await findOrderBySession(app.db, sessionId)
	if (!order || order.paymentProvider !== 'test') return null
	const session = await app.payments.retrieveSession(sessionId)
	return {
		sessionId,
		email: order.email,
		totalCents: order.totalCents,
		shippingCents: order.shippingCents,
		items: order.items.map((item) => ({ name: item.name, quantity: item.quantity, totalCents: item.unitPriceCents * item.quantity })),
		state: session.paymentStatus === 'paid' ? ('paid' as const) : session.status === 'expired' ? ('ended' as const) : ('open' as const),
		orderId: order.id,
	}
}

export type TestPaymentResult =
	| { kind: 'paid'; redirectTo: string }
	| { kind: 'declined' | 'ended' }
	| { kind: 'invalid'; message: string }

/**
 * A card submitted on the test page. The outcome is reported as a provider event through the
 * same handler as Stripe webhooks, so orders change exactly as they would with Stripe.
 */
export async function submitTestCard(app: RequestContext, sessionId: string, form: Record<string, unknown>): Promise<TestPaymentResult | null> {
	const payment = await loadTestPayment(app, sessionId)
	if (!payment) return null
	if (payment.state === 'paid') return { kind: 'paid', redirectTo: `/payment-success?session_id=${encodeURIComponent(sessionId)}` }
	if (payment.state !== 'open') return { kind: 'ended' }
	const parsed = testCardSchema.safeParse(form)
	if (!parsed.success) return { kind: 'invalid', message: parsed.error.issues[0]!.message }
	const outcome = testCardOutcome(parsed.data.cardNumber)
	if (outcome === 'unknown') return { kind: 'invalid', message: 'testPayment.unknownCard' }
	const paid = outcome === 'success'
	await handlePaymentEvent(paymentDeps(app), {
		id: `test_evt_${crypto.randomBytes(12).toString('base64url')}`,
		provider: 'test',
		type: paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
		session: { id: sessionId, orderId: payment.orderId, status: paid ? 'complete' : 'open', paymentStatus: paid ? 'paid' : 'unpaid', livemode: false },
	})
	return paid ? { kind: 'paid', redirectTo: `/payment-success?session_id=${encodeURIComponent(sessionId)}` } : { kind: 'declined' }
}
