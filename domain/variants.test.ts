import { describe, expect, it } from 'vitest'
import { optionValuesOf, selectedVariant, variantForValue, variantName, variantPicker } from './variants.ts'

const variant = (id: string, values: string[], stock: number | null) => ({ id, optionValues: values, stock, valueLabels: values.map((v) => v.toUpperCase()) })
const small = variant('s', ['Mică', 'Lavandă'], 3)
const largeLavender = variant('l', ['Mare', 'Lavandă'], 0)
const largeVanilla = variant('v', ['Mare', 'Vanilie'], 5)
const variants = [small, largeLavender, largeVanilla]

describe('product variants', () => {
	it('names a variant after its product and its values', () => {
		expect(variantName('Lumânare', ['Mare', 'Vanilie'])).toBe('Lumânare — Mare / Vanilie')
	})

	it('shows the variant the address names, else the first one a customer can buy', () => {
		expect(selectedVariant(variants, 'v')).toBe(largeVanilla)
		expect(selectedVariant(variants, 'l')).toBe(largeLavender)
		expect(selectedVariant([largeLavender, small], null)).toBe(small)
		expect(selectedVariant([largeLavender, small], 'unknown')).toBe(small)
		expect(selectedVariant([largeLavender], null)).toBe(largeLavender)
		expect(selectedVariant([], null)).toBeNull()
	})

	it('leads a value to the variant with the same other values, else to the first one with it that sells', () => {
		expect(variantForValue(variants, small, 0, 'Mare')).toBe(largeLavender)
		expect(variantForValue(variants, small, 1, 'Vanilie')).toBe(largeVanilla)
		expect(variantForValue(variants, largeVanilla, 0, 'Mică')).toBe(small)
		expect(variantForValue(variants, small, 1, 'Cedru')).toBeNull()
	})

	it('lists each option’s values in the order the variants use them', () => {
		expect(optionValuesOf(2, variants)).toEqual([
			['Mică', 'Mare'],
			['Lavandă', 'Vanilie'],
		])
	})

	it('builds the picker in the visitor’s language, marking the chosen and the sold-out values', () => {
		const picker = variantPicker(['SIZE', 'SCENT'], variants, small)
		expect(picker).toEqual([
			{
				label: 'SIZE',
				values: [
					{ label: 'MICĂ', variantId: 's', selected: true, available: true },
					{ label: 'MARE', variantId: 'l', selected: false, available: false },
				],
			},
			{
				label: 'SCENT',
				values: [
					{ label: 'LAVANDĂ', variantId: 's', selected: true, available: true },
					{ label: 'VANILIE', variantId: 'v', selected: false, available: true },
				],
			},
		])
	})
})
