import { describe, expect, it } from 'vitest'
import { CART_MAX_QUANTITY, cartCount, cartReducer, parseCartItems, cartTotalCents, remainingStock, type CartItem } from './cart.ts'

const candle = { id: 'candle-1', name: 'Vanilla candle', price: 4500, image: '/uploads/candle.webp', options: {} }
const portrait = {
	id: 'portrait-13x18-1700000000000',
	name: 'Portrait 13x18',
	price: 2990,
	image: null,
	options: { dimension: '13x18', persons: '2', withCar: false, withPet: true, frame: 'simple', description: '' },
}

describe('cartReducer', () => {
	it('appends a new item with quantity 1 by default', () => {
		expect(cartReducer([], { type: 'add', item: candle })).toEqual([{ ...candle, quantity: 1 }])
	})

	it('appends a new item with the quantity added', () => {
		const items = cartReducer([{ ...candle, quantity: 1 }], { type: 'add', item: portrait, quantity: 3 })
		expect(items).toEqual([{ ...candle, quantity: 1 }, { ...portrait, quantity: 3 }])
	})

	it('adding an existing id raises its quantity by the amount added', () => {
		let items = cartReducer([], { type: 'add', item: candle, quantity: 2 })
		items = cartReducer(items, { type: 'add', item: candle, quantity: 3 })
		expect(items).toEqual([{ ...candle, quantity: 5 }])
		items = cartReducer(items, { type: 'add', item: candle })
		expect(items).toEqual([{ ...candle, quantity: 6 }])
	})

	it('ignores adding a quantity of 0 or less', () => {
		const items: CartItem[] = [{ ...candle, quantity: 1 }]
		expect(cartReducer(items, { type: 'add', item: candle, quantity: 0 })).toBe(items)
		expect(cartReducer(items, { type: 'add', item: candle, quantity: -2 })).toBe(items)
	})

	it('never holds more than the stock the page was rendered with', () => {
		let items = cartReducer([], { type: 'add', item: { ...candle, maxQuantity: 3 }, quantity: 2 })
		items = cartReducer(items, { type: 'add', item: { ...candle, maxQuantity: 3 }, quantity: 2 })
		expect(items[0]!.quantity).toBe(3)
		items = cartReducer(items, { type: 'setQuantity', id: candle.id, quantity: 10 })
		expect(items[0]!.quantity).toBe(3)
		expect(cartReducer([], { type: 'add', item: { ...candle, maxQuantity: 0 } })).toEqual([])
	})

	it('sets a quantity', () => {
		const items = cartReducer([{ ...candle, quantity: 1 }, { ...portrait, quantity: 1 }], { type: 'setQuantity', id: candle.id, quantity: 4 })
		expect(items).toEqual([{ ...candle, quantity: 4 }, { ...portrait, quantity: 1 }])
	})

	it('setting a quantity of 0 or less removes the item', () => {
		for (const quantity of [0, -1]) {
			expect(cartReducer([{ ...candle, quantity: 2 }, { ...portrait, quantity: 1 }], { type: 'setQuantity', id: candle.id, quantity })).toEqual([
				{ ...portrait, quantity: 1 },
			])
		}
	})

	it('caps a quantity at the cart maximum', () => {
		expect(cartReducer([{ ...candle, quantity: 1 }], { type: 'setQuantity', id: candle.id, quantity: 5000 })[0]!.quantity).toBe(CART_MAX_QUANTITY)
	})

	it('removes an item', () => {
		expect(cartReducer([{ ...candle, quantity: 2 }, { ...portrait, quantity: 1 }], { type: 'remove', id: portrait.id })).toEqual([{ ...candle, quantity: 2 }])
	})

	it('clear empties the cart', () => {
		expect(cartReducer([{ ...candle, quantity: 2 }, { ...portrait, quantity: 1 }], { type: 'clear' })).toEqual([])
	})

	it('replace takes another tab’s items', () => {
		const other: CartItem[] = [{ ...portrait, quantity: 7 }]
		expect(cartReducer([{ ...candle, quantity: 1 }], { type: 'replace', items: other })).toBe(other)
	})
})

describe('cart totals', () => {
	const items: CartItem[] = [
		{ ...candle, quantity: 3 },
		{ ...portrait, quantity: 2 },
	]
	it('total is the sum of price × quantity, in cents', () => {
		expect(cartTotalCents(items)).toBe(4500 * 3 + 2990 * 2)
		expect(cartTotalCents([])).toBe(0)
	})
	it('count is the sum of quantities', () => {
		expect(cartCount(items)).toBe(5)
		expect(cartCount([])).toBe(0)
	})
	it('remaining stock takes the cart into account', () => {
		expect(remainingStock(items, candle.id, 5)).toBe(2)
		expect(remainingStock(items, candle.id, 2)).toBe(0)
		expect(remainingStock(items, 'other', 0)).toBe(0)
		expect(remainingStock(items, 'other', null)).toBe(CART_MAX_QUANTITY)
	})
})

describe('cart item shape', () => {
	it('accepts spec §3 items, portraits with an uploaded image included', () => {
		const uploaded = { ...portrait, quantity: 1, options: { ...portrait.options, uploadedImage: { id: '7d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11', url: '/api/uploads/portrait/7d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11' } } }
		expect(parseCartItems([{ ...candle, quantity: 1 }, uploaded])).toEqual([{ ...candle, quantity: 1 }, uploaded])
	})
	it('keeps maxQuantity, drops unknown fields, and refuses more than 100 lines', () => {
		expect(parseCartItems([{ ...candle, quantity: 2, maxQuantity: 4, extra: 'x' }])).toEqual([{ ...candle, quantity: 2, maxQuantity: 4 }])
		expect(parseCartItems(Array.from({ length: 101 }, (_, i) => ({ ...candle, id: `c-${i}`, quantity: 1 })))).toBeNull()
		expect(parseCartItems({ 0: candle })).toBeNull()
	})
	it('refuses fractional prices, bad quantities and script URLs', () => {
		for (const bad of [
			{ ...candle, price: 29.9, quantity: 1 },
			{ ...candle, quantity: 0 },
			{ ...candle, quantity: '2' },
			{ ...candle, quantity: 1, image: 'javascript:alert(1)' },
			{ ...candle, quantity: 1, image: '//evil.example/x.png' },
			{ ...candle, quantity: 1, options: { uploadedImage: { id: 'x', url: 'data:image/png;base64,AAAA' } } },
			{ ...candle, quantity: 1, options: { uploadedImage: { id: '7d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11', url: 'javascript:alert(1)' } } },
			{ ...candle, quantity: 1, options: { nested: { a: 1 } } },
			{ ...candle, quantity: 1, maxQuantity: 1.5 },
			{ ...candle, name: '', quantity: 1 },
		]) {
			expect(parseCartItems([bad]), JSON.stringify(bad)).toBeNull()
		}
	})
})
