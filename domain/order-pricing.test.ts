import { describe, expect, it } from 'vitest'
import type { CartLine } from './cart-line.ts'
import { PORTRAIT_FRAMES, PORTRAIT_MAX_QUANTITY, PORTRAIT_PERSONS } from './portrait-price.ts'
import { priceOrder, type CatalogueProduct } from './order-pricing.ts'
import { FREE_SHIPPING, flatShipping } from './shipping.ts'

const candle: CatalogueProduct = { id: '7d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11', name: 'Lumânare', priceCents: 4500, stock: 5, isActive: true, image: '/c.webp' }
const made: CatalogueProduct = { id: '8d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11', name: 'La comandă', priceCents: 1000, stock: null, isActive: true, image: null }
const uploadId = '9d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11'
const options = { size: '13x18', persons: '1', withCar: false, withPet: false, frame: 'simple', description: '' } as const

const price = (lines: CartLine[], extra: Partial<Parameters<typeof priceOrder>[0]> = {}) =>
	priceOrder({
		lines,
		products: new Map([candle, made].map((p) => [p.id, p])),
		uploads: new Set([uploadId]),
		shipping: FREE_SHIPPING,
		country: 'RO',
		portraitName: (size) => `Portret ${size}`,
		...extra,
	})

describe('order pricing without a database (ADR 0102)', () => {
	it('prices a product line from the catalogue, times its quantity', () => {
		const result = price([{ kind: 'product', productId: candle.id, quantity: 3 }])
		expect(result.problems).toEqual([])
		expect(result.lines).toMatchObject([
			{ lineId: '01', productId: candle.id, name: 'Lumânare', unitPriceCents: 4500, quantity: 3, image: '/c.webp', uploadId: null },
		])
		expect(result.subtotalCents).toBe(13500)
		expect(result.stock).toEqual(new Map([[candle.id, 3]]))
		expect(price([{ kind: 'product', productId: made.id, quantity: 7 }]).stock.size).toBe(0)
	})

	it.each([
		['13x18', 'none', 1990],
		['13x18', 'simple', 2990],
		['13x18', 'premium', 3490],
		['18x24', 'none', 2990],
		['18x24', 'simple', 3990],
		['18x24', 'premium', 4490],
	] as const)('prices a portrait %s with frame %s at %i cents a unit, whatever the people, car and pet', (size, frame, unit) => {
		for (const persons of PORTRAIT_PERSONS) {
			const result = price([{ kind: 'portrait', options: { ...options, size, frame, persons, withCar: true, withPet: true }, uploadId, quantity: 2 }])
			expect(result.lines[0]).toMatchObject({ productId: null, name: `Portret ${size}`, unitPriceCents: unit, quantity: 2, uploadId })
			expect(result.lines[0]!.options).toMatchObject({ dimension: size, frame, persons })
			expect(result.subtotalCents).toBe(unit * 2)
			expect(result.uploads).toEqual([uploadId])
		}
		expect(PORTRAIT_FRAMES).toContain(frame)
	})

	it('adds shipping by destination, free from the threshold', () => {
		const shipping = flatShipping({ ratesCents: { ro: 1500, es: 900, eu: 1200, world: 2500 }, freeFromCents: 10000, countries: ['RO', 'ES', 'DE', 'JP'] })
		const line: CartLine = { kind: 'product', productId: candle.id, quantity: 1 }
		expect(price([line], { shipping, country: 'RO' })).toMatchObject({ shippingCents: 1500, totalCents: 6000 })
		expect(price([line], { shipping, country: 'ES' })).toMatchObject({ shippingCents: 900 })
		expect(price([line], { shipping, country: 'DE' })).toMatchObject({ shippingCents: 1200 })
		expect(price([line], { shipping, country: 'JP' })).toMatchObject({ shippingCents: 2500 })
		expect(price([{ ...line, quantity: 3 }], { shipping, country: 'JP' })).toMatchObject({ shippingCents: 0, totalCents: 13500 })
	})

	it("weighs the order by its products' weights for rates by weight; with no rate for it, shipping is unavailable", () => {
		const heavy = { ...candle, weightGrams: 800 }
		const rate = (priceCents: number, minWeightGrams: number, maxWeightGrams: number | null) => ({
			minSubtotalCents: 0,
			maxSubtotalCents: null,
			minWeightGrams,
			maxWeightGrams,
			priceCents,
		})
		const shipping = { zones: [{ name: 'RO', countries: ['RO'], freeFromCents: null, rates: [rate(500, 0, 2000), rate(1100, 2000, 5000)] }], countries: ['RO'] }
		const weighed = (quantity: number) =>
			priceOrder({
				lines: [{ kind: 'product', productId: heavy.id, quantity }],
				products: new Map([[heavy.id, heavy]]),
				uploads: new Set(),
				shipping,
				country: 'RO',
				portraitName: (size) => size,
			})
		expect(weighed(2)).toMatchObject({ shippingCents: 500, shippingUnavailable: false })
		expect(weighed(3)).toMatchObject({ shippingCents: 1100, totalCents: 3 * 4500 + 1100, shippingUnavailable: false })
		expect(weighed(7)).toMatchObject({ shippingUnavailable: true })
		expect(price([{ kind: 'product', productId: candle.id, quantity: 1 }], { shipping, country: 'ES' })).toMatchObject({ shippingUnavailable: true })
	})

	it('a sale bearing no VAT is charged each price, and shipping, less the VAT it contains; free shipping counts the prices shown (ADR 0150)', () => {
		const shipping = flatShipping({ ratesCents: { ro: 1500, es: 900, eu: 1200, world: 2500 }, freeFromCents: 13000, countries: ['RO', 'JP'] })
		const noVat = { removedVatPercent: 21 }
		// 45.00 € contains 7.81 € of VAT at 21 %: 37.19 € a unit; shipping 25.00 € contains 4.34 €.
		const two = price([{ kind: 'product', productId: candle.id, quantity: 2 }], { shipping, country: 'JP', tax: noVat })
		expect(two.lines[0]!.unitPriceCents).toBe(3719)
		expect(two).toMatchObject({ subtotalCents: 7438, shippingCents: 2066, totalCents: 9504 })
		// 3 × 45.00 € = 135.00 € shown reaches the 130.00 € threshold, though 111.57 € is charged.
		expect(price([{ kind: 'product', productId: candle.id, quantity: 3 }], { shipping, country: 'JP', tax: noVat })).toMatchObject({
			subtotalCents: 11157,
			shippingCents: 0,
		})
		expect(price([{ kind: 'product', productId: candle.id, quantity: 2 }], { shipping, country: 'JP', tax: { removedVatPercent: null } })).toMatchObject({
			totalCents: 11500,
		})
	})

	it('names each problem by its line: unavailable, out of stock, not enough stock, missing photo', () => {
		const result = price(
			[
				{ kind: 'product', productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
				{ kind: 'product', productId: candle.id, quantity: 6 },
				{ kind: 'portrait', options, uploadId: '00000000-0000-4000-8000-000000000001', quantity: 1 },
			],
			{ products: new Map([[candle.id, candle]]) },
		)
		expect(result.problems.map((p) => [p.line, p.code])).toEqual([
			[0, 'unavailable'],
			[1, 'notEnoughStock'],
			[2, 'photoMissing'],
		])
		expect(
			price([{ kind: 'product', productId: candle.id, quantity: 1 }], { products: new Map([[candle.id, { ...candle, stock: 0 }]]) }).problems[0]!.code,
		).toBe('outOfStock')
	})

	it('refuses a portrait line of more copies than the workshop paints for one order', () => {
		const portrait = (quantity: number) => price([{ kind: 'portrait', options: { ...options, size: '13x18', frame: 'none' }, uploadId, quantity }])
		expect(portrait(PORTRAIT_MAX_QUANTITY).problems).toEqual([])
		expect(portrait(PORTRAIT_MAX_QUANTITY + 1).problems).toEqual([{ line: 0, code: 'tooManyPortraits', name: 'Portret 13x18' }])
	})
})
