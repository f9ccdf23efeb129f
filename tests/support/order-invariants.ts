import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { emailOutbox, orderHistory, orderItems, orders, products, stockHolds } from '#db/schema/index.ts'
import type { FakeSession } from './fake-stripe.ts'

/**
 * The money-and-stock rules the load and fault suites check straight on the database once the
 * shop has stopped, against what the payment provider (the fake Stripe) says happened. Each
 * broken rule comes back as one readable line, so a failure names the order and what is wrong.
 */

export type LedgerExpectations = {
	/** Units each product had before the traffic (products left out are not checked). */
	initialStock: ReadonlyMap<string, number>
	/** Checkout Sessions as the provider knows them: the truth about who paid. */
	sessions: Iterable<FakeSession>
	/** Outbox ids of the messages that actually left the shop, once per delivery (a resend shows up twice). */
	deliveredEmailIds: readonly string[]
	/** The payment sessions of the orders the shop confirmed to a shopper (checkout sent them on to pay). */
	acceptedSessions: ReadonlySet<string>
}

export type LedgerSummary = {
	orders: number
	paid: number
	failed: number
	pending: number
	paidSessions: number
	unitsSold: number
	unitsHeld: number
	emailsSent: number
	emailsPending: number
}

const countBy = <T>(items: readonly T[], key: (item: T) => string) => {
	const counts = new Map<string, number>()
	for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
	return counts
}

export async function checkOrderLedger(db: Database, expected: LedgerExpectations): Promise<{ violations: string[]; summary: LedgerSummary }> {
	const [allOrders, items, holds, paidHistory, outbox, stock] = await Promise.all([
		db.select().from(orders),
		db.select().from(orderItems),
		db.select().from(stockHolds),
		db.select().from(orderHistory).where(eq(orderHistory.action, 'payment_paid')),
		db.select().from(emailOutbox),
		db.select({ id: products.id, stock: products.stock }).from(products),
	])
	const violations: string[] = []
	const sessionByOrder = new Map<string, FakeSession>()
	for (const session of expected.sessions) if (session.metadata.order_id) sessionByOrder.set(session.metadata.order_id, session)
	const orderById = new Map(allOrders.map((order) => [order.id, order]))
	const paidTransitions = countBy(paidHistory, (row) => row.orderId)
	const deliveries = countBy(expected.deliveredEmailIds, (id) => id)
	const confirmationOf = new Map(
		outbox.filter((row) => row.dedupeKey?.startsWith('order-paid:')).map((row) => [row.dedupeKey!.slice('order-paid:'.length), row]),
	)
	const isPaid = (session: FakeSession | undefined) => session?.payment_status === 'paid' || session?.payment_status === 'no_payment_required'

	// An order the shopper was told about is never lost, whatever happened to the process afterwards.
	const orderBySession = new Map([...orderById.values()].map((order) => [order.paymentSessionId, order]))
	for (const sessionId of expected.acceptedSessions) {
		const order = orderBySession.get(sessionId)
		const named = [...sessionByOrder].find(([, session]) => session.id === sessionId)?.[0]
		if (!order) violations.push(`session ${sessionId} was handed to a shopper (checkout redirected to pay) but no order records it`)
		else if (named !== undefined && named !== order.id) violations.push(`session ${sessionId} names order ${named} but order ${order.id} records it`)
	}

	// Every payment the provider took is one paid order, and no order is paid without one.
	for (const [orderId, session] of sessionByOrder) {
		if (!isPaid(session)) continue
		const order = orderById.get(orderId)
		if (!order) violations.push(`session ${session.id} was paid but its order ${orderId} does not exist`)
		else if (order.paymentStatus !== 'paid') violations.push(`session ${session.id} was paid but order ${orderId} is ${order.paymentStatus}`)
		else if (order.paymentSessionId !== session.id) violations.push(`order ${orderId} is paid through ${order.paymentSessionId}, not its session ${session.id}`)
	}

	for (const order of allOrders) {
		const session = sessionByOrder.get(order.id)
		const orderHolds = holds.filter((hold) => hold.orderId === order.id)
		const confirmation = confirmationOf.get(order.id)
		if (order.paymentStatus === 'paid') {
			if (!isPaid(session)) violations.push(`order ${order.id} is paid but the provider has no payment for it`)
			if (paidTransitions.get(order.id) !== 1) violations.push(`order ${order.id} was marked paid ${paidTransitions.get(order.id) ?? 0} times`)
			// Exactly one sale: one sold hold per stocked product, for the units ordered.
			const ordered = new Map<string, number>()
			for (const item of items) if (item.orderId === order.id && item.productId) ordered.set(item.productId, (ordered.get(item.productId) ?? 0) + item.quantity)
			const sold = orderHolds.filter((hold) => hold.status === 'sold')
			if (sold.length !== orderHolds.length || sold.length !== ordered.size) {
				violations.push(`paid order ${order.id} has holds [${orderHolds.map((h) => h.status).join(', ')}] for ${ordered.size} product(s)`)
			}
			for (const hold of sold) {
				if (ordered.get(hold.productId) !== hold.quantity)
					violations.push(`paid order ${order.id} sold ${hold.quantity} of ${hold.productId}, ordered ${ordered.get(hold.productId) ?? 0}`)
			}
			if (!confirmation) violations.push(`paid order ${order.id} has no confirmation email`)
			else if (confirmation.status !== 'sent') violations.push(`paid order ${order.id}: confirmation email is ${confirmation.status}`)
		} else {
			if (orderHolds.some((hold) => hold.status === 'sold')) violations.push(`order ${order.id} is ${order.paymentStatus} but sold stock`)
			if (confirmation) violations.push(`order ${order.id} is ${order.paymentStatus} but has a confirmation email`)
			if (order.paymentStatus === 'failed' && orderHolds.some((hold) => hold.status === 'held')) violations.push(`failed order ${order.id} still holds stock`)
		}
		// No hold outlives its session: stock stays held only while the customer can still pay.
		if (orderHolds.some((hold) => hold.status === 'held') && session?.status !== 'open') {
			violations.push(`order ${order.id} holds stock but its session is ${session ? session.status : 'missing'}`)
		}
	}

	// Every message that left is one outbox row, sent once.
	for (const row of outbox) {
		const times = deliveries.get(row.id) ?? 0
		if (row.status === 'sent' && times !== 1) violations.push(`email ${row.id} (${row.subject}) was delivered ${times} times`)
		if (row.status !== 'sent' && times > 0) violations.push(`email ${row.id} was delivered but is ${row.status} in the outbox`)
	}
	const outboxIds = new Set(outbox.map((row) => row.id))
	for (const id of deliveries.keys()) if (!outboxIds.has(id)) violations.push(`a delivered email (${id}) has no outbox row`)

	// Units are never lost, made up or sold twice: what is on the shelf, held and sold adds up to the start.
	for (const { id, stock: onShelf } of stock) {
		const initial = expected.initialStock.get(id)
		if (initial === undefined) continue
		const held = holds.filter((h) => h.productId === id && h.status === 'held').reduce((sum, h) => sum + h.quantity, 0)
		const sold = holds.filter((h) => h.productId === id && h.status === 'sold').reduce((sum, h) => sum + h.quantity, 0)
		if (onShelf === null || onShelf < 0) violations.push(`product ${id} has stock ${onShelf}`)
		else if (onShelf + held + sold !== initial) violations.push(`product ${id}: ${onShelf} in stock + ${held} held + ${sold} sold ≠ ${initial} at the start`)
	}

	const byStatus = countBy(allOrders, (order) => order.paymentStatus)
	return {
		violations,
		summary: {
			orders: allOrders.length,
			paid: byStatus.get('paid') ?? 0,
			failed: byStatus.get('failed') ?? 0,
			pending: byStatus.get('pending') ?? 0,
			paidSessions: [...sessionByOrder.values()].filter(isPaid).length,
			unitsSold: holds.filter((h) => h.status === 'sold').reduce((sum, h) => sum + h.quantity, 0),
			unitsHeld: holds.filter((h) => h.status === 'held').reduce((sum, h) => sum + h.quantity, 0),
			emailsSent: outbox.filter((row) => row.status === 'sent').length,
			emailsPending: outbox.filter((row) => row.status === 'pending').length,
		},
	}
}
