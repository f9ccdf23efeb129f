import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { isStripeTestKey, isTestPayment } from './provider.ts'
import { createStripeProvider, parseStripeWebhook, WebhookPayloadError, WebhookSignatureError } from './stripe.ts'

const SECRET = 'whsec_unit_test_secret'
const ORDER_ID = '7d0c2a52-2f7e-4c44-9d3e-0a6f1e7f5a11'

/** Parses a payload signed the way Stripe signs it. */
function parseSigned(payload: unknown) {
	const raw = typeof payload === 'string' ? payload : JSON.stringify(payload)
	return parseStripeWebhook(raw, Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: SECRET }), SECRET)
}

const completed = (object: unknown) => ({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object } })

describe('parseStripeWebhook', () => {
	it('reduces a completed Checkout Session to a payment event', () => {
		expect(
			parseSigned(completed({ id: 'cs_test_1', status: 'complete', payment_status: 'paid', metadata: { order_id: ORDER_ID }, client_reference_id: ORDER_ID })),
		).toEqual({
			id: 'evt_1',
			provider: 'stripe',
			type: 'checkout.session.completed',
			session: { id: 'cs_test_1', orderId: ORDER_ID, status: 'complete', paymentStatus: 'paid' },
		})
	})

	it('ignores event types the shop does not act on', () => {
		expect(parseSigned({ id: 'evt_2', object: 'event', type: 'customer.created', data: { object: {} } })).toBeNull()
	})

	it('refuses a bad or missing signature', () => {
		expect(() => parseStripeWebhook('{}', 't=1,v1=00', SECRET)).toThrow(WebhookSignatureError)
		expect(() => parseStripeWebhook('{}', null, SECRET)).toThrow(WebhookSignatureError)
	})

	it.each([
		['null', 'null'],
		['an array', [1, 2]],
		['an event without an id', { type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } }],
		['a session event without data', { id: 'evt_3', type: 'checkout.session.completed' }],
		['a session without an id', completed({ status: 'complete' })],
		['metadata that is not strings', completed({ id: 'cs_1', metadata: { order_id: 42 } })],
		['a session id that is not a string', completed({ id: { $ne: null } })],
	])('throws WebhookPayloadError (a 400, not a 500) for a signed event that is %s', (_what, payload) => {
		expect(() => parseSigned(payload)).toThrow(WebhookPayloadError)
	})
})

describe('test money from Stripe', () => {
	const object = { id: 'cs_test_9', status: 'complete', payment_status: 'paid', metadata: { order_id: ORDER_ID } }

	it('reads livemode from the session or the event; either one false makes it test money', () => {
		expect(parseSigned(completed({ ...object, livemode: true }))?.session.livemode).toBe(true)
		expect(parseSigned(completed({ ...object, livemode: false }))?.session.livemode).toBe(false)
		const testEvent = parseSigned({ ...completed({ ...object, livemode: true }), livemode: false })!
		expect(testEvent.session.livemode).toBe(false)
		expect(isTestPayment(testEvent)).toBe(true)
		expect(isTestPayment(parseSigned(completed({ ...object, livemode: true }))!)).toBe(false)
		expect(isTestPayment({ provider: 'test', session: { id: 'x', orderId: null, status: 'complete', paymentStatus: 'paid' } })).toBe(true)
	})

	it('knows a test key by its prefix', () => {
		expect(isStripeTestKey('sk_test_abc')).toBe(true)
		expect(isStripeTestKey('rk_test_abc')).toBe(true)
		expect(isStripeTestKey('sk_live_abc')).toBe(false)
		expect(createStripeProvider({ secretKey: 'sk_test_abc' }).testMode).toBe(true)
		expect(createStripeProvider({ secretKey: 'sk_live_abc' }).testMode).toBe(false)
	})
})
