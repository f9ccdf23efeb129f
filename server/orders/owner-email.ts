import { eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderItems, orders } from '#db/schema/index.ts'
import { displayOrderNumber } from '#domain/admin/format.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import { SHOP } from '#domain/shop.ts'
import { countryLabel } from '#domain/shipping.ts'
import { enqueueEmail } from '../email/outbox.ts'
import type { OrderEmailContext } from './emails.ts'

type OrderRow = typeof orders.$inferSelect
type ItemRow = typeof orderItems.$inferSelect

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The owner's notice of a paid order, in Romanian like the admin: its lines, the customer and a link to it in the admin. */
export function renderOwnerOrderEmail(order: OrderRow, items: ItemRow[], context: Pick<OrderEmailContext, 'publicUrl'>) {
	const number = displayOrderNumber(order.id)
	const money = (cents: number) => formatEuro(cents, 'ro')
	const link = `${context.publicUrl}/admin/orders/${order.id}`
	const a = order.shippingAddress
	const subject = adminT('ownerEmail.subject', { number, total: money(order.totalCents) })
	const lines = items.map((item) => `${item.quantity} × ${item.name} — ${money(item.unitPriceCents * item.quantity)}`)
	const customer = [a.fullName, order.email, a.phone, a.address, `${a.postalCode} ${a.city}`.trim(), countryLabel(a.country, 'ro')].filter(Boolean)
	const totals: [string, string][] = [
		[adminT('ownerEmail.subtotal'), money(order.subtotalCents)],
		[adminT('ownerEmail.shipping'), order.shippingCents === 0 ? adminT('ownerEmail.freeShipping') : money(order.shippingCents)],
		[adminT('ownerEmail.total'), money(order.totalCents)],
	]
	const intro = [adminT('ownerEmail.intro', { number }), ...(order.testMode ? [adminT('ownerEmail.testNote')] : [])]
	const text = [
		...intro,
		'',
		`${adminT('ownerEmail.items')}:`,
		...lines.map((line) => `- ${line}`),
		...totals.map(([label, value]) => `${label}: ${value}`),
		'',
		`${adminT('ownerEmail.customer')}:`,
		...customer,
		...(a.notes ? [`${adminT('ownerEmail.notes')}: ${a.notes}`] : []),
		'',
		`${adminT('ownerEmail.open')}: ${link}`,
	].join('\n')
	const html = `<!doctype html><html lang="ro"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#2b2118;max-width:600px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">${escapeHtml(SHOP.name)}</h1>
${intro.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<h2 style="font-size:16px">${escapeHtml(adminT('ownerEmail.items'))}</h2>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${totals.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br>')}</p>
<h2 style="font-size:16px">${escapeHtml(adminT('ownerEmail.customer'))}</h2>
<p>${customer.map(escapeHtml).join('<br>')}${a.notes ? `<br>${escapeHtml(adminT('ownerEmail.notes'))}: ${escapeHtml(a.notes)}` : ''}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(adminT('ownerEmail.open'))}</a></p>
</body></html>`
	return { subject, text, html }
}

/**
 * Queues the owner's notice of a paid order in the transaction that records the payment; its dedupe
 * key makes it one per order, however often the payment is reported.
 */
export async function queueOwnerOrderEmail(tx: DbExecutor, context: OrderEmailContext, orderId: string) {
	if (!context.ownerEmail) return false
	const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
	if (!order) return false
	const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.name)
	return enqueueEmail(tx, {
		to: context.ownerEmail,
		...renderOwnerOrderEmail(order, items, context),
		replyTo: order.email,
		dedupeKey: `order-paid-owner:${orderId}`,
	})
}
