import { describe, expect, it } from 'vitest'
import { orderPageKey } from '../orders/order-page.ts'
import { isReviewLinkKey, reviewLinkKey, reviewLinkPath } from './reviews.ts'

const order = '3f2b0c3e-1111-4222-8333-444455556666'
const product = '9a8b7c6d-5555-4666-8777-888899990000'
const other = '9a8b7c6d-5555-4666-8777-888899990001'

describe('review links', () => {
	it('are signed for one order and one product, under the app secret', () => {
		const key = reviewLinkKey('secret', { orderId: order, productId: product })
		expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(isReviewLinkKey('secret', { orderId: order, productId: product }, key)).toBe(true)
		// Ids compare in any case, as UUIDs do.
		expect(isReviewLinkKey('secret', { orderId: order.toUpperCase(), productId: product }, key)).toBe(true)
		expect(reviewLinkPath('secret', { orderId: order, productId: product })).toBe(`/review/${order}/${product}?key=${key}`)
	})

	it('refuse another product, another order, another secret, and no key', () => {
		const key = reviewLinkKey('secret', { orderId: order, productId: product })
		expect(isReviewLinkKey('secret', { orderId: order, productId: other }, key)).toBe(false)
		expect(isReviewLinkKey('secret', { orderId: product, productId: order }, key)).toBe(false)
		expect(isReviewLinkKey('another', { orderId: order, productId: product }, key)).toBe(false)
		expect(isReviewLinkKey('secret', { orderId: order, productId: product }, null)).toBe(false)
		const tampered = `${key.slice(0, 42)}${key.endsWith('A') ? 'B' : 'A'}`
		expect(isReviewLinkKey('secret', { orderId: order, productId: product }, tampered)).toBe(false)
		expect(isReviewLinkKey('secret', { orderId: 'not-an-id', productId: product }, key)).toBe(false)
	})

	it('differ from the order page key of the same order', () => {
		expect(reviewLinkKey('secret', { orderId: order, productId: product })).not.toBe(orderPageKey('secret', order))
	})
})
