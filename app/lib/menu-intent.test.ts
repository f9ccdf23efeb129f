import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMenuIntent } from './menu-intent.ts'

describe('header menu hover intent (200 / 300 / 150 ms)', () => {
	beforeEach(() => vi.useFakeTimers())
	afterEach(() => vi.useRealTimers())

	function setup() {
		const changes: (string | null)[] = []
		const intent = createMenuIntent(
			(open) => changes.push(open),
			() => Date.now(),
		)
		return { intent, changes }
	}

	it('opens 200 ms after the pointer rests on a menu, not before', () => {
		const { intent, changes } = setup()
		intent.enter('shop')
		vi.advanceTimersByTime(199)
		expect(changes).toEqual([])
		vi.advanceTimersByTime(1)
		expect(changes).toEqual(['shop'])
	})

	it('does not open when the pointer only passes over it', () => {
		const { intent, changes } = setup()
		intent.enter('shop')
		vi.advanceTimersByTime(120)
		intent.leave()
		vi.advanceTimersByTime(1000)
		expect(changes).toEqual([])
	})

	it('closes 150 ms after the pointer leaves, and stays open if it comes back in time', () => {
		const { intent, changes } = setup()
		intent.toggle('shop')
		intent.leave()
		vi.advanceTimersByTime(100)
		intent.enter('shop')
		vi.advanceTimersByTime(1000)
		expect(changes).toEqual(['shop'])
		intent.leave()
		vi.advanceTimersByTime(149)
		expect(changes).toEqual(['shop'])
		vi.advanceTimersByTime(1)
		expect(changes).toEqual(['shop', null])
	})

	it('switches at once from one open menu to another, and skips the delay within 300 ms of closing', () => {
		const { intent, changes } = setup()
		intent.toggle('shop')
		intent.enter('subscribe')
		expect(changes).toEqual(['shop', 'subscribe'])
		intent.leave()
		vi.advanceTimersByTime(150)
		expect(changes.at(-1)).toBeNull()
		vi.advanceTimersByTime(299)
		intent.enter('shop')
		expect(changes.at(-1)).toBe('shop')
		intent.close()
		vi.advanceTimersByTime(300)
		intent.enter('subscribe')
		expect(changes.at(-1)).toBeNull()
		vi.advanceTimersByTime(200)
		expect(changes.at(-1)).toBe('subscribe')
	})

	it('a click just after the pointer opened the menu keeps it open', () => {
		const { intent, changes } = setup()
		intent.enter('shop')
		vi.advanceTimersByTime(200)
		intent.toggle('shop')
		expect(changes).toEqual(['shop'])
		vi.advanceTimersByTime(500)
		intent.toggle('shop')
		expect(changes).toEqual(['shop', null])
	})

	it('toggles at once on click', () => {
		const { intent, changes } = setup()
		intent.toggle('shop')
		intent.toggle('shop')
		expect(changes).toEqual(['shop', null])
	})
})
