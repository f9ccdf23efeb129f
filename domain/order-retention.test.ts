import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, PAYMENT_STATUSES } from './enums.ts'
import { orderStillToShip } from './order-retention.ts'

describe('orderStillToShip', () => {
	it('is true exactly for orders that are paid or may still be paid, and not delivered or cancelled', () => {
		const open = ORDER_STATUSES.flatMap((status) => PAYMENT_STATUSES.map((paymentStatus) => ({ status, paymentStatus }))).filter(orderStillToShip)
		expect(open.map((order) => `${order.status}/${order.paymentStatus}`).sort()).toEqual(
			['new/paid', 'new/pending', 'processing/paid', 'processing/pending', 'shipped/paid', 'shipped/pending'].sort(),
		)
	})
})
