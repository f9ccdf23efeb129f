/**
 * The shop's calendar. Whatever the visitor's or the server's zone, a day the owner types (a sale's,
 * a discount code's) and a day the admin counts (today's orders) is a day in Romania, where the shop
 * trades: midnight to midnight in Bucharest, across the changes of clocks.
 */

export const SHOP_TIME_ZONE = 'Europe/Bucharest'

export const DAY_MS = 86_400_000

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

/** Days typed in a form, first and last inclusive, as the moments they start and end (the end: midnight after the last day). */
export function shopDaysWindow(firstDay: string, lastDay: string, timeZone = SHOP_TIME_ZONE): { startsAt: Date; endsAt: Date } {
	return { startsAt: shopDayStart(firstDay, timeZone), endsAt: shopDayStart(nextDay(lastDay), timeZone) }
}

/** The days a form shows for a stored window (the last day is the one before its end). */
export function shopDaysOf(startsAt: Date, endsAt: Date, timeZone = SHOP_TIME_ZONE): { firstDay: string; lastDay: string } {
	return { firstDay: shopDay(startsAt, timeZone), lastDay: shopDay(new Date(endsAt.getTime() - 1), timeZone) }
}
