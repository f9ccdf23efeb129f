import { describe, expect, it } from 'vitest'
import { bucketLabel, bucketOf, bucketsOf, MAX_RANGE_DAYS, parseSalesReportQuery, presetRange, salesReportSearch, weekStart } from './sales-range.ts'

const query = (search: string, now = new Date('2026-11-29T10:00:00Z')) => parseSalesReportQuery(new URLSearchParams(search), now)

describe('sales report ranges', () => {
	it('counts presets in shop days, up to today or the whole of last month', () => {
		expect(presetRange('last-7-days', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
		expect(presetRange('last-30-days', '2026-11-29')).toEqual({ from: '2026-10-31', to: '2026-11-29' })
		expect(presetRange('this-month', '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' })
		expect(presetRange('last-month', '2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' })
		expect(presetRange('last-month', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' })
		expect(presetRange('last-month', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' })
		expect(presetRange('this-year', '2026-11-29')).toEqual({ from: '2026-01-01', to: '2026-11-29' })
	})

	it("takes today in Bucharest, not in UTC: late on the last evening of a month is already the next month's first day", () => {
		// 22:30 UTC on 30 November is 00:30 on 1 December in Bucharest (UTC+2).
		expect(query('preset=this-month', new Date('2026-11-30T22:30:00Z')).range).toEqual({ from: '2026-12-01', to: '2026-12-01', preset: 'this-month' })
		expect(query('preset=last-month', new Date('2026-11-30T22:30:00Z')).range).toMatchObject({ from: '2026-11-01', to: '2026-11-30' })
	})

	it('reads typed days over a preset, either way round, and falls back to the last 30 days and the day report', () => {
		expect(query('report=product&from=2026-11-10&to=2026-11-01&preset=this-year')).toEqual({
			report: 'product',
			range: { from: '2026-11-01', to: '2026-11-10', preset: null },
		})
		expect(query('')).toEqual({ report: 'day', range: { from: '2026-10-31', to: '2026-11-29', preset: 'last-30-days' } })
		expect(query('report=nonsense&preset=forever&from=2026-02-31&to=2026-03-01')).toEqual(query(''))
	})

	it('cuts a range too long to its last days', () => {
		const { range } = query('from=2000-01-01&to=2026-11-29')
		expect(range.to).toBe('2026-11-29')
		expect(bucketsOf(range, 'day')).toHaveLength(MAX_RANGE_DAYS)
	})

	it('writes the query string a report and range are read back from', () => {
		const search = salesReportSearch('country', { from: '2026-11-01', to: '2026-11-29' })
		expect(search).toBe('?report=country&from=2026-11-01&to=2026-11-29')
		expect(query(search.slice(1))).toEqual({ report: 'country', range: { from: '2026-11-01', to: '2026-11-29', preset: null } })
	})
})

describe('sales report buckets', () => {
	it('puts a day in its ISO week, starting on Monday, and its month', () => {
		expect(weekStart('2026-11-29')).toBe('2026-11-23') // a Sunday
		expect(weekStart('2026-11-23')).toBe('2026-11-23') // a Monday
		expect(weekStart('2027-01-01')).toBe('2026-12-28') // across a year
		expect(bucketOf('2026-11-29', 'month')).toBe('2026-11')
		expect(bucketOf('2026-11-29', 'day')).toBe('2026-11-29')
	})

	it('lists every bucket a range touches, in order, the partial ones at its ends too', () => {
		expect(bucketsOf({ from: '2026-10-30', to: '2026-11-02' }, 'day')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'])
		expect(bucketsOf({ from: '2026-11-01', to: '2026-11-16' }, 'week')).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'])
		expect(bucketsOf({ from: '2026-10-31', to: '2027-01-01' }, 'month')).toEqual(['2026-10', '2026-11', '2026-12', '2027-01'])
		// The night the clocks go back (25 October 2026) is still one day.
		expect(bucketsOf({ from: '2026-10-24', to: '2026-10-26' }, 'day')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26'])
	})

	it('names buckets as the owner reads them', () => {
		expect(bucketLabel('2026-11-29', 'day')).toBe('29.11.2026')
		expect(bucketLabel('2026-11-23', 'week')).toBe('23.11.2026 – 29.11.2026')
		expect(bucketLabel('2026-11', 'month')).toBe('noiembrie 2026')
	})
})
