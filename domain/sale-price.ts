/**
 * Sale prices (ADR 0245) and the price-reduction rule (ADR 0246): pure rules, read by the server
 * wherever it prices or shows a product. The database's price-history trigger applies the same
 * rule of an active sale (migration sale_prices); the integration tests hold them together.
 */

/** The shop's calendar: a sale's days are Romanian days, whatever the visitor's zone. */
export const SHOP_TIME_ZONE = 'Europe/Bucharest'

/** How far back the lowest price before a reduction is looked for (Directive 98/6/EC art. 6a). */
export const PRIOR_PRICE_DAYS = 30
const DAY_MS = 86_400_000

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

/** The zone's offset from UTC at `at`, in milliseconds. */
function zoneOffsetMs(at: number, timeZone: string) {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
			.formatToParts(new Date(at))
			.map((part) => [part.type, part.value]),
	)
	const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second))
	return local - Math.floor(at / 1000) * 1000
}

/** Midnight at the start of a `YYYY-MM-DD` day in the shop's zone. */
export function shopDayStart(day: string, timeZone = SHOP_TIME_ZONE): Date {
	const [year, month, date] = day.split('-').map(Number) as [number, number, number]
	const utc = Date.UTC(year, month - 1, date)
	const guess = utc - zoneOffsetMs(utc, timeZone)
	// Across a change of clocks the offset at the guess can differ from the one at UTC midnight.
	return new Date(utc - zoneOffsetMs(guess, timeZone))
}

/** The `YYYY-MM-DD` day a moment falls on in the shop's zone. */
export function shopDay(at: Date, timeZone = SHOP_TIME_ZONE): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

/** The day after a `YYYY-MM-DD` day. */
export function nextDay(day: string): string {
	return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
}

/** A sale typed as days, first and last inclusive, as the moments it starts and ends (the end: midnight after its last day). */
export function saleWindow(firstDay: string, lastDay: string, timeZone = SHOP_TIME_ZONE): { startsAt: Date; endsAt: Date } {
	return { startsAt: shopDayStart(firstDay, timeZone), endsAt: shopDayStart(nextDay(lastDay), timeZone) }
}

/** The days a form shows for a stored sale window (the last day is the one before its end). */
export function saleDays(startsAt: Date, endsAt: Date, timeZone = SHOP_TIME_ZONE): { firstDay: string; lastDay: string } {
	return { firstDay: shopDay(startsAt, timeZone), lastDay: shopDay(new Date(endsAt.getTime() - 1), timeZone) }
}
