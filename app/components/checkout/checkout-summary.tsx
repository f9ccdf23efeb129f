import { Link } from '#app/components/link.tsx'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import type { CheckoutPreview } from '#domain/checkout-preview.ts'
import { formatRate } from '#domain/invoices/vat.ts'
import { formatEuro } from '#domain/money.ts'

/** The order's summary beside the form: subtotal, shipping, what a sale without VAT saves, the total, its VAT, and the button. */
export function CheckoutSummary({ preview, locale, busy, children }: { preview: CheckoutPreview; locale: string; busy: boolean; children?: React.ReactNode }) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const money = (cents: number) => formatEuro(cents, locale)
	const { subtotalCents, shippingCents, shippingUnavailable, tax, totalCents, vat, vatRate, intraCommunity, discount } = preview
	return (
		<aside aria-labelledby="checkout-summary" className="h-fit rounded-xl border border-sand bg-white p-6 lg:sticky lg:top-6">
			<h2 id="checkout-summary" className="font-serif text-xl">
				{t('checkout.summaryTitle')}
			</h2>
			<dl className="mt-4 space-y-2">
				<div className="flex justify-between">
					<dt>{t('checkout.subtotal')}</dt>
					<dd>{money(subtotalCents)}</dd>
				</div>
				<div className="flex justify-between">
					<dt>{t('checkout.shipping')}</dt>
					<dd data-testid="checkout-shipping">
						{shippingUnavailable ? t('checkout.shippingUnavailable') : shippingCents === 0 ? t('checkout.shippingFree') : money(shippingCents)}
					</dd>
				</div>
				{discount.code && discount.goodsCents + discount.shippingCents > 0 ? (
					<div className="flex justify-between gap-4 text-success" data-testid="checkout-discount">
						<dt>{t(discount.shippingCents ? 'checkout.discount.freeShipping' : 'checkout.discount.line', { code: discount.code })}</dt>
						<dd className="shrink-0">−{money(discount.goodsCents + discount.shippingCents)}</dd>
					</div>
				) : null}
				{tax.treatment === 'export' ? (
					<div className="flex justify-between gap-4" data-testid="checkout-vat-removed">
						<dt>{t('checkout.exportNoVat')}</dt>
						<dd className="shrink-0">−{money(subtotalCents + shippingCents - discount.goodsCents - discount.shippingCents - totalCents)}</dd>
					</div>
				) : null}
				<div className="flex justify-between border-t border-sand pt-2 text-lg font-semibold">
					<dt>{t('checkout.total')}</dt>
					<dd data-testid="checkout-total">{money(totalCents)}</dd>
				</div>
			</dl>
			{tax.treatment === 'domestic' || tax.treatment === 'oss' ? (
				<p className="mt-1 flex justify-between text-sm text-muted" data-testid="checkout-vat">
					<span>{t('checkout.vatContained', { rate: formatRate(vatRate ?? 0, locale) })}</span>
					<span>{money(vat.vatCents)}</span>
				</p>
			) : null}
			{tax.treatment === 'export' ? null : (
				<p className="mt-1 text-xs text-muted">{vat.registered ? t('checkout.vatIncluded') : t('checkout.vatNotApplicable')}</p>
			)}
			{intraCommunity ? (
				<p className="mt-3 rounded-lg bg-sand/60 p-3 text-sm" data-testid="checkout-intra-community">
					{t('checkout.intraCommunityPreview', { number: intraCommunity.vatNumber, total: money(intraCommunity.totalCents) })}
				</p>
			) : null}
			{children}
			<button type="submit" disabled={busy} className="mt-6 w-full btn-primary">
				{busy ? t('checkout.busy') : t('checkout.submit')}
			</button>
			<p className="mt-4 text-xs text-muted">
				{t('checkout.termsPrefix')}{' '}
				<Link to={lp('/terms')} className="underline">
					{t('checkout.termsLink')}
				</Link>
				{t('checkout.termsSuffix')}
			</p>
		</aside>
	)
}
