import { describe, expect, it } from 'vitest'
import { formatMeasures } from './measures.ts'

const candle = { burnTimeHours: 45, widthMm: 80, heightMm: 95, depthMm: 80, weightGrams: 320 }

describe('formatMeasures (ADR 0138)', () => {
	it('writes hours, centimetres and grams in the reader’s locale', () => {
		expect(formatMeasures('en', candle)).toEqual({ burnTime: '45 hours', size: '8 × 9.5 × 8 cm', weight: '320 g' })
		expect(formatMeasures('ro', candle)).toEqual({ burnTime: '45 de ore', size: '8 × 9,5 × 8 cm', weight: '320 g' })
		expect(formatMeasures('es', candle)).toEqual({ burnTime: '45 horas', size: '8 × 9,5 × 8 cm', weight: '320 g' })
	})

	it('switches to kilograms from 1000 g and leaves out what the product lacks', () => {
		expect(formatMeasures('ro', { ...candle, weightGrams: 1250 }).weight).toBe('1,25 kg')
		expect(formatMeasures('en', { burnTimeHours: 1, widthMm: null, heightMm: null, depthMm: null, weightGrams: null })).toEqual({
			burnTime: '1 hour',
			size: null,
			weight: null,
		})
	})
})
