/**
 * How long a made-to-order product takes before it ships, in working days, set per product by the owner.
 * A new product starts at the default, a typical week and a half of work; the form accepts up to the maximum.
 */
export const DEFAULT_LEAD_TIME_DAYS = 7
export const LEAD_TIME_MAX_DAYS = 90

/** The lead time a page says, or null for a product kept in stock (a stock figure: it ships now). */
export function shownLeadTime(product: { stock: number | null; leadTimeDays: number }): number | null {
	return product.stock === null ? product.leadTimeDays : null
}
