import { describe, expect, it } from 'vitest'
import { bucharestSector, romanianCounty } from './ro-counties.ts'

describe('Romanian counties from postal codes', () => {
	it('names the county, and Bucharest with its sector', () => {
		expect(romanianCounty('400001')).toBe('RO-CJ')
		expect(romanianCounty('300011')).toBe('RO-TM')
		expect(romanianCounty('010101')).toBe('RO-B')
		expect(bucharestSector('030167')).toBe('SECTOR3')
		expect(bucharestSector('400001')).toBeNull()
	})
	it('is null for what is not a Romanian postal code', () => {
		expect(romanianCounty('28001')).toBeNull()
		expect(romanianCounty('990000')).toBeNull()
	})
})
