import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orders } from '#db/schema/index.ts'
import { localizedPath } from '#domain/i18n/paths.ts'
import type { PaymentProvider, SessionState } from './provider.ts'

export const TEST_SESSION_PREFIX = 'test_cs_'
/** Where the built-in card page lives: /test-payment/{session id}. */
export const TEST_PAYMENT_PATH = '/test-payment'

/** Stripe's public test numbers: the first succeeds, the second is declined. */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const

export function testCardOutcome(cardNumber: string): 'success' | 'declined' | 'unknown' {
	const digits = cardNumber.replace(/[\s-]/g, '')
	if (digits === TEST_CARDS.success) return 'success'
	if (digits === TEST_CARDS.declined) return 'declined'
	return 'unknown'
}

/**
 * The built-in test card page as a provider (ADR 0040). A session is the order itself: its id is
 * stored on the order, and its state is read back from the order and its expiry.
 */
export function createTestCardProvider(options: { db: DbExecutor; now?: () => Date }): PaymentProvider {
	const now = options.now ?? (() => new Date())
	async function state(id: string): Promise<SessionState> {
		const [order] = await options.db
			.select({ id: orders.id, paymentStatus: orders.paymentStatus, expiresAt: orders.paymentSessionExpiresAt })
			.from(orders)
			.where(eq(orders.paymentSessionId, id))
		if (!order) throw new Error(`no test payment session ${id}`)
		if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded')
			return { id, orderId: order.id, status: 'complete', paymentStatus: 'paid', livemode: false }
		const over = order.paymentStatus === 'failed' || (order.expiresAt !== null && order.expiresAt <= now())
		return { id, orderId: order.id, status: over ? 'expired' : 'open', paymentStatus: 'unpaid', livemode: false }
	}
	return {
		name: 'test',
		testMode: true,
		async createSession(request) {
			const id = `${TEST_SESSION_PREFIX}${crypto.randomBytes(18).toString('base64url')}`
			// Relative: the page is part of this shop, whichever address the customer reached it by; in the order's language.
			return { id, url: localizedPath(request.locale, `${TEST_PAYMENT_PATH}/${id}`), expiresAt: request.expiresAt }
		},
		retrieveSession: state,
		// No money moved on the test page, so there is nothing to give back: the refund succeeds at once,
		// under an id derived from its key, so asking again answers the same refund.
		async refund(request) {
			const id = `test_re_${crypto.createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 24)}`
			return { id, amountCents: request.amountCents, status: 'succeeded', refundId: request.refundId ?? null }
		},
		// The test page sends no refund webhooks.
		async refundsOfPayment() {
			return { orderId: null, refunds: [] }
		},
		async expireSession(id) {
			const current = await state(id)
			return current.status === 'open' ? { ...current, status: 'expired' } : current
		},
	}
}
