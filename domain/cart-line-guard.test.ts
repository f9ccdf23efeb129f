import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { cartLineSchema } from './cart-line.ts'
import { cartLineOf, readCartLine } from './cart-line-guard.ts'

const productId = '5A1F3C58-8F5E-4A57-9B8F-2F7B9B1F6C11'
const uploadId = '7d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11'
const options = { size: '13x18', persons: '2', withCar: false, withPet: true, frame: 'premium', description: 'Noi doi' }
const product = { kind: 'product', productId, quantity: 2 }
const portrait = { kind: 'portrait', options, uploadId, quantity: 1 }

/** Valid lines and each of their fields changed to something else, plus values that are no line at all. */
function corpus(): unknown[] {
	const odd = [
		undefined,
		null,
		0,
		1,
		-1,
		1.5,
		999,
		1000,
		'',
		'x',
		'2',
		true,
		false,
		[],
		{},
		'a'.repeat(501),
		'13x18',
		'18x24',
		'none',
		'5+',
		uploadId,
		'portrait',
	]
	const values: unknown[] = [product, portrait, { ...product, extra: 1 }, { ...portrait, options: { ...options, extra: 1 } }, null, [], 'product', 42]
	for (const base of [product, portrait] as Record<string, unknown>[]) {
		for (const key of Object.keys(base)) for (const value of odd) values.push({ ...base, [key]: value })
		for (const key of Object.keys(base)) {
			const { [key]: _dropped, ...rest } = base
			values.push(rest)
		}
	}
	for (const key of Object.keys(options)) {
		for (const value of odd) values.push({ ...portrait, options: { ...options, [key]: value } })
		const { [key as keyof typeof options]: _dropped, ...rest } = options
		values.push({ ...portrait, options: rest })
	}
	return values
}

describe('the zod-free cart-line check every page uses (ADR 0102)', () => {
	it('accepts and gives exactly what cartLineSchema does, for every value of the corpus', () => {
		const values = corpus()
		expect(values.length).toBeGreaterThan(300)
		for (const value of values) {
			const parsed = z.safeParse(cartLineSchema, value)
			expect(readCartLine(value), JSON.stringify(value)).toEqual(parsed.success ? parsed.data : null)
		}
		expect(readCartLine(product)).toEqual({ kind: 'product', productId: productId.toLowerCase(), quantity: 2 })
	})
})

describe('a stored cart line of the old shape becomes a tagged line in the browser', () => {
	it('reads products and portraits by their options, not their ids', () => {
		expect(cartLineOf({ id: uploadId, quantity: 2, options: {} })).toEqual({ kind: 'product', productId: uploadId, quantity: 2 })
		expect(
			cartLineOf({ id: 'portrait-13x18-1', quantity: 1, options: { ...options, dimension: '13x18', uploadedImage: { id: uploadId, url: '/x' } } }),
		).toEqual(portrait)
		// An old portrait with a number of persons and no frame: the defaults the server used to apply.
		expect(cartLineOf({ id: 'p', quantity: 3, options: { dimension: '18x24', persons: 2, uploadId } })).toEqual({
			kind: 'portrait',
			options: { size: '18x24', persons: '2', withCar: false, withPet: false, frame: 'simple', description: '' },
			uploadId,
			quantity: 3,
		})
		expect(cartLineOf({ id: 'portrait-13x18-1', quantity: 1, options: { dimension: '13x18', uploadedImage: 'data:image/png;base64,AAAA' } })).toBeNull()
		expect(cartLineOf({ id: 'candle-1', quantity: 1, options: {} })).toBeNull()
	})
})
