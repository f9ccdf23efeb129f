import { and, eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { invoices, orderItems, orders } from '#db/schema/index.ts'
import { invoiceLines } from '#domain/invoices/invoice.ts'
import { formatRate, vatRateFor } from '#domain/invoices/vat.ts'
import { LOCALES, type Locale } from '#domain/enums.ts'
import { formatEuro } from '#domain/money.ts'
import { SHOP } from '#domain/shop.ts'
import { countryLabel } from '#domain/shipping.ts'
import { enqueueEmail } from '../email/outbox.ts'
import { serverI18n } from '../i18n.ts'
import type { InvoicingConfig } from '../invoices/config.ts'
import type { Invoice } from '../invoices/issue.ts'
import { localizedUrl } from '../public-url.ts'

/**
 * What every order email needs besides the order: where the shop is and where it lives online,
 * how the shop invoices (the confirmation issues the invoice and attaches it, ADR 0118), and where
 * the owner is told of each paid order (OWNER_EMAIL, else SHOP_EMAIL; none: not told).
 */
export type OrderEmailContext = { shopAddress: string; publicUrl: string; invoicing: InvoicingConfig; ownerEmail?: string }

export type OrderEmailKind = 'confirmation' | 'status' | 'tracking' | 'refund'

type OrderRow = typeof orders.$inferSelect
type ItemRow = typeof orderItems.$inferSelect

/** Spec §2/§7: the order number people see is the first 8 characters of its id. */
export function orderNumber(orderId: string) {
	return orderId.slice(0, 8)
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function asLocale(value: string): Locale {
	return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'ro'
}

/**
 * The confirmation, status, tracking and refund emails (spec §7 send-order-email, ADR 0115): order
 * number, status, total, items, shipping address and tracking number (and what was refunded), as
 * HTML and plain text, in the order's language, signed with the shop's name and address.
 */
export function renderOrderEmail(
	kind: OrderEmailKind,
	order: OrderRow,
	items: ItemRow[],
	context: OrderEmailContext,
	extra: { invoice?: Invoice; refundCents?: number } = {},
) {
	const { invoice } = extra
	const locale = asLocale(order.locale)
	const t = serverI18n(locale).getFixedT(locale)
	const number = orderNumber(order.id)
	const money = (cents: number) => formatEuro(cents, locale)
	const status = t(`orderEmail.status.${order.status}`)
	const payment = t(`orderEmail.payment.${order.paymentStatus}`)
	const subject = t(`orderEmail.subject.${kind}`, { number, status })
	const intro = t(`orderEmail.intro.${kind}`, {
		name: order.shippingAddress.fullName,
		status,
		tracking: order.trackingNumber ?? '',
		amount: money(extra.refundCents ?? order.refundedCents),
	})
	const a = order.shippingAddress
	const addressLines = [a.fullName, a.address, `${a.postalCode} ${a.city}`.trim(), countryLabel(a.country, locale), a.phone].filter(Boolean)
	const tracking = order.trackingNumber ? order.trackingNumber : t('orderEmail.noTracking')
	const rows: [string, string][] = [
		[t('orderEmail.orderNumber'), number],
		[t('orderEmail.statusLabel'), status],
		[t('orderEmail.paymentLabel'), payment],
		...(order.refundedCents > 0 ? [[t('orderEmail.refundedLabel'), `${money(order.refundedCents)} / ${money(order.totalCents)}`] as [string, string]] : []),
		[t('orderEmail.trackingLabel'), tracking],
	]
	const itemLine = (item: ItemRow) => `${item.quantity} × ${item.name} — ${money(item.unitPriceCents * item.quantity)}`
	const accountUrl = localizedUrl(context.publicUrl, locale, '/account')
	// The VAT contained in the total, as the invoice states it (ADR 0119); before one exists, as it would.
	const totals = invoice?.totals ?? invoiceLines({ shippingCents: order.shippingCents, items }, vatRateFor(context.invoicing.vat, a.country), '').totals
	const vatRows: [string, string][] = totals.vatRegistered
		? totals.subtotals.map((s) => [t('orderEmail.vatContained', { rate: formatRate(s.ratePercent, locale) }), money(s.vatCents)])
		: [[t('orderEmail.vatNotApplicable'), '']]
	const invoiceNote = kind === 'confirmation' && invoice ? t('orderEmail.invoiceAttached', { number: invoice.number }) : null

	const text = [
		intro,
		'',
		...rows.map(([label, value]) => `${label}: ${value}`),
		'',
		`${t('orderEmail.items')}:`,
		...items.map((item) => `- ${itemLine(item)}`),
		`${t('orderEmail.subtotal')}: ${money(order.subtotalCents)}`,
		`${t('orderEmail.shipping')}: ${order.shippingCents === 0 ? t('orderEmail.freeShipping') : money(order.shippingCents)}`,
		`${t('orderEmail.total')}: ${money(order.totalCents)}`,
		...vatRows.map(([label, value]) => (value ? `${label}: ${value}` : label)),
		...(invoiceNote ? ['', invoiceNote] : []),
		'',
		`${t('orderEmail.shippingAddress')}:`,
		...addressLines,
		...(a.notes ? [`${t('orderEmail.notes')}: ${a.notes}`] : []),
		'',
		`${t('orderEmail.account')}: ${accountUrl}`,
		'',
		`${SHOP.name}`,
		context.shopAddress,
		SHOP.email,
	].join('\n')

	const cell = 'padding:4px 8px;border-bottom:1px solid #eee'
	const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#2b2118;max-width:600px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">${escapeHtml(SHOP.name)}</h1>
<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse;width:100%">${rows.map(([label, value]) => `<tr><th style="${cell};text-align:left">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`).join('')}</table>
<h2 style="font-size:16px">${escapeHtml(t('orderEmail.items'))}</h2>
<table style="border-collapse:collapse;width:100%">
${items.map((item) => `<tr><td style="${cell}">${item.quantity} × ${escapeHtml(item.name)}</td><td style="${cell};text-align:right">${escapeHtml(money(item.unitPriceCents * item.quantity))}</td></tr>`).join('\n')}
<tr><td style="${cell}">${escapeHtml(t('orderEmail.subtotal'))}</td><td style="${cell};text-align:right">${escapeHtml(money(order.subtotalCents))}</td></tr>
<tr><td style="${cell}">${escapeHtml(t('orderEmail.shipping'))}</td><td style="${cell};text-align:right">${escapeHtml(order.shippingCents === 0 ? t('orderEmail.freeShipping') : money(order.shippingCents))}</td></tr>
<tr><th style="${cell};text-align:left">${escapeHtml(t('orderEmail.total'))}</th><th style="${cell};text-align:right">${escapeHtml(money(order.totalCents))}</th></tr>
${vatRows.map(([label, value]) => `<tr><td style="${cell};font-size:13px;color:#6b5b4d">${escapeHtml(label)}</td><td style="${cell};text-align:right;font-size:13px;color:#6b5b4d">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>${invoiceNote ? `\n<p>${escapeHtml(invoiceNote)}</p>` : ''}
<h2 style="font-size:16px">${escapeHtml(t('orderEmail.shippingAddress'))}</h2>
<p>${addressLines.map(escapeHtml).join('<br>')}${a.notes ? `<br>${escapeHtml(t('orderEmail.notes'))}: ${escapeHtml(a.notes)}` : ''}</p>
<p><a href="${escapeHtml(accountUrl)}">${escapeHtml(t('orderEmail.account'))}</a></p>
<hr><p style="font-size:12px;color:#6b5b4d">${escapeHtml(SHOP.name)}<br>${escapeHtml(context.shopAddress)}<br>${escapeHtml(SHOP.email)}</p>
</body></html>`
	return { subject, text, html }
}

/**
 * Renders an order email from the order as it is in this transaction and puts it in the outbox,
 * so it commits (or not) together with the change it reports.
 */
export async function queueOrderEmail(
	tx: DbExecutor,
	context: OrderEmailContext,
	orderId: string,
	options: { kind: OrderEmailKind; dedupeKey?: string; refundCents?: number },
) {
	const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
	if (!order) return false
	const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.name)
	const [invoice] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
	const message = renderOrderEmail(options.kind, order, items, context, { invoice, refundCents: options.refundCents })
	return enqueueEmail(tx, {
		to: order.email,
		...message,
		// The confirmation carries the invoice's PDF, made when the message is sent (ADR 0118).
		attachments: options.kind === 'confirmation' && invoice ? [{ kind: 'invoice', invoiceId: invoice.id }] : [],
		replyTo: SHOP.email,
		dedupeKey: options.dedupeKey ?? (options.kind === 'confirmation' ? `order-paid:${orderId}` : undefined),
	})
}
