/**
 * Romanian working days: Monday to Friday, except the public holidays of the Labour Code
 * (Codul muncii art. 139). Deadlines such as e-Factura's "5 working days from issue" count them.
 * Days are calendar dates in Romania, written YYYY-MM-DD.
 */

export type IsoDay = string

const DAY_MS = 86_400_000

/** The calendar day an instant falls on in Romania, as YYYY-MM-DD (the day of issue an invoice states). */
export { romanianDay } from '../invoices/invoice.ts'

function dayFromUtc(utcMs: number): IsoDay {
	return new Date(utcMs).toISOString().slice(0, 10)
}

function utcOf(day: IsoDay): number {
	const [year, month, date] = day.split('-').map(Number)
	return Date.UTC(year!, month! - 1, date!)
}

export function addDays(day: IsoDay, days: number): IsoDay {
	return dayFromUtc(utcOf(day) + days * DAY_MS)
}

/**
 * Orthodox Easter Sunday of a year, as a Gregorian date: Meeus' Julian-calendar algorithm, then the
 * 13 days the Julian calendar runs behind the Gregorian one from 1900 to 2099.
 */
export function orthodoxEaster(year: number): IsoDay {
	if (year < 1900 || year > 2099) throw new RangeError(`orthodox Easter is computed for 1900-2099, not ${year}`)
	const a = year % 4
	const b = year % 7
	const c = year % 19
	const d = (19 * c + 15) % 30
	const e = (2 * a + 4 * b - d + 34) % 7
	const month = Math.floor((d + e + 114) / 31)
	const day = ((d + e + 114) % 31) + 1
	return addDays(dayFromUtc(Date.UTC(year, month - 1, day)), 13)
}

/** The public holidays of a year (Codul muncii art. 139; 6 and 7 January since 2024). */
export function romanianPublicHolidays(year: number): Set<IsoDay> {
	const fixed = ['01-01', '01-02', '01-24', '05-01', '06-01', '08-15', '11-30', '12-01', '12-25', '12-26']
	if (year >= 2024) fixed.push('01-06', '01-07')
	const easter = orthodoxEaster(year)
	// Good Friday, Easter Sunday and Monday; Pentecost (Rusalii) Sunday and Monday, 49 and 50 days after Easter.
	const movable = [-2, 0, 1, 49, 50].map((offset) => addDays(easter, offset))
	return new Set([...fixed.map((monthDay) => `${year}-${monthDay}`), ...movable])
}

export function isRomanianWorkingDay(day: IsoDay): boolean {
	const weekday = new Date(utcOf(day)).getUTCDay()
	if (weekday === 0 || weekday === 6) return false
	return !romanianPublicHolidays(Number(day.slice(0, 4))).has(day)
}

/** Working days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function workingDaysBetween(from: IsoDay, to: IsoDay): number {
	let count = 0
	for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isRomanianWorkingDay(day)) count++
	return count
}

/** The day on which `count` working days have passed since `from`. */
export function addWorkingDays(from: IsoDay, count: number): IsoDay {
	let day = from
	for (let passed = 0; passed < count;) {
		day = addDays(day, 1)
		if (isRomanianWorkingDay(day)) passed++
	}
	return day
}
