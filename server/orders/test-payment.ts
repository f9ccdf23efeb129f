import { localizedPath } from '#domain/i18n/paths.ts'
import crypto from 'node:crypto'
import type { TestCardInput } from '#domain/forms/test-card.ts'
import { formError, type FormErrors, type Submission } from '#domain/forms/submission.ts'
import type { RequestContext } from '../context.ts'
import { handlePaymentEvent } from './payment-events.ts'
import { localizeOrderLines } from './order-lines.ts'
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
		// A discount code (ADR 0255): what it took off, shown as the card page's payment is.
		discount: order.discountCents > 0 ? { code: order.discount?.code ?? '', kind: order.discount?.kind ?? 'fixed', cents: order.discountCents } : null,
		// Named from the catalogue in the page's language, not as frozen at checkout (ADR 0134).
		items: (await localizeOrderLines(app.db, app.locale, order.items)).map((item) => ({
			name: item.name,
			quantity: item.quantity,
			totalCents: item.unitPriceCents * item.quantity,
		})),
		state: session.paymentStatus === 'paid' ? ('paid' as const) : session.status === 'expired' ? ('ended' as const) : ('open' as const),
		orderId: order.id,
	}
}

export type TestPaymentResult = { kind: 'paid'; redirectTo: string } | { kind: 'declined' | 'ended' } | { kind: 'invalid'; errors: FormErrors }

/**
 * A card submitted on the test page. The outcome is reported as a provider event through the
 * same handler as Stripe webhooks, so orders change exactly as they would with Stripe.
 */
/** `card` is the form parsed by the route with testCardSchema; a session that has ended answers so before the card is judged. */
export async function submitTestCard(app: RequestContext, sessionId: string, card: Submission<TestCardInput>): Promise<TestPaymentResult | null> {
	const payment = await loadTestPayment(app, sessionId)
	if (!payment) return null
	if (payment.state === 'paid') return { kind: 'paid', redirectTo: localizedPath(app.locale, `/payment-success?session_id=${encodeURIComponent(sessionId)}`) }
	if (payment.state !== 'open') return { kind: 'ended' }
	if (!card.ok) return { kind: 'invalid', errors: card.errors }
	const outcome = testCardOutcome(card.value.cardNumber)
	if (outcome === 'unknown') return { kind: 'invalid', errors: formError('testPayment.unknownCard', 'cardNumber') }
	const paid = outcome === 'success'
	await handlePaymentEvent(paymentDeps(app), {
		id: `test_evt_${crypto.randomBytes(12).toString('base64url')}`,
		provider: 'test',
		type: paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
		session: { id: sessionId, orderId: payment.orderId, status: paid ? 'complete' : 'open', paymentStatus: paid ? 'paid' : 'unpaid', livemode: false },
	})
	return paid ? { kind: 'paid', redirectTo: localizedPath(app.locale, `/payment-success?session_id=${encodeURIComponent(sessionId)}`) } : { kind: 'declined' }
}
