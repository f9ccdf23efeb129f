import { useTranslation } from '#app/lib/i18n/translation.tsx'
import type { OrderStatus, PaymentStatus } from '#domain/enums.ts'
import { formatEuro } from '#domain/money.ts'

/** An order as the storefront shows it (server/orders/order-page.ts OrderView, dates as text). */
export type OrderSummaryData = {
	status: OrderStatus
	paymentStatus: PaymentStatus
	subtotalCents: number
	shippingCents: number
	discount?: { code: string; kind: string; cents: number } | null
	totalCents: number
	refundedCents: number
	trackingNumber: string | null
	address: { fullName: string; address: string; postalCode: string; city: string; country: string; phone: string; notes: string }
	lines: { name: string; quantity: number; unitPriceCents: number; optionRows: { label: string; value: string }[]; photoUrl?: string | null }[]
}

const box = 'rounded-2xl border border-sand bg-white p-5 sm:p-6'

/**
 * What an order is and what happens next (ADR 0135): its lines (named in the reader's language,
 * with a portrait's options), totals, delivery address, status and tracking. Shown on the order's
 * page and on the thank-you page after paying.
 */
export function OrderSummary({ order }: { order: OrderSummaryData }) {
	const { t, i18n } = useTranslation()
	const money = (cents: number) => formatEuro(cents, i18n.language)
	const a = order.address
	return (
		<div className="space-y-6 text-left" data-testid="order-summary">
			<dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
				<div className="flex gap-2">
					<dt className="text-muted">{t('orderPage.status')}</dt>
					<dd className="font-medium">{t(`account.orderStatus.${order.status}`)}</dd>
				</div>
				<div className="flex gap-2">
					<dt className="text-muted">{t('orderPage.payment')}</dt>
					<dd className="font-medium">
						{t(`account.paymentStatus.${order.paymentStatus}`)}
						{order.refundedCents > 0 ? <span className="ml-1 font-normal">({t('orderPage.refunded', { amount: money(order.refundedCents) })})</span> : null}
					</dd>
				</div>
				{order.trackingNumber ? (
					<div className="flex gap-2">
						<dt className="text-muted">{t('orderPage.tracking')}</dt>
						<dd className="font-mono">{order.trackingNumber}</dd>
					</div>
				) : null}
			</dl>

			<section aria-labelledby="order-items" className={box}>
				<h2 id="order-items" className="font-serif text-xl">
					{t('orderPage.items')}
				</h2>
				<ul className="mt-3 divide-y divide-sand text-sm">
					{order.lines.map((line, index) => (
						<li key={index} className="flex justify-between gap-4 py-2" data-testid="order-line">
							<div>
								<p>
									{line.quantity} × {line.name}
								</p>
								{line.optionRows.length ? (
									<dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted">
										{line.optionRows.map((row) => (
											<div key={row.label} className="contents">
												<dt>{row.label}:</dt>
												<dd className="break-words">{row.value}</dd>
											</div>
										))}
									</dl>
								) : null}
								{line.photoUrl ? (
									<img
										src={line.photoUrl}
										alt={t('orderPage.photo')}
										width={96}
										height={96}
										loading="lazy"
										referrerPolicy="no-referrer"
										className="mt-2 size-24 rounded-lg border border-sand object-cover"
										data-testid="order-photo"
									/>
								) : null}
							</div>
							<span className="shrink-0 tabular-nums">{money(line.unitPriceCents * line.quantity)}</span>
						</li>
					))}
				</ul>
				<dl className="mt-3 space-y-1 border-t border-sand pt-3 text-sm">
					<div className="flex justify-between">
						<dt>{t('checkout.subtotal')}</dt>
						<dd className="tabular-nums">{money(order.subtotalCents)}</dd>
					</div>
					<div className="flex justify-between">
						<dt>{t('checkout.shipping')}</dt>
						<dd className="tabular-nums">{order.shippingCents === 0 ? t('checkout.shippingFree') : money(order.shippingCents)}</dd>
					</div>
					{order.discount ? (
						<div className="flex justify-between" data-testid="order-discount">
							<dt>{t(order.discount.kind === 'free_shipping' ? 'checkout.discount.freeShipping' : 'checkout.discount.line', { code: order.discount.code })}</dt>
							<dd className="tabular-nums">−{money(order.discount.cents)}</dd>
						</div>
					) : null}
					<div className="flex justify-between text-base font-semibold">
						<dt>{t('checkout.total')}</dt>
						<dd className="tabular-nums" data-testid="order-total">
							{money(order.totalCents)}
						</dd>
					</div>
				</dl>
			</section>

			<div className="grid gap-6 sm:grid-cols-2">
				<section aria-labelledby="order-address" className={box}>
					<h2 id="order-address" className="font-serif text-xl">
						{t('orderPage.address')}
					</h2>
					<address className="mt-3 text-sm not-italic" data-testid="order-address">
						{[a.fullName, a.address, `${a.postalCode} ${a.city}`.trim(), a.country, a.phone].filter(Boolean).map((line, index) => (
							<span key={index} className="block">
								{line}
							</span>
						))}
						{a.notes ? (
							<span className="mt-2 block text-muted">
								{t('orderPage.notes')}: {a.notes}
							</span>
						) : null}
					</address>
				</section>
				<section aria-labelledby="order-next" className={box}>
					<h2 id="order-next" className="font-serif text-xl">
						{t('orderPage.nextTitle')}
					</h2>
					<p className="mt-3 text-sm">{t('orderPage.nextText')}</p>
				</section>
			</div>
		</div>
	)
}
