import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSaleBoundaryTimer } from './sale-boundaries.ts'

describe('createSaleBoundaryTimer', () => {
	beforeEach(() => {
		vi.useFakeTimers()
		vi.setSystemTime(new Date('2026-12-01T10:00:00Z'))
	})
	afterEach(() => vi.useRealTimers())

	it('empties the caches just after a scheduled start or end, then waits for the next one', async () => {
		const boundaries = [new Date('2026-12-01T10:05:00Z'), new Date('2026-12-01T12:00:00Z')]
		const nextBoundary = vi.fn(async (now: Date) => boundaries.find((boundary) => boundary > now) ?? null)
		const onBoundary = vi.fn()
		const timer = createSaleBoundaryTimer({ nextBoundary, onBoundary })
		timer.reschedule()
		await vi.advanceTimersByTimeAsync(5 * 60_000 - 1)
		expect(onBoundary).not.toHaveBeenCalled()
		await vi.advanceTimersByTimeAsync(100)
		expect(onBoundary).toHaveBeenCalledTimes(1)
		await vi.advanceTimersByTimeAsync(2 * 60 * 60_000)
		expect(onBoundary).toHaveBeenCalledTimes(2)
		timer.stop()
	})

	it('reads again at most every few hours, and fires nothing for a boundary beyond that wait', async () => {
		const nextBoundary = vi.fn(async () => new Date('2027-02-01T00:00:00Z'))
		const onBoundary = vi.fn()
		const timer = createSaleBoundaryTimer({ nextBoundary, onBoundary })
		timer.reschedule()
		await vi.advanceTimersByTimeAsync(13 * 60 * 60_000)
		expect(onBoundary).not.toHaveBeenCalled()
		expect(nextBoundary.mock.calls.length).toBeGreaterThanOrEqual(3)
		timer.stop()
	})

	it('a change announced meanwhile replaces the planned moment; stop ends it', async () => {
		let next: Date | null = new Date('2026-12-01T11:00:00Z')
		const onBoundary = vi.fn()
		const timer = createSaleBoundaryTimer({ nextBoundary: async () => next, onBoundary })
		timer.reschedule()
		await vi.advanceTimersByTimeAsync(1000)
		next = null
		timer.reschedule()
		await vi.advanceTimersByTimeAsync(2 * 60 * 60_000)
		expect(onBoundary).not.toHaveBeenCalled()
		next = new Date('2026-12-01T13:00:00Z')
		timer.reschedule()
		timer.stop()
		await vi.advanceTimersByTimeAsync(2 * 60 * 60_000)
		expect(onBoundary).not.toHaveBeenCalled()
	})
})
