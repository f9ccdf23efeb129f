import { and, eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { invoices, orderItems, orders } from '#db/schema/index.ts'
import { invoiceLines } from '#domain/invoices/invoice.ts'
import { breakdownRate } from '#domain/invoices/tax-treatment.ts'
import { formatRate } from '#domain/invoices/vat.ts'
import { LOCALES, type Locale } from '#domain/enums.ts'
import { formatEuro } from '#domain/money.ts'
import { SHOP } from '#domain/shop.ts'
import { addressInLanguage, countryLabel } from '#domain/shipping.ts'
import { createElement } from 'react'
import { enqueueEmail } from '../email/outbox.ts'
import { renderEmail } from '../email/render.ts'
import { OrderEmail, type EmailRow, type OrderEmailView } from '../email/templates/order.tsx'
import { serverI18n } from '../i18n.ts'
import type { InvoicingConfig } from '../invoices/config.ts'
import { orderTaxDecision, type Invoice } from '../invoices/issue.ts'
import { reviewLinksOfOrder } from '../reviews/reviews.ts'
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

export type OrderEmailKind = 'confirmation' | 'status' | 'tracking' | 'refund' | 'cancelled'

/** A product of a delivered order and its signed review link (ADR 0268). */
export type ReviewLink = { name: string; href: string }

/** A paid order cancelled with its money kept: how much, and the reason the customer reads (ADR 0230). */
export type KeptMoney = { amountCents: number; reason: string }

type OrderRow = typeof orders.$inferSelect
type ItemRow = typeof orderItems.$inferSelect
/** An order line as the email shows it: named in the order's language, with its portrait options (ADR 0134). */
type EmailItem = ItemRow & { optionRows?: OptionRow[] }

/** The order number people see is the first 8 characters of its id. */
export function orderNumber(orderId: string) {
	return orderId.slice(0, 8)
}

function asLocale(value: string): Locale {
	return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'ro'
}

/**
 * The shop's name, address and email under every customer email, the address's country in the
 * reader's language: SHOP_ADDRESS is written once, in Romanian ("…, România" reads "…, Rumanía").
 */
export function shopFooter(shopAddress: string, locale: Locale): string[] {
	return [SHOP.name, addressInLanguage(shopAddress, locale), SHOP.email]
}

/**
 * The confirmation, status, tracking, refund and cancellation emails (ADR 0115, 0230): order
 * number, status, total, items, shipping address and tracking number (and what was refunded), in
 * the order's language, signed with the shop's name and address: the OrderEmail component, rendered.
 */
export function renderOrderEmail(
	kind: OrderEmailKind,
	order: OrderRow,
	items: EmailItem[],
	context: OrderEmailContext,
	extra: { invoice?: Invoice; refundCents?: number; creditNote?: Invoice; kept?: KeptMoney; reviewLinks?: ReviewLink[] } = {},
) {
	const { invoice, creditNote } = extra
	const locale = asLocale(order.locale)
	const t = serverI18n(locale).getFixedT(locale)
	const number = orderNumber(order.id)
	const money = (cents: number) => formatEuro(cents, locale)
	const status = t(`orderEmail.status.${order.status}`)
	const payment = t(`orderEmail.payment.${order.paymentStatus}`)
	const subject = t(`orderEmail.subject.${kind}`, { number, status })
	const greeting = t(`orderEmail.intro.${kind}`, {
		name: order.shippingAddress.fullName,
		status,
		tracking: order.trackingNumber ?? '',
		amount: money(extra.refundCents ?? order.refundedCents),
	})
	// A paid order's cancellation says what became of the money: all of it back, part of it, or kept and why.
	const moneyNote =
		kind !== 'cancelled'
			? null
			: extra.kept
				? t('orderEmail.cancelMoney.kept', { amount: money(extra.kept.amountCents), reason: extra.kept.reason })
				: extra.refundCents !== undefined
					? t(order.paymentStatus === 'refunded' ? 'orderEmail.cancelMoney.refundedFull' : 'orderEmail.cancelMoney.refundedPart', {
							amount: money(extra.refundCents),
							total: money(order.totalCents),
						})
					: null
	const intro = moneyNote ? `${greeting} ${moneyNote}` : greeting
	const a = order.shippingAddress
	const tax = invoice?.tax ?? orderTaxDecision(context.invoicing.vat, order)
	// The VAT contained in the total, as the invoice states it (ADR 0119); before one exists, as it would.
	// A sale bearing no VAT says why instead (ADR 0150).
	const discounted = order.discountCents > 0 ? { grossCents: order.discountCents, name: { description: '' } } : null
	const totals = invoice?.totals ?? invoiceLines({ shippingCents: order.shippingCents, items, discount: discounted }, breakdownRate(tax), '').totals
	// A discount code (ADR 0255): the amount it took off, named by its code.
	const discountRows: EmailRow[] =
		order.discountCents > 0
			? [
					{
						label: t(order.discount?.kind === 'free_shipping' ? 'checkout.discount.freeShipping' : 'checkout.discount.line', {
							code: order.discount?.code ?? '',
						}),
						value: `-${money(order.discountCents)}`,
					},
				]
			: []
	const vatRows: EmailRow[] =
		tax.category === 'S'
			? totals.subtotals.map((s) => ({
					label: t('orderEmail.vatContained', { rate: formatRate(s.ratePercent, locale) }),
					value: money(s.vatCents),
					small: true,
				}))
			: [{ label: t(`invoice.treatmentName.${tax.treatment}`), value: '', small: true }]
	const invoiceNote =
		kind === 'confirmation' && invoice
			? t('orderEmail.invoiceAttached', { number: invoice.number })
			: (kind === 'refund' || kind === 'cancelled') && creditNote
				? t('orderEmail.creditNoteAttached', { number: creditNote.number })
				: null
	const view: OrderEmailView = {
		locale,
		subject,
		intro,
		facts: [
			{ label: t('orderEmail.orderNumber'), value: number },
			{ label: t('orderEmail.statusLabel'), value: status },
			{ label: t('orderEmail.paymentLabel'), value: payment },
			...(order.refundedCents > 0 ? [{ label: t('orderEmail.refundedLabel'), value: `${money(order.refundedCents)} / ${money(order.totalCents)}` }] : []),
			{ label: t('orderEmail.trackingLabel'), value: order.trackingNumber ? order.trackingNumber : t('orderEmail.noTracking') },
		],
		itemsHeading: t('orderEmail.items'),
		lines: items.map((item) => ({
			title: `${item.quantity} × ${item.name}`,
			details: (item.optionRows ?? []).map((row) => `${row.label}: ${row.value}`),
			amount: money(item.unitPriceCents * item.quantity),
		})),
		totals: [
			{ label: t('orderEmail.subtotal'), value: money(order.subtotalCents) },
			{ label: t('orderEmail.shipping'), value: order.shippingCents === 0 ? t('orderEmail.freeShipping') : money(order.shippingCents) },
			...discountRows,
			{ label: t('orderEmail.total'), value: money(order.totalCents), strong: true },
			...vatRows,
		],
		notes: invoiceNote ? [invoiceNote] : [],
		highlight: kind === 'confirmation' ? t('orderEmail.nextSteps') : null,
		addressHeading: t('orderEmail.shippingAddress'),
		address: [
			...[a.fullName, a.address, `${a.postalCode} ${a.city}`.trim(), countryLabel(a.country, locale), a.phone].filter(Boolean),
			...(a.notes ? [`${t('orderEmail.notes')}: ${a.notes}`] : []),
		],
		// The order's own page, signed so the customer opens it without an account (ADR 0135).
		link: { label: t('orderEmail.viewOrder'), href: orderPageUrl(context.publicUrl, locale, context.linkSecret, order.id) },
		// Delivered: a signed link per product, to review it without an account (ADR 0268).
		reviews: extra.reviewLinks?.length
			? {
					heading: t('review.email.heading'),
					intro: t('review.email.intro'),
					links: extra.reviewLinks.map((link) => ({ label: t('review.email.link', { name: link.name }), href: link.href })),
				}
			: null,
		footer: shopFooter(context.shopAddress, locale),
	}
	return { subject, ...renderEmail(createElement(OrderEmail, { view })) }
}

/**
 * Renders an order email from the order as it is in this transaction and puts it in the outbox,
 * so it commits (or not) together with the change it reports.
 */
export async function queueOrderEmail(
	tx: DbExecutor,
	context: OrderEmailContext,
	orderId: string,
	/** creditNote: the credit note a refund issued, attached to its email. */
	options: { kind: OrderEmailKind; dedupeKey?: string; refundCents?: number; creditNote?: Invoice; kept?: KeptMoney },
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
	// The delivered email asks for a review of each product (ADR 0268).
	const reviewLinks =
		options.kind === 'status' && order.status === 'delivered'
			? await reviewLinksOfOrder(tx, { publicUrl: context.publicUrl, secret: context.linkSecret }, orderId, asLocale(order.locale))
			: []
	const message = renderOrderEmail(options.kind, order, items, context, {
		invoice,
		refundCents: options.refundCents,
		creditNote: options.creditNote,
		kept: options.kept,
		reviewLinks,
	})
	// The confirmation carries the invoice's PDF, a refund (a cancellation's too) its credit note's, made when the message is sent (ADR 0118, 0155).
	const attached = options.kind === 'confirmation' ? invoice : options.creditNote
	return enqueueEmail(tx, {
		to: order.email,
		...message,
		attachments: attached ? [{ kind: attached.kind === 'invoice' ? 'invoice' : 'credit_note', invoiceId: attached.id }] : [],
		replyTo: SHOP.email,
		dedupeKey: options.dedupeKey ?? (options.kind === 'confirmation' ? `order-paid:${orderId}` : undefined),
	})
}
