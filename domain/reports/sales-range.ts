import * as z from 'zod/mini'
import { isIsoDay } from '../forms/admin-order-filters.ts'
import { DAY_MS, nextDay, shopDay } from '../shop-calendar.ts'

/**
 * The sales reports' choices (ADR 0271), read from the query string by the page and its CSV export
 * alike: which report, and the days it covers in the shop's time zone, first and last inclusive.
 * Anything unknown falls back to the default, never an error.
 */

export const SALES_REPORTS = ['day', 'week', 'month', 'product', 'category', 'country'] as const
export type SalesReportKind = (typeof SALES_REPORTS)[number]

/** The reports that spread sales over time, by their bucket. */
export type TimeBucket = 'day' | 'week' | 'month'
export const isTimeReport = (kind: SalesReportKind): kind is TimeBucket => kind === 'day' || kind === 'week' || kind === 'month'

export const RANGE_PRESETS = ['last-7-days', 'last-30-days', 'this-month', 'last-month', 'this-year'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]
export const DEFAULT_PRESET: RangePreset = 'last-30-days'

/** The longest range a report covers: a few years of days keeps a day report's table and chart readable. */
export const MAX_RANGE_DAYS = 3 * 366

export type SalesRange = { from: string; to: string; preset: RangePreset | null }
export type SalesReportQuery = { report: SalesReportKind; range: SalesRange }

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

/** The days a preset covers on the shop's day `today`: up to today, or the whole of last month. */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
	const month = today.slice(0, 7)
	switch (preset) {
		case 'last-7-days':
			return { from: addDays(today, -6), to: today }
		case 'last-30-days':
			return { from: addDays(today, -29), to: today }
		case 'this-month':
			return { from: `${month}-01`, to: today }
		case 'last-month': {
			const lastDayOfPrevious = addDays(`${month}-01`, -1)
			return { from: `${lastDayOfPrevious.slice(0, 7)}-01`, to: lastDayOfPrevious }
		}
		case 'this-year':
			return { from: `${today.slice(0, 4)}-01-01`, to: today }
	}
}

const querySchema = z.object({
	report: z.catch(z.enum(SALES_REPORTS), 'day'),
	preset: z.catch(z.optional(z.enum(RANGE_PRESETS)), undefined),
	from: z.catch(z.optional(z.string().check(z.refine(isIsoDay))), undefined),
	to: z.catch(z.optional(z.string().check(z.refine(isIsoDay))), undefined),
})

/**
 * The report and range a query string asks for: typed days when both are there (the wrong way round
 * still meaning the days between them, a range too long cut to its last MAX_RANGE_DAYS), else a
 * preset, else the last 30 days.
 */
export function parseSalesReportQuery(params: URLSearchParams, now = new Date()): SalesReportQuery {
	const parsed = querySchema.parse({
		report: params.get('report') ?? undefined,
		preset: params.get('preset') || undefined,
		from: params.get('from') || undefined,
		to: params.get('to') || undefined,
	})
	const today = shopDay(now)
	if (parsed.from && parsed.to) {
		const [from, to] = parsed.from <= parsed.to ? [parsed.from, parsed.to] : [parsed.to, parsed.from]
		const cut = daysBetween(from, to) >= MAX_RANGE_DAYS ? addDays(to, -(MAX_RANGE_DAYS - 1)) : from
		return { report: parsed.report, range: { from: cut, to, preset: null } }
	}
	const preset = parsed.preset ?? DEFAULT_PRESET
	return { report: parsed.report, range: { ...presetRange(preset, today), preset } }
}

/** The query string of a report and range, e.g. `?report=product&from=2026-11-01&to=2026-11-29`. */
export function salesReportSearch(report: SalesReportKind, range: Pick<SalesRange, 'from' | 'to'>) {
	return `?${new URLSearchParams({ report, from: range.from, to: range.to }).toString()}`
}

/** The Monday starting the ISO week a day falls in. */
export function weekStart(day: string): string {
	const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
	return addDays(day, -((weekday + 6) % 7))
}

/** The key of a day's bucket, as the database writes it: the day, its week's Monday, or `YYYY-MM`. */
export function bucketOf(day: string, bucket: TimeBucket): string {
	if (bucket === 'day') return day
	if (bucket === 'week') return weekStart(day)
	return day.slice(0, 7)
}

/** Every bucket a range touches, in order, so a day, week or month without sales still shows (as zero). */
export function bucketsOf(range: Pick<SalesRange, 'from' | 'to'>, bucket: TimeBucket): string[] {
	const keys: string[] = []
	for (let day = range.from; day <= range.to; day = nextDay(day)) {
		const key = bucketOf(day, bucket)
		if (keys.at(-1) !== key) keys.push(key)
	}
	return keys
}

const monthName = new Intl.DateTimeFormat('ro-RO', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const roDay = (day: string) => day.split('-').reverse().join('.')

/** A bucket as the owner reads it: 29.11.2026, the week 23.11.2026 – 29.11.2026, noiembrie 2026. */
export function bucketLabel(key: string, bucket: TimeBucket): string {
	if (bucket === 'day') return roDay(key)
	if (bucket === 'week') return `${roDay(key)} – ${roDay(addDays(key, 6))}`
	return monthName.format(new Date(`${key}-01T00:00:00Z`))
}
