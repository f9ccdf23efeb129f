import pino from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { createPeriodicJob } from './periodic-job.ts'

const silent = pino({ level: 'silent' })

function deferred() {
	let resolve!: () => void
	const promise = new Promise<void>((r) => (resolve = r))
	return { promise, resolve }
}

describe('createPeriodicJob', () => {
	it('never overlaps rounds, and a call during a round asks for exactly one more after it', async () => {
		const gate = deferred()
		let active = 0
		let maxActive = 0
		const round = vi.fn(async () => {
			active++
			maxActive = Math.max(maxActive, active)
			await gate.promise
			active--
			return 1
		})
		const job = createPeriodicJob({ name: 'test', round, onFailure: 0, intervalMs: 60_000, log: silent })
		const first = job.runOnce()
		const second = job.runOnce()
		job.nudge()
		expect(second).toBe(first)
		gate.resolve()
		await first
		await job.idle()
		expect(round).toHaveBeenCalledTimes(2)
		expect(maxActive).toBe(1)
		await job.stop()
	})

	it('counts a failed round as onFailure, logs it, and keeps going', async () => {
		const log = pino({ level: 'error' }, { write: vi.fn() })
		const errorSpy = vi.spyOn(log, 'error')
		const round = vi.fn<() => Promise<number>>().mockRejectedValueOnce(new Error('database away')).mockResolvedValueOnce(3)
		const job = createPeriodicJob({ name: 'test', round, onFailure: -1, intervalMs: 60_000, log })
		expect(await job.runOnce()).toBe(-1)
		expect(errorSpy).toHaveBeenCalledWith(expect.objectContaining({ err: 'database away', job: 'test' }), 'test round failed')
		expect(await job.runOnce()).toBe(3)
		await job.stop()
	})

	it('polls after the first delay, then every interval, and stop() ends polling after the round in flight', async () => {
		vi.useFakeTimers()
		try {
			const round = vi.fn(async () => 0)
			const job = createPeriodicJob({ name: 'test', round, onFailure: 0, intervalMs: 1_000, log: silent })
			job.start(10)
			await vi.advanceTimersByTimeAsync(10)
			expect(round).toHaveBeenCalledTimes(1)
			await vi.advanceTimersByTimeAsync(2_000)
			expect(round).toHaveBeenCalledTimes(3)
			await job.stop()
			await vi.advanceTimersByTimeAsync(5_000)
			expect(round).toHaveBeenCalledTimes(3)
		} finally {
			vi.useRealTimers()
		}
	})
})
