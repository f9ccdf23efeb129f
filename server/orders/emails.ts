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
import { localizeOrderLines, type OptionRow } from './order-lines.ts'
import { orderPageUrl } from './order-page.ts'

/**
 * What every order email needs besides the order: where the shop is and where it lives online,
 * how the shop invoices (the confirmation issues the invoice and attaches it, ADR 0118), and where
 * the owner is told of each paid order (OWNER_EMAIL, else SHOP_EMAIL; none: not told).
 */
export type OrderEmailContext = {
	shopAddress: string
	publicUrl: string
	invoicing: InvoicingConfig
	ownerEmail?: string
	/** Signs the link to the order's page each customer email carries (the app secret, ADR 0135). */
	linkSecret: string
}

export type OrderEmailKind = 'confirmation' | 'status' | 'tracking' | 'refund'

type OrderRow = typeof orders.$inferSelect
type ItemRow = typeof orderItems.$inferSelect
/** An order line as the email shows it: named in the order's language, with its portrait options (ADR 0134). */
type EmailItem = ItemRow & { optionRows?: OptionRow[] }

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
	items: EmailItem[],
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
	const itemLine = (item: EmailItem) => `${item.quantity} × ${item.name} — ${money(item.unitPriceCents * item.quantity)}`
	const optionText = (item: EmailItem) => (item.optionRows ?? []).map((row) => `${row.label}: ${row.value}`)
	// The order's own page, signed so the customer opens it without an account (ADR 0135).
	const orderUrl = orderPageUrl(context.publicUrl, locale, context.linkSecret, order.id)
	const nextSteps = kind === 'confirmation' ? t('orderEmail.nextSteps') : null
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
		...items.flatMap((item) => [`- ${itemLine(item)}`, ...optionText(item).map((line) => `    ${line}`)]),
		`${t('orderEmail.subtotal')}: ${money(order.subtotalCents)}`,
		`${t('orderEmail.shipping')}: ${order.shippingCents === 0 ? t('orderEmail.freeShipping') : money(order.shippingCents)}`,
		`${t('orderEmail.total')}: ${money(order.totalCents)}`,
		...vatRows.map(([label, value]) => (value ? `${label}: ${value}` : label)),
		...(invoiceNote ? ['', invoiceNote] : []),
		...(nextSteps ? ['', nextSteps] : []),
		'',
		`${t('orderEmail.shippingAddress')}:`,
		...addressLines,
		...(a.notes ? [`${t('orderEmail.notes')}: ${a.notes}`] : []),
		'',
		`${t('orderEmail.viewOrder')}: ${orderUrl}`,
		'',
		`${SHOP.name}`,
		context.shopAddress,
		SHOP.email,
	].join('\n')

	const cell = 'padding:6px 8px;border-bottom:1px solid #eadfd3'
	const small = 'font-size:13px;color:#6b5b4d'
	const itemCell = (item: EmailItem) =>
		`${item.quantity} × ${escapeHtml(item.name)}${(item.optionRows ?? []).map((row) => `<br><span style="${small}">${escapeHtml(row.label)}: ${escapeHtml(row.value)}</span>`).join('')}`
	const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f1ea">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f1ea"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;font-family:Georgia,'Times New Roman',serif;color:#2b2118">
<tr><td style="background:#8a4b2f;border-radius:12px 12px 0 0;padding:20px 24px;color:#ffffff;font-size:22px;font-family:Georgia,'Times New Roman',serif">${escapeHtml(SHOP.name)}</td></tr>
<tr><td style="padding:20px 24px;font-family:Arial,sans-serif;font-size:15px;line-height:1.5">
<p style="margin-top:0">${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse;width:100%">${rows.map(([label, value]) => `<tr><th style="${cell};text-align:left">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`).join('')}</table>
<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(t('orderEmail.items'))}</h2>
<table role="presentation" style="border-collapse:collapse;width:100%">
${items.map((item) => `<tr><td style="${cell}">${itemCell(item)}</td><td style="${cell};text-align:right;vertical-align:top;white-space:nowrap">${escapeHtml(money(item.unitPriceCents * item.quantity))}</td></tr>`).join('\n')}
<tr><td style="${cell}">${escapeHtml(t('orderEmail.subtotal'))}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(money(order.subtotalCents))}</td></tr>
<tr><td style="${cell}">${escapeHtml(t('orderEmail.shipping'))}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(order.shippingCents === 0 ? t('orderEmail.freeShipping') : money(order.shippingCents))}</td></tr>
<tr><th style="${cell};text-align:left">${escapeHtml(t('orderEmail.total'))}</th><th style="${cell};text-align:right;white-space:nowrap">${escapeHtml(money(order.totalCents))}</th></tr>
${vatRows.map(([label, value]) => `<tr><td style="${cell};${small}">${escapeHtml(label)}</td><td style="${cell};text-align:right;${small}">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>${invoiceNote ? `\n<p>${escapeHtml(invoiceNote)}</p>` : ''}${nextSteps ? `\n<p style="background:#f7f1ea;border-radius:8px;padding:12px">${escapeHtml(nextSteps)}</p>` : ''}
<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(t('orderEmail.shippingAddress'))}</h2>
<p>${addressLines.map(escapeHtml).join('<br>')}${a.notes ? `<br>${escapeHtml(t('orderEmail.notes'))}: ${escapeHtml(a.notes)}` : ''}</p>
<p style="margin:24px 0"><a href="${escapeHtml(orderUrl)}" style="display:inline-block;background:#8a4b2f;color:#ffffff;text-decoration:none;border-radius:999px;padding:10px 20px">${escapeHtml(t('orderEmail.viewOrder'))}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #eadfd3;font-family:Arial,sans-serif;${small}">${escapeHtml(SHOP.name)}<br>${escapeHtml(context.shopAddress)}<br>${escapeHtml(SHOP.email)}</td></tr>
</table>
</td></tr></table>
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
	const rows = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.lineId)
	// Named from the catalogue in the order's language, not as frozen at checkout (ADR 0134).
	const items = await localizeOrderLines(tx, asLocale(order.locale), rows)
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
