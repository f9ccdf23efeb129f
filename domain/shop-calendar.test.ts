import { describe, expect, it } from 'vitest'
import { shopDayStart, shopDaysOf, shopDaysWindow } from './shop-calendar.ts'

describe('the shop calendar', () => {
	it('starts at midnight in Bucharest and ends at the midnight after the last day, across clock changes', () => {
		expect(shopDayStart('2026-12-01').toISOString()).toBe('2026-11-30T22:00:00.000Z')
		expect(shopDayStart('2026-07-01').toISOString()).toBe('2026-06-30T21:00:00.000Z')
		// Clocks go back on the last Sunday of October: that day starts in summer time.
		expect(shopDaysWindow('2026-10-25', '2026-10-25')).toEqual({
			startsAt: new Date('2026-10-24T21:00:00.000Z'),
			endsAt: new Date('2026-10-25T22:00:00.000Z'),
		})
		expect(shopDaysOf(new Date('2026-10-24T21:00:00.000Z'), new Date('2026-10-25T22:00:00.000Z'))).toEqual({ firstDay: '2026-10-25', lastDay: '2026-10-25' })
	})
})
