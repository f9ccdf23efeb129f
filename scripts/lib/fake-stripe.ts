import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A local stand-in for the parts of the Stripe API the shop uses (Checkout Sessions, PaymentIntents
 * read back, refunds), so the real
 * `stripe` SDK can be exercised through STRIPE_API_URL without leaving the machine. It keeps every
 * request it receives, honours idempotency keys like Stripe, and builds signed webhook deliveries.
 */

export type FakeSession = {
	id: string
	object: 'checkout.session'
	mode: string
	currency: string
	status: 'open' | 'complete' | 'expired'
	payment_status: 'paid' | 'unpaid' | 'no_payment_required'
	customer_email: string | null
	client_reference_id: string | null
	metadata: Record<string, string>
	success_url: string
	cancel_url: string
	expires_at: number
	/** As at Stripe: false for sessions made with a test key (sk_test_…), true with a live one. */
	livemode: boolean
	url: string
	/** Set once the customer completed checkout (Stripe creates the PaymentIntent then). */
	payment_intent: string | null
	amount_total: number
	/** payment_intent_data.metadata: Stripe copies it onto the PaymentIntent made at completion. */
	payment_intent_metadata: Record<string, string>
	line_items: { quantity: number; price_data: { currency: string; unit_amount: number; product_data: { name: string } } }[]
	/** The coupons applied (`discounts[][coupon]`), as Stripe lists them on the session. */
	discounts: { coupon: string }[]
	total_details: { amount_discount: number }
}

/** A coupon as Stripe answers POST /v1/coupons (the fields the shop sends and reads). */
export type FakeCoupon = {
	id: string
	object: 'coupon'
	amount_off: number | null
	currency: string | null
	duration: string
	max_redemptions: number | null
	name: string | null
	valid: boolean
}

export type FakeRefund = {
	id: string
	object: 'refund'
	status: 'succeeded' | 'pending' | 'failed' | 'canceled'
	payment_intent: string
	charge: string
	amount: number
	currency: 'eur'
	created: number
	metadata: Record<string, string>
	failure_reason: string | null
}

export type RecordedRequest = {
	method: string
	path: string
	headers: http.IncomingHttpHeaders
	/** The form body, decoded into nested objects and arrays. */
	body: Record<string, unknown>
}

/** Decodes Stripe's form encoding (`line_items[0][price_data][unit_amount]=2990`). */
export function decodeStripeForm(text: string): Record<string, unknown> {
	const root: Record<string, unknown> = {}
	for (const [key, value] of new URLSearchParams(text)) {
		const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '')
		let node: Record<string, unknown> | unknown[] = root
		parts.forEach((part, index) => {
			const last = index === parts.length - 1
			const container = node as Record<string, unknown>
			if (last) {
				container[part] = value
				return
			}
			if (container[part] === undefined) container[part] = /^\d+$/.test(parts[index + 1]!) ? [] : {}
			node = container[part] as Record<string, unknown>
		})
	}
	return root
}

export async function startFakeStripe(options: { webhookSecret?: string } = {}) {
	const webhookSecret = options.webhookSecret ?? `whsec_${crypto.randomBytes(16).toString('hex')}`
	const sessions = new Map<string, FakeSession>()
	const byIdempotencyKey = new Map<string, string>()
	const coupons = new Map<string, FakeCoupon>()
	const couponsByKey = new Map<string, string>()
	const requests: RecordedRequest[] = []
	const refunds: FakeRefund[] = []
	const refundsByKey = new Map<string, (typeof refunds)[number]>()
	let failures = 0
	/** Refunds made while set are answered 'pending', as Stripe does for some cards and methods, until settleRefund. */
	let refundsPending = false

	const send = (res: http.ServerResponse, status: number, body: unknown) => {
		res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${crypto.randomBytes(6).toString('hex')}` })
		res.end(JSON.stringify(body))
	}
	const notFound = (res: http.ServerResponse, id: string) =>
		send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${id}'` } })

	const refundedOf = (paymentIntent: string) =>
		refunds.filter((r) => r.payment_intent === paymentIntent && (r.status === 'succeeded' || r.status === 'pending')).reduce((sum, r) => sum + r.amount, 0)
	function makeRefund(session: FakeSession, amount: number, metadata: Record<string, string>): FakeRefund {
		const refund: FakeRefund = {
			id: `re_${crypto.randomBytes(12).toString('hex')}`,
			object: 'refund',
			status: refundsPending ? 'pending' : 'succeeded',
			payment_intent: session.payment_intent!,
			charge: `ch_${session.payment_intent!.slice(3)}`,
			amount,
			currency: 'eur',
			created: Math.floor(Date.now() / 1000),
			metadata,
			failure_reason: null,
		}
		refunds.push(refund)
		return refund
	}

	const failedPayments = new Set<string>()
	/** The PaymentIntent's status as Stripe reports it for the session's payment. */
	const intentStatus = (session: FakeSession) =>
		session.payment_status === 'paid' ? 'succeeded' : failedPayments.has(session.id) ? 'requires_payment_method' : 'processing'

	const server = http.createServer((req, res) => {
		let raw = ''
		req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://fake')
			const body = decodeStripeForm(req.method === 'GET' ? url.search.slice(1) : raw)
			requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body })
			if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
				return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
			}
			if (failures > 0) {
				failures--
				return send(res, 500, { error: { type: 'api_error', message: 'fake outage' } })
			}
			if (req.method === 'POST' && url.pathname === '/v1/coupons') {
				const key = req.headers['idempotency-key']
				if (typeof key === 'string' && couponsByKey.has(key)) return send(res, 200, coupons.get(couponsByKey.get(key)!)!)
				if (body.amount_off === undefined && body.percent_off === undefined)
					return send(res, 400, { error: { type: 'invalid_request_error', message: 'You must pass either amount_off or percent_off.' } })
				if (body.amount_off !== undefined && body.currency === undefined)
					return send(res, 400, { error: { type: 'invalid_request_error', message: 'You must pass currency when passing amount_off.' } })
				const coupon: FakeCoupon = {
					id: crypto.randomBytes(6).toString('hex'),
					object: 'coupon',
					amount_off: body.amount_off === undefined ? null : Number(body.amount_off),
					currency: (body.currency as string | undefined) ?? null,
					duration: String(body.duration ?? 'once'),
					max_redemptions: body.max_redemptions === undefined ? null : Number(body.max_redemptions),
					name: (body.name as string | undefined) ?? null,
					valid: true,
				}
				coupons.set(coupon.id, coupon)
				if (typeof key === 'string') couponsByKey.set(key, coupon.id)
				return send(res, 200, coupon)
			}
			if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
				const key = req.headers['idempotency-key']
				if (typeof key === 'string' && byIdempotencyKey.has(key)) return send(res, 200, sessions.get(byIdempotencyKey.get(key)!)!)
				const id = `cs_test_${crypto.randomBytes(12).toString('hex')}`
				const items = (body.line_items as FakeSession['line_items'] | undefined) ?? []
				const lineItems = items.map((item) => ({
					quantity: Number(item.quantity),
					price_data: { ...item.price_data, unit_amount: Number(item.price_data.unit_amount) },
				}))
				const shipping = Number(
					(body.shipping_options as { shipping_rate_data?: { fixed_amount?: { amount?: string } } }[] | undefined)?.[0]?.shipping_rate_data?.fixed_amount
						?.amount ?? 0,
				)
				const applied = ((body.discounts as { coupon?: string }[] | undefined) ?? []).map((entry) => String(entry.coupon))
				const unknown = applied.find((id) => !coupons.has(id))
				if (unknown) return send(res, 400, { error: { type: 'invalid_request_error', message: `No such coupon: '${unknown}'` } })
				const amountDiscount = applied.reduce((sum, id) => sum + (coupons.get(id)!.amount_off ?? 0), 0)
				const session: FakeSession = {
					id,
					object: 'checkout.session',
					mode: String(body.mode),
					currency: String(body.currency),
					status: 'open',
					payment_status: 'unpaid',
					customer_email: (body.customer_email as string) ?? null,
					client_reference_id: (body.client_reference_id as string) ?? null,
					metadata: (body.metadata as Record<string, string>) ?? {},
					success_url: String(body.success_url).replace('{CHECKOUT_SESSION_ID}', id),
					cancel_url: String(body.cancel_url),
					expires_at: Number(body.expires_at),
					livemode: !String(req.headers.authorization).startsWith('Bearer sk_test_'),
					url: `https://checkout.stripe.test/c/pay/${id}`,
					payment_intent: null,
					amount_total: Math.max(0, lineItems.reduce((sum, item) => sum + item.quantity * item.price_data.unit_amount, 0) + shipping - amountDiscount),
					payment_intent_metadata: ((body.payment_intent_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {}) as Record<string, string>,
					line_items: lineItems,
					discounts: applied.map((coupon) => ({ coupon })),
					total_details: { amount_discount: amountDiscount },
				}
				sessions.set(id, session)
				if (typeof key === 'string') byIdempotencyKey.set(key, id)
				return send(res, 200, session)
			}
			if (req.method === 'POST' && url.pathname === '/v1/refunds') {
				const key = req.headers['idempotency-key']
				if (typeof key === 'string' && refundsByKey.has(key)) return send(res, 200, refundsByKey.get(key)!)
				const paid = [...sessions.values()].find((s) => s.payment_intent === body.payment_intent && s.payment_status === 'paid')
				if (!paid) return send(res, 400, { error: { type: 'invalid_request_error', message: `No paid payment ${String(body.payment_intent)}` } })
				const left = paid.amount_total - refundedOf(paid.payment_intent!)
				const amount = Number(body.amount ?? left)
				if (amount > left) {
					return send(res, 400, {
						error: {
							type: 'invalid_request_error',
							code: 'amount_too_large',
							message: `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${left / 100})`,
						},
					})
				}
				const refund = makeRefund(paid, amount, (body.metadata as Record<string, string>) ?? {})
				if (typeof key === 'string') refundsByKey.set(key, refund)
				return send(res, 200, refund)
			}
			if (req.method === 'GET' && url.pathname === '/v1/refunds') {
				const data = refunds.filter((r) => r.payment_intent === body.payment_intent)
				return send(res, 200, { object: 'list', url: '/v1/refunds', has_more: false, data })
			}
			if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
				const data = [...sessions.values()].filter((s) => s.payment_intent === body.payment_intent)
				return send(res, 200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data })
			}
			const intentMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname)
			if (req.method === 'GET' && intentMatch) {
				const session = [...sessions.values()].find((s) => s.payment_intent === intentMatch[1])
				if (!session)
					return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentMatch[1]}'` } })
				return send(res, 200, {
					id: session.payment_intent,
					object: 'payment_intent',
					amount: session.amount_total,
					status: intentStatus(session),
					metadata: session.payment_intent_metadata,
				})
			}
			const match = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(url.pathname)
			if (match) {
				const session = sessions.get(match[1]!)
				if (!session) return notFound(res, match[1]!)
				if (match[2] && req.method === 'POST') {
					if (session.status !== 'open') {
						return send(res, 400, { error: { type: 'invalid_request_error', message: `Only open sessions can be expired (${session.status})` } })
					}
					session.status = 'expired'
				}
				const expand = Object.values((body.expand as Record<string, string> | string[] | undefined) ?? {})
				if (expand.includes('payment_intent') && session.payment_intent) {
					return send(res, 200, { ...session, payment_intent: { id: session.payment_intent, object: 'payment_intent', status: intentStatus(session) } })
				}
				return send(res, 200, session)
			}
			send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } })
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
	const { port } = server.address() as AddressInfo

	function session(id: string) {
		const found = sessions.get(id)
		if (!found) throw new Error(`fake stripe has no session ${id}`)
		return found
	}

	return {
		url: `http://127.0.0.1:${port}`,
		webhookSecret,
		requests,
		sessions,
		coupons,
		refunds,
		/** API calls that asked about one session (retrieve or expire). */
		callsAbout(id: string) {
			return requests.filter((r) => r.path.startsWith(`/v1/checkout/sessions/${id}`)).length
		},
		/** API calls that asked about any existing or made-up session. */
		sessionLookups() {
			return requests.filter((r) => r.path.startsWith('/v1/checkout/sessions/')).length
		},
		session,
		/** The next `count` API calls answer 500. */
		failNext(count: number) {
			failures = count
		},
		/**
		 * The customer paid (or, for async methods such as SEPA debit and bank transfers, completed
		 * without paying yet: the session is held in 'complete' + 'unpaid', the payment processing).
		 */
		complete(id: string, paymentStatus: FakeSession['payment_status'] = 'paid') {
			Object.assign(session(id), { status: 'complete', payment_status: paymentStatus, payment_intent: `pi_${id.slice(-16)}` })
		},
		/** A processing payment settles: paid, or failed (the session stays complete and unpaid, as at Stripe). */
		settleAsync(id: string, paid: boolean) {
			Object.assign(session(id), { payment_status: paid ? 'paid' : 'unpaid' })
			if (!paid) failedPayments.add(id)
		},
		expire(id: string) {
			session(id).status = 'expired'
		},
		/** Refunds made from now on are answered 'pending' (true) or 'succeeded' at once (false, the default). */
		answerRefundsPending(pending: boolean) {
			refundsPending = pending
		},
		/** A pending refund settles at Stripe; its webhook (refundEvent) then reports the new status. */
		settleRefund(id: string, status: 'succeeded' | 'failed' = 'succeeded') {
			const refund = refunds.find((candidate) => candidate.id === id)
			if (!refund) throw new Error(`no refund ${id}`)
			refund.status = status
			return refund
		},
		/** A refund made in Stripe's own dashboard: no metadata from the shop. */
		dashboardRefund(sessionId: string, amount?: number) {
			const paid = session(sessionId)
			return makeRefund(paid, amount ?? paid.amount_total - refundedOf(paid.payment_intent!), {})
		},
		/**
		 * A refund webhook as Stripe posts it: refund.created / refund.updated / charge.refund.updated
		 * carry the refund; charge.refunded carries the charge, without its refunds list (as with
		 * current API versions), so the shop has to ask.
		 */
		refundEvent(
			type: 'refund.created' | 'refund.updated' | 'charge.refund.updated' | 'charge.refunded',
			refund: FakeRefund,
			eventId = `evt_${crypto.randomBytes(12).toString('hex')}`,
		) {
			const paid = [...sessions.values()].find((s) => s.payment_intent === refund.payment_intent)!
			const object =
				type === 'charge.refunded'
					? {
							id: refund.charge,
							object: 'charge',
							payment_intent: refund.payment_intent,
							amount: paid.amount_total,
							amount_refunded: refundedOf(refund.payment_intent),
							refunded: true,
							metadata: {},
						}
					: { ...refund }
			return JSON.stringify({
				id: eventId,
				object: 'event',
				type,
				api_version: '2025-01-01',
				created: Math.floor(Date.now() / 1000),
				livemode: paid.livemode,
				data: { object },
			})
		},
		/** A webhook event about a session, as Stripe would post it. */
		event(type: string, id: string, eventId = `evt_${crypto.randomBytes(12).toString('hex')}`) {
			const object = session(id)
			return JSON.stringify({
				id: eventId,
				object: 'event',
				type,
				api_version: '2025-01-01',
				created: Math.floor(Date.now() / 1000),
				livemode: object.livemode,
				data: { object: { ...object } },
			})
		},
		/** The Stripe-Signature header for a payload, optionally signed at another time or with another secret. */
		sign(payload: string, options: { timestamp?: number; secret?: string } = {}) {
			return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, timestamp: options.timestamp })
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>
