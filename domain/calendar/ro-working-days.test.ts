import { describe, expect, it } from 'vitest'
import { addWorkingDays, isRomanianWorkingDay, orthodoxEaster, romanianDay, romanianPublicHolidays, workingDaysBetween } from './ro-working-days.ts'

describe('Romanian working days', () => {
	it('computes Orthodox Easter as the Romanian calendar has it', () => {
		// Published dates of Paștele ortodox.
		expect(orthodoxEaster(2023)).toBe('2023-04-16')
		expect(orthodoxEaster(2024)).toBe('2024-05-05')
		expect(orthodoxEaster(2025)).toBe('2025-04-20')
		expect(orthodoxEaster(2026)).toBe('2026-04-12')
		expect(orthodoxEaster(2027)).toBe('2027-05-02')
		expect(() => orthodoxEaster(2100)).toThrow(RangeError)
	})

	it('lists the public holidays of the Labour Code, movable ones included', () => {
		const holidays = [...romanianPublicHolidays(2026)].sort()
		expect(holidays).toEqual([
			'2026-01-01',
			'2026-01-02',
			'2026-01-06',
			'2026-01-07',
			'2026-01-24',
			'2026-04-10', // Vinerea Mare
			'2026-04-12',
			'2026-04-13',
			'2026-05-01',
			'2026-05-31', // Rusalii
			'2026-06-01',
			'2026-08-15',
			'2026-11-30',
			'2026-12-01',
			'2026-12-25',
			'2026-12-26',
		])
		// Bobotează and Sf. Ion became holidays in 2024.
		expect(romanianPublicHolidays(2023).has('2023-01-06')).toBe(false)
	})

	it('skips weekends and holidays', () => {
		expect(isRomanianWorkingDay('2026-11-27')).toBe(true) // a Friday
		expect(isRomanianWorkingDay('2026-11-28')).toBe(false) // Saturday
		expect(isRomanianWorkingDay('2026-11-30')).toBe(false) // Sf. Andrei, a Monday
		expect(isRomanianWorkingDay('2026-12-01')).toBe(false) // Ziua Națională
		expect(isRomanianWorkingDay('2026-12-02')).toBe(true)
	})

	it('counts working days after an issue day', () => {
		// Issued Thursday 26 Nov 2026: Fri 27, (weekend), (Mon 30 and Tue 1 Dec holidays), Wed 2, Thu 3, Fri 4.
		expect(workingDaysBetween('2026-11-26', '2026-11-26')).toBe(0)
		expect(workingDaysBetween('2026-11-26', '2026-12-01')).toBe(1)
		expect(workingDaysBetween('2026-11-26', '2026-12-03')).toBe(3)
		expect(workingDaysBetween('2026-11-26', '2026-12-04')).toBe(4)
		expect(addWorkingDays('2026-11-26', 4)).toBe('2026-12-04')
		// Across the new year: 31 Dec (Thu) → Mon 5 Jan 2026 is the first working day after New Year…
		expect(addWorkingDays('2025-12-31', 1)).toBe('2026-01-05')
		// Easter week: Thursday before Orthodox Easter 2026 → Tuesday after it.
		expect(addWorkingDays('2026-04-09', 1)).toBe('2026-04-14')
	})

	it('takes the day in Romania, not in UTC', () => {
		expect(romanianDay(new Date('2026-11-26T22:30:00Z'))).toBe('2026-11-27')
		expect(romanianDay(new Date('2026-07-01T20:59:00Z'))).toBe('2026-07-01')
		expect(romanianDay(new Date('2026-07-01T21:00:00Z'))).toBe('2026-07-02')
	})
})
