import { afterEach, describe, expect, it, vi } from 'vitest'
import { seededRandom, seedFrom } from './seeded-random.ts'

describe('seededRandom', () => {
	it('makes the same choices again from the same seed, and others from another seed', () => {
		const draw = (seed: number) => {
			const random = seededRandom(seed)
			return Array.from({ length: 20 }, () => random.next())
		}
		expect(draw(42)).toEqual(draw(42))
		expect(draw(42)).not.toEqual(draw(43))
	})

	it('stays in [0, 1) and int(n) in [0, n)', () => {
		const random = seededRandom(7)
		for (let i = 0; i < 1000; i++) {
			const value = random.next()
			expect(value).toBeGreaterThanOrEqual(0)
			expect(value).toBeLessThan(1)
			expect(random.int(5)).toBeOneOf([0, 1, 2, 3, 4])
		}
	})
})

describe('seedFrom', () => {
	afterEach(() => {
		vi.unstubAllEnvs()
		vi.restoreAllMocks()
	})

	it('takes the seed from the variable and logs it', () => {
		vi.stubEnv('EXAMPLE_SEED', '1234')
		const log = vi.spyOn(console, 'info').mockImplementation(() => {})
		expect(seedFrom('EXAMPLE_SEED')).toBe(1234)
		expect(log).toHaveBeenCalledWith(expect.stringContaining('EXAMPLE_SEED=1234'))
	})

	it('draws and logs a seed when the variable is unset, and refuses a value that is not a whole number', () => {
		vi.stubEnv('EXAMPLE_SEED', '')
		const log = vi.spyOn(console, 'info').mockImplementation(() => {})
		const seed = seedFrom('EXAMPLE_SEED')
		expect(Number.isSafeInteger(seed)).toBe(true)
		expect(log).toHaveBeenCalledWith(expect.stringContaining(`EXAMPLE_SEED=${seed}`))
		vi.stubEnv('EXAMPLE_SEED', 'abc')
		expect(() => seedFrom('EXAMPLE_SEED')).toThrow('EXAMPLE_SEED must be a whole number')
	})
})
