import { describe, expect, it } from 'vitest'
import { checkLighthouseStaysAtFull } from './report-real-traffic.ts'

describe('the Lighthouse target for real traffic in the benchmark report', () => {
	it('passes a page whose median is 100 and fails one at 99, which the general target of 95 would pass', () => {
		const checks = checkLighthouseStaysAtFull([
			{ path: '/en', medians: { performance: 100 } },
			{ path: '/en/catalog', medians: { performance: 99 } },
		])
		expect(checks.map((check) => [check.subject, check.measured, check.pass])).toEqual([
			['/en', '100', true],
			['/en/catalog', '99', false],
		])
		expect(checks[0]!.target).toBe('Lighthouse performance stays at 100')
	})
})
