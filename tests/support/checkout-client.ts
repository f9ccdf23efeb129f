import crypto from 'node:crypto'
import { localizedPath } from '#domain/i18n/paths.ts'
import { customer } from './checkout-fixtures.ts'

/**
 * An HTTP client for the running shop as a shopper's browser uses it: storefront pages, the
 * checkout form and the page Stripe sends the customer back to. It never throws for a failed
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

/**
 * `placed`: the shop took the order and sent the shopper on to pay (a redirect to the payment page,
 * whose last path segment is the payment session). Otherwise `status` says why not (409: the units
 * were gone, 429: too many held, 503: try again).
 */
export type CheckoutAnswer = Answer & { placed: boolean; sessionId?: string }

export type CheckoutLineRequest = { productId: string; quantity: number }

/** A stand-in for a different visitor's address each time (the shop rate-limits checkouts per address). */
export function randomClientIp() {
	return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`
}

/** Long enough for a loaded 2-core machine, short enough that a hung server fails a test instead of hanging it. */
export const REQUEST_TIMEOUT_MS = 30_000

/** One request with a deadline; answers status 0 (and why) instead of throwing when no answer came. */
export async function timedRequest(url: string, init: RequestInit = {}, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Answer & { body: string; location?: string }> {
	const started = performance.now()
	try {
		const response = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(timeoutMs) })
		const body = await response.text()
		const location = response.headers.get('location') ?? undefined
		return {
			status: response.status,
			ms: performance.now() - started,
			retryAfter: response.headers.get('retry-after'),
			body,
			...(location ? { location } : {}),
		}
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

		/**
		 * The checkout form, posted as a browser posts it before its JavaScript has loaded (the action is
		 * the same with JavaScript); `clientIp` goes in X-Forwarded-For (the shop must trust loopback).
		 */
		async checkout(lines: CheckoutLineRequest[], clientIp = randomClientIp()): Promise<CheckoutAnswer> {
			const items = lines.map((line) => ({ kind: 'product', productId: line.productId, quantity: line.quantity }))
			const fields = Object.fromEntries(Object.entries(customer).map(([name, value]) => [name, String(value ?? '')]))
			const {
				body: _body,
				location,
				...answer
			} = await request(localizedPath('ro', '/checkout'), {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl, Cookie: 'lang=ro', 'X-Forwarded-For': clientIp },
				body: new URLSearchParams({ ...fields, items: JSON.stringify(items) }),
			})
			if (answer.status !== 302 || !location) return { ...answer, placed: false }
			return { ...answer, placed: true, sessionId: new URL(location, baseUrl).pathname.split('/').pop() }
		},

		/** Where Stripe sends the customer after paying: the shop checks the session itself. */
		async paymentSuccess(sessionId: string): Promise<Answer> {
			const { body: _body, ...answer } = await request(`/ro/payment-success?session_id=${encodeURIComponent(sessionId)}`, { headers: { Cookie: 'lang=ro' } })
			return answer
		},
	}
}

export type CheckoutClient = ReturnType<typeof createCheckoutClient>
