import { describe, expect, it } from 'vitest'
import { subscriberStatus } from './subscriber-status.ts'

describe('subscriberStatus', () => {
	const at = new Date('2026-11-01T10:00:00Z')
	it('is pending until confirmed, confirmed after, and unsubscribed whatever came before', () => {
		expect(subscriberStatus({ confirmedAt: null, unsubscribedAt: null })).toBe('pending')
		expect(subscriberStatus({ confirmedAt: at, unsubscribedAt: null })).toBe('confirmed')
		expect(subscriberStatus({ confirmedAt: at, unsubscribedAt: at })).toBe('unsubscribed')
		expect(subscriberStatus({ confirmedAt: null, unsubscribedAt: at })).toBe('unsubscribed')
	})
})
