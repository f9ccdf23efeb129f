import { describe, expect, it } from 'vitest'
import { PORTRAIT_FRAMES, portraitPrice } from './portrait.ts'
import { PORTRAIT_SIZES } from './enums.ts'

const expectedUnit = { '13x18': { none: 1990, simple: 2990, premium: 3490 }, '18x24': { none: 2990, simple: 3990, premium: 4490 } } as const

describe('portraitPrice', () => {
	for (const size of PORTRAIT_SIZES)
		for (const frame of PORTRAIT_FRAMES)
			for (const quantity of [1, 2, 7])
				it(`${size}, frame ${frame}, quantity ${quantity}`, () => {
					const unit = expectedUnit[size][frame]
					expect(portraitPrice({ size, frame, quantity })).toEqual({ unitCents: unit, totalCents: unit * quantity })
				})

	it('refuses a quantity below 1 or not whole', () => {
		for (const quantity of [0, -1, 1.5, Number.NaN]) expect(() => portraitPrice({ size: '13x18', frame: 'simple', quantity })).toThrow(RangeError)
	})
})
