/**
 * Sale prices (ADR 0245) and the price-reduction rule (ADR 0246): pure rules, read by the server
 * wherever it prices or shows a product. The database's price-history trigger applies the same
 * rule of an active sale (migration sale_prices); the integration tests hold them together.
 * A sale's days are the shop's days (shop-calendar.ts), whatever the visitor's zone.
 */
import { DAY_MS } from './shop-calendar.ts'

/** How far back the lowest price before a reduction is looked for (Directive 98/6/EC art. 6a). */
export const PRIOR_PRICE_DAYS = 30

export type SaleColumns = {
	priceCents: number
	salePriceCents: number | null
	saleStartsAt: Date | null
	saleEndsAt: Date | null
}

/** Whether the product's sale applies at `at`: from its start (inclusive) to its end (exclusive). */
export function saleActiveAt(product: SaleColumns, at: Date): boolean {
	return (
		product.salePriceCents !== null &&
		product.saleStartsAt !== null &&
		product.saleEndsAt !== null &&
		product.saleStartsAt.getTime() <= at.getTime() &&
		at.getTime() < product.saleEndsAt.getTime()
	)
}

/** The price charged at `at`: the sale price while the sale is on, else the regular price. */
export function effectivePriceCents(product: SaleColumns, at: Date): number {
	return saleActiveAt(product, at) ? product.salePriceCents! : product.priceCents
}

export type PriceHistoryRow = { priceCents: number; fromAt: Date }

/**
 * The lowest price of the 30 days before the reduction in effect at `now`, or null when none is
 * announced. The reduction began when the price now in effect did (its history row); every price in
 * effect at some moment of the 30 days before that counts, including the one in effect as they
 * began. A product with no price before the reduction (made on sale) counts its regular price.
 */
export function lowestPriorPriceCents(history: readonly PriceHistoryRow[], now: Date, regularCents: number): number {
	const rows = [...history].filter((row) => row.fromAt.getTime() <= now.getTime()).sort((a, b) => a.fromAt.getTime() - b.fromAt.getTime())
	const current = rows.at(-1)
	if (!current) return regularCents
	const reducedAt = current.fromAt.getTime()
	const windowStart = reducedAt - PRIOR_PRICE_DAYS * DAY_MS
	let lowest: number | null = null
	rows.slice(0, -1).forEach((row, index, before) => {
		const until = before[index + 1]?.fromAt.getTime() ?? reducedAt
		if (until > windowStart) lowest = lowest === null ? row.priceCents : Math.min(lowest, row.priceCents)
	})
	return lowest ?? regularCents
}

/** What a page announces of a product's reduction. */
export type SaleAnnouncement = {
	/** The lowest price of the 30 days before the reduction: the price a reduction is measured from. */
	priorCents: number
	/** The whole percent off that price, rounded down (never claims more than it gives). */
	percentOff: number
	/** When the sale ends. */
	endsAt: Date
}

/**
 * The reduction to announce at `now`, or null: none while no sale is on, nor when the sale price
 * is not below the lowest price of the previous 30 days (there is then no reduction to announce).
 */
export function saleAnnouncement(product: SaleColumns, history: readonly PriceHistoryRow[], now: Date): SaleAnnouncement | null {
	if (!saleActiveAt(product, now)) return null
	const priorCents = lowestPriorPriceCents(history, now, product.priceCents)
	const saleCents = product.salePriceCents!
	if (priorCents <= saleCents) return null
	return { priorCents, percentOff: Math.floor(((priorCents - saleCents) * 100) / priorCents), endsAt: product.saleEndsAt! }
}
