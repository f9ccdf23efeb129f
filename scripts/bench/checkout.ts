import autocannon from 'autocannon'
import { customer } from '../lib/checkout-customer.ts'
import type { FakeStripe } from '../lib/fake-stripe.ts'

export type CheckoutFigures = {
	durationSeconds: number
	/** Checkouts answered 200 with a payment session, per second. */
	sessionsPerSecond: number
	sessions: number
	/** Sessions the fake Stripe opened meanwhile: must equal `sessions`. */
	stripeSessions: number
	/** Anything that was not a 200 with a session: other statuses, connection errors, timeouts. */
	errors: number
	statusCounts: Record<string, number>
	p50Ms: number
	p99Ms: number
}

/**
 * POST /api/checkout as fast as the shop answers, over `connections` connections, for a fixed time.
 * Each request is a different customer: a new client address in X-Forwarded-For (the shop runs with
 * TRUST_PROXY=loopback, as behind a load balancer), so the per-visitor checkout rate limit counts
 * each customer, not the benchmark. Orders go round the given products (plenty of stock).
 */
export async function measureCheckout(
	baseUrl: string,
	stripe: FakeStripe,
	options: { productIds: string[]; connections: number; durationSeconds: number },
): Promise<CheckoutFigures> {
	if (options.productIds.length === 0) throw new Error('no products with stock to check out')
	const bodies = options.productIds.map((id) => JSON.stringify({ items: [{ kind: 'product', productId: id, quantity: 1 }], shippingData: customer }))
	let sent = 0
	const stripeSessionsBefore = stripe.sessions.size
	const result = await autocannon({
		url: baseUrl,
		connections: options.connections,
		duration: options.durationSeconds,
		requests: [
			{
				method: 'POST',
				path: '/api/checkout',
				setupRequest(request) {
					const n = sent++
					return {
						...request,
						headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
						body: bodies[n % bodies.length],
					}
				},
			},
		],
	})
	const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]))
	const sessions = statusCounts['200'] ?? 0
	return {
		durationSeconds: result.duration,
		sessionsPerSecond: sessions / result.duration,
		sessions,
		stripeSessions: stripe.sessions.size - stripeSessionsBefore,
		errors: result.requests.total - sessions + result.errors,
		statusCounts,
		p50Ms: result.latency.p50,
		p99Ms: result.latency.p99,
	}
}
