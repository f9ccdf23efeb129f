import { eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderItems, orders } from '#db/schema/index.ts'
import { displayOrderNumber } from '#domain/admin/format.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import { countryLabel } from '#domain/shipping.ts'
import { createElement } from 'react'
import { enqueueEmail } from '../email/outbox.ts'
import { renderEmail } from '../email/render.ts'
import { OwnerOrderEmail, type OwnerOrderEmailView } from '../email/templates/owner-order.tsx'
import type { OrderEmailContext } from './emails.ts'

type OrderRow = typeof orders.$inferSelect
type ItemRow = typeof orderItems.$inferSelect

/**
 * What the owner is told of (ADR 0232), each with its own subject so the inbox tells them apart:
 * `paid` a new paid order (test money says so in the subject), `unfulfillable` a payment that came
 * after the stock ran out (the order is cancelled and its refund automatic).
 */
export type OwnerNoticeKind = 'paid' | 'unfulfillable'

/** The subject of each notice, with the order's number: a test payment's 'paid' notice is its own. */
export function ownerNoticeSubject(kind: OwnerNoticeKind, order: Pick<OrderRow, 'id' | 'totalCents' | 'testMode'>) {
	const values = { number: displayOrderNumber(order.id), total: formatEuro(order.totalCents, 'ro') }
	return adminT(`ownerEmail.subject.${kind === 'paid' && order.testMode ? 'testPaid' : kind}`, values)
}

/** The owner's notice about an order, in Romanian like the admin: what happened, its lines, the customer and a link to it in the admin. */
export function renderOwnerOrderEmail(kind: OwnerNoticeKind, order: OrderRow, items: ItemRow[], context: Pick<OrderEmailContext, 'publicUrl'>) {
	const number = displayOrderNumber(order.id)
	const money = (cents: number) => formatEuro(cents, 'ro')
	const a = order.shippingAddress
	const subject = ownerNoticeSubject(kind, order)
	const intro = [adminT(`ownerEmail.intro.${kind}`, { number, total: money(order.totalCents) }), ...(order.testMode ? [adminT('ownerEmail.testNote')] : [])]
	const view: OwnerOrderEmailView = {
		subject,
		intro,
		itemsHeading: adminT('ownerEmail.items'),
		lines: items.map((item) => ({ title: `${item.quantity} × ${item.name}`, details: [], amount: money(item.unitPriceCents * item.quantity) })),
		totals: [
			{ label: adminT('ownerEmail.subtotal'), value: money(order.subtotalCents) },
			{ label: adminT('ownerEmail.shipping'), value: order.shippingCents === 0 ? adminT('ownerEmail.freeShipping') : money(order.shippingCents) },
			{ label: adminT('ownerEmail.total'), value: money(order.totalCents), strong: true },
		],
		customerHeading: adminT('ownerEmail.customer'),
		customer: [
			...[a.fullName, order.email, a.phone, a.address, `${a.postalCode} ${a.city}`.trim(), countryLabel(a.country, 'ro')].filter(Boolean),
			...(a.notes ? [`${adminT('ownerEmail.notes')}: ${a.notes}`] : []),
		],
		link: { label: adminT('ownerEmail.open'), href: `${context.publicUrl}/admin/orders/${order.id}` },
	}
	return { subject, ...renderEmail(createElement(OwnerOrderEmail, { view })) }
}

/**
 * Queues the owner's notice in the transaction that records what it reports; its dedupe key (the
 * kind and the order) makes it one per order and kind, however often the payment is reported.
 */
export async function queueOwnerOrderEmail(tx: DbExecutor, context: OrderEmailContext, orderId: string, kind: OwnerNoticeKind = 'paid') {
	if (!context.ownerEmail) return false
	const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
	if (!order) return false
	const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.name)
	return enqueueEmail(tx, {
		to: context.ownerEmail,
		...renderOwnerOrderEmail(kind, order, items, context),
		replyTo: order.email,
		dedupeKey: kind === 'paid' ? `order-paid-owner:${orderId}` : `order-${kind}-owner:${orderId}`,
	})
}
