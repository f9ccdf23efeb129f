import type { OrderStatus, PaymentStatus } from './enums.ts'

/** An order in one of these states will not be shipped (any more). */
export const CLOSED_ORDER_STATUSES = ['delivered', 'cancelled'] as const satisfies readonly OrderStatus[]
/** A payment in one of these states means there is nothing to ship. */
export const SETTLED_UNPAID_STATUSES = ['failed', 'refunded'] as const satisfies readonly PaymentStatus[]

/**
 * Whether the shop still needs the order's shipping details (name, address, phone, email): it is
 * paid, or its payment may still arrive, and it is neither delivered nor cancelled. Deleting the
 * account keeps those details until this turns false (ADR 0098).
 */
export function orderStillToShip(order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
	return (
		!(CLOSED_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status) &&
		!(SETTLED_UNPAID_STATUSES as readonly PaymentStatus[]).includes(order.paymentStatus)
	)
}
