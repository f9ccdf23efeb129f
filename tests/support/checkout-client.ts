import crypto from 'node:crypto'
import { localizedPath } from '#domain/i18n/paths.ts'
import { customer } from './checkout-fixtures.ts'

/**
 * An HTTP client for the running shop as a shopper's browser uses it: storefront pages, the
 * checkout API and the page Stripe sends the customer back to. It never throws for a failed
 * request: a request that got no answer (connection refused or reset, timeout) has status 0, so
 * traffic can go on while the server is being killed and the test decides what was acceptable.
 */

export type Answer = {
	status: number
	/** Why no answer came (status 0). */
	error?: string
	ms: number
	retryAfter: string | null
}

export type CheckoutAnswer = Answer & { orderId?: string; sessionId?: string }

export type CheckoutLineRequest = { productId: string; quantity: number }

/** A stand-in for a different visitor's address each time (the shop rate-limits checkouts per address). */
export function randomClientIp() {
	return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`
}

/** Long enough for a loaded 2-core machine, short enough that a hung server fails a test instead of hanging it. */
export const REQUEST_TIMEOUT_MS = 30_000

/** One request with a deadline; answers status 0 (and why) instead of throwing when no answer came. */
export async function timedRequest(url: string, init: RequestInit = {}, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Answer & { body: string }> {
	const started = performance.now()
	try {
		const response = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(timeoutMs) })
		const body = await response.text()
		return { status: response.status, ms: performance.now() - started, retryAfter: response.headers.get('retry-after'), body }
	} catch (error) {
		const cause = (error as { cause?: { code?: string } }).cause
		return { status: 0, error: cause?.code ?? (error as Error).name, ms: performance.now() - started, retryAfter: null, body: '' }
	}
}

export function createCheckoutClient(baseUrl: string, options: { timeoutMs?: number } = {}) {
	const request = (path: string, init: RequestInit = {}) => timedRequest(`${baseUrl}${path}`, init, options.timeoutMs)

	return {
		baseUrl,
		/** A storefront page, as a Romanian browser asks for it: at its Romanian URL (ADR 0106); /healthz and the like as they are. */
		async page(path: string): Promise<Answer> {
			const { body: _body, ...answer } = await request(localizedPath('ro', path), { headers: { Accept: 'text/html', Cookie: 'lang=ro' } })
			return answer
		},

		/** POST /api/checkout from the cart page; `clientIp` goes in X-Forwarded-For (the shop must trust loopback). */
		async checkout(lines: CheckoutLineRequest[], clientIp = randomClientIp()): Promise<CheckoutAnswer> {
			const { body, ...answer } = await request('/api/checkout', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: 'lang=ro', 'X-Forwarded-For': clientIp },
				body: JSON.stringify({
					items: lines.map((line) => ({ kind: 'product', productId: line.productId, quantity: line.quantity })),
					shippingData: customer,
				}),
			})
			if (answer.status !== 200) return answer
			const parsed = JSON.parse(body) as { orderId: string; url: string }
			return { ...answer, orderId: parsed.orderId, sessionId: parsed.url.split('/').pop() }
		},

		/** Where Stripe sends the customer after paying: the shop checks the session itself. */
		async paymentSuccess(sessionId: string): Promise<Answer> {
			const { body: _body, ...answer } = await request(`/ro/payment-success?session_id=${encodeURIComponent(sessionId)}`, { headers: { Cookie: 'lang=ro' } })
			return answer
		},
	}
}

export type CheckoutClient = ReturnType<typeof createCheckoutClient>
