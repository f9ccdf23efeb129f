import { eq } from 'drizzle-orm'
import { orders } from '#db/schema/index.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import { hitRateLimit } from '../security/rate-limit.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { handlePaymentEvent, isPaid } from './payment-events.ts'
import { claimProviderCheck } from './provider-checks.ts'

export type VerificationState = 'paid' | 'processing' | 'pending' | 'failed' | 'refunded' | 'unknown'
export type VerificationResult = { state: VerificationState; orderId: string | null }

/**
 * Bounds on the provider calls /payment-success can cause (ADR 0095). Both are kept in the
 * database, so every instance shares them.
 */
export const VERIFY_LIMITS = {
	/** At most one provider call per session in this time; other requests read the order. */
	perSessionMs: 5_000,
	/** Provider calls one address may cause, whatever sessions it names. */
	perAddress: { limit: 20, windowSeconds: 600 },
}

type OrderView = { id: string; paymentStatus: string; paymentProcessingAt: Date | null; refundDueAt: Date | null }

/** What the order row alone says; null while only the provider can tell. */
function stateOf(order: OrderView): VerificationState | null {
	if (order.refundDueAt) return 'refunded'
	if (order.paymentStatus === 'paid') return 'paid'
	if (order.paymentStatus === 'refunded') return 'refunded'
	if (order.paymentStatus === 'failed') return 'failed'
	return null
}

async function findOrder(deps: PaymentDeps, sessionId: string, provider: string) {
	const [order] = await deps.db
		.select({
			id: orders.id,
			paymentStatus: orders.paymentStatus,
			paymentProcessingAt: orders.paymentProcessingAt,
			refundDueAt: orders.refundDueAt,
			provider: orders.paymentProvider,
		})
		.from(orders)
		.where(eq(orders.paymentSessionId, sessionId))
	return order && order.provider === provider ? order : null
}

const fromOrder = (order: OrderView): VerificationResult => ({
	state: stateOf(order) ?? (order.paymentProcessingAt ? 'processing' : 'pending'),
	orderId: order.id,
})

/**
 * /payment-success, reached by anyone who types the address. The shop's own record answers
 * whenever it can: a session id that no order of this shop holds is unknown without asking the
 * provider (every session the shop opens is stored before the customer is sent to pay), and a
 * settled order is answered from the database. Only a pending order asks the provider, at most
 * once per session every few seconds and a bounded number of times per address; a paid answer
 * is recorded through the same path as a webhook.
 */
export async function verifyPaymentSession(
	deps: PaymentDeps,
	provider: PaymentProvider,
	sessionId: string,
	options: { clientIp: string; now?: Date },
): Promise<VerificationResult> {
	const order = await findOrder(deps, sessionId, provider.name)
	if (!order) return { state: 'unknown', orderId: null }
	if (stateOf(order)) return fromOrder(order)
	const now = options.now ?? new Date()
	const byAddress = await hitRateLimit(deps.db, `payment-verify:${options.clientIp}`, VERIFY_LIMITS.perAddress)
	if (!byAddress.allowed || !(await claimProviderCheck(deps.db, order.id, now, VERIFY_LIMITS.perSessionMs))) return fromOrder(order)

	const session = await provider.retrieveSession(sessionId)
	const paid = isPaid(session)
	if (paid || session.status === 'complete') {
		const failed = !paid && session.paymentFailed === true
		await handlePaymentEvent(deps, {
			id: paid ? `verify:${session.id}` : `verify:${session.id}:${failed ? 'failed' : 'processing'}`,
			provider: provider.name,
			type: failed ? 'checkout.session.async_payment_failed' : 'checkout.session.completed',
			session: { ...session, orderId: session.orderId ?? order.id },
		})
		const updated = await findOrder(deps, sessionId, provider.name)
		return fromOrder(updated ?? order)
	}
	return { state: session.status === 'expired' ? 'failed' : 'pending', orderId: order.id }
}
