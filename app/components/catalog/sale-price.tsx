import { formatEuro } from '#domain/money.ts'

/** A reduction as the server announces it (ADR 0246). */
export type SaleOfferData = { priorCents: number; percentOff: number }

type SaleKey = 'product.sale.badge' | 'product.sale.now' | 'product.sale.prior' | 'product.sale.priorNote' | 'product.fromPrice'
/** Translates a sale text; the caller's `t` from useTranslation. */
export type SaleTranslate = (key: SaleKey, options?: Record<string, string | number>) => string

/** The sale badge: the percent off the lowest price of the previous 30 days. */
export function SaleBadge({ sale, t, className = '' }: { sale: SaleOfferData; t: SaleTranslate; className?: string }) {
	return (
		<span className={`rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-white ${className}`} data-testid="sale-badge">
			{t('product.sale.badge', { percent: sale.percentOff })}
		</span>
	)
}

/**
 * A price, and while a reduction is announced the price it is measured from struck through: the
 * lowest price of the 30 days before it (Directive 98/6/EC art. 6a), named in words beside it, since
 * a struck-through figure alone says nothing to a screen reader or to a shopper wondering what it was.
 */
export function PriceWithSale({
	priceCents,
	sale,
	language,
	t,
	className,
	noteClassName = 'text-xs text-muted',
	testId,
	from = false,
}: {
	priceCents: number
	sale: SaleOfferData | null
	language: string
	t: SaleTranslate
	className: string
	noteClassName?: string
	testId?: string
	/** The cheapest of a product's variants (ADR 0264), shown as "From …". */
	from?: boolean
}) {
	if (from) {
		return (
			<p className={className} data-testid={testId}>
				{t('product.fromPrice', { price: formatEuro(priceCents, language) })}
			</p>
		)
	}
	if (!sale) {
		return (
			<p className={className} data-testid={testId}>
				{formatEuro(priceCents, language)}
			</p>
		)
	}
	return (
		<div data-testid="sale-price">
			<p className={className} data-testid={testId}>
				<span className="sr-only">{t('product.sale.now')}: </span>
				<span>{formatEuro(priceCents, language)}</span>{' '}
				<s
					className="text-[0.7em] font-normal text-muted"
					data-testid="prior-price"
					aria-label={`${t('product.sale.prior')}: ${formatEuro(sale.priorCents, language)}`}
				>
					{formatEuro(sale.priorCents, language)}
				</s>
			</p>
			<p className={noteClassName} data-testid="prior-price-note">
				{t('product.sale.priorNote', { price: formatEuro(sale.priorCents, language) })}
			</p>
		</div>
	)
}
