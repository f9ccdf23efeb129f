import { describe, expect, it } from 'vitest'
import { backoffSeconds, countersClearedBySuccess, SIGN_IN_BACKOFF, throttleCounters } from './sign-in-backoff.ts'

describe('sign-in back-off', () => {
	it('lets the free failures through, then doubles the wait up to the cap', () => {
		expect([1, 2, 3, 4].map((n) => backoffSeconds(n, 5))).toEqual([0, 0, 0, 0])
		expect([5, 6, 7, 8].map((n) => backoffSeconds(n, 5))).toEqual([30, 60, 120, 240])
		expect(backoffSeconds(11, 5)).toBe(SIGN_IN_BACKOFF.maxDelaySeconds)
		expect(backoffSeconds(10_000, 5)).toBe(SIGN_IN_BACKOFF.maxDelaySeconds)
	})

	it('holds an unknown browser per address, per account from that address and per account', () => {
		const counters = throttleCounters({ email: 'ana@example.test', address: '203.0.113.9', deviceId: null })
		expect(counters.map((c) => c.key)).toEqual(['address:203.0.113.9', 'account-address:ana@example.test|203.0.113.9', 'account:ana@example.test'])
		expect(countersClearedBySuccess(counters).map((c) => c.reason)).toEqual(['account-address', 'account'])
	})

	it('holds a known device only against its own counter', () => {
		const counters = throttleCounters({ email: 'ana@example.test', address: '203.0.113.9', deviceId: 'dev1' })
		expect(counters).toEqual([{ key: 'device:dev1', reason: 'device', freeFailures: SIGN_IN_BACKOFF.deviceFreeFailures }])
	})
})
