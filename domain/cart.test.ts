import { describe, expect, it } from 'vitest'
import { CART_MAX_QUANTITY, cartCount, cartReducer, parseCartItems, cartTotalCents, remainingStock, type CartItem, type NewCartItem } from './cart.ts'

const CANDLE_ID = '5a1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11'
const PHOTO_ID = '7d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11'
const candle: NewCartItem = {
	id: CANDLE_ID,
	line: { kind: 'product', productId: CANDLE_ID },
	name: 'Vanilla candle',
	price: 4500,
	image: '/uploads/candle.webp',
}
const portrait: NewCartItem = {
	id: 'portrait-1700000000000',
	line: { kind: 'portrait', options: { size: '13x18', persons: '2', withCar: false, withPet: true, frame: 'simple', description: '' }, uploadId: PHOTO_ID },
	name: 'Portrait 13x18',
	price: 2990,
	image: null,
}
const withQuantity = (item: NewCartItem, quantity: number) => ({ ...item, line: { ...item.line, quantity } }) as CartItem

describe('cartReducer', () => {
	it('appends a new item with quantity 1 by default', () => {
		expect(cartReducer([], { type: 'add', item: candle })).toEqual([withQuantity(candle, 1)])
	})

	it('appends a new item with the quantity added', () => {
		const items = cartReducer([withQuantity(candle, 1)], { type: 'add', item: portrait, quantity: 3 })
		expect(items).toEqual([withQuantity(candle, 1), withQuantity(portrait, 3)])
	})

	it('adding an existing id raises its quantity by the amount added', () => {
		let items = cartReducer([], { type: 'add', item: candle, quantity: 2 })
		items = cartReducer(items, { type: 'add', item: candle, quantity: 3 })
		expect(items).toEqual([withQuantity(candle, 5)])
		items = cartReducer(items, { type: 'add', item: candle })
		expect(items).toEqual([withQuantity(candle, 6)])
	})

	it('ignores adding a quantity of 0 or less', () => {
		const items: CartItem[] = [withQuantity(candle, 1)]
		expect(cartReducer(items, { type: 'add', item: candle, quantity: 0 })).toBe(items)
		expect(cartReducer(items, { type: 'add', item: candle, quantity: -2 })).toBe(items)
	})

	it('never holds more than the stock the page was rendered with', () => {
		let items = cartReducer([], { type: 'add', item: { ...candle, maxQuantity: 3 }, quantity: 2 })
		items = cartReducer(items, { type: 'add', item: { ...candle, maxQuantity: 3 }, quantity: 2 })
		expect(items[0]!.line.quantity).toBe(3)
		items = cartReducer(items, { type: 'setQuantity', id: candle.id, quantity: 10 })
		expect(items[0]!.line.quantity).toBe(3)
		expect(cartReducer([], { type: 'add', item: { ...candle, maxQuantity: 0 } })).toEqual([])
	})

	it('sets a quantity', () => {
		const items = cartReducer([withQuantity(candle, 1), withQuantity(portrait, 1)], { type: 'setQuantity', id: candle.id, quantity: 4 })
		expect(items).toEqual([withQuantity(candle, 4), withQuantity(portrait, 1)])
	})

	it('setting a quantity of 0 or less removes the item', () => {
		for (const quantity of [0, -1]) {
			expect(cartReducer([withQuantity(candle, 2), withQuantity(portrait, 1)], { type: 'setQuantity', id: candle.id, quantity })).toEqual([
				withQuantity(portrait, 1),
			])
		}
	})

	it('caps a quantity at the cart maximum', () => {
		expect(cartReducer([withQuantity(candle, 1)], { type: 'setQuantity', id: candle.id, quantity: 5000 })[0]!.line.quantity).toBe(CART_MAX_QUANTITY)
	})

	it('removes an item', () => {
		expect(cartReducer([withQuantity(candle, 2), withQuantity(portrait, 1)], { type: 'remove', id: portrait.id })).toEqual([withQuantity(candle, 2)])
	})

	it('clear empties the cart', () => {
		expect(cartReducer([withQuantity(candle, 2), withQuantity(portrait, 1)], { type: 'clear' })).toEqual([])
	})

	it('replace takes another tab’s items', () => {
		const other: CartItem[] = [withQuantity(portrait, 7)]
		expect(cartReducer([withQuantity(candle, 1)], { type: 'replace', items: other })).toBe(other)
	})
})

describe('cart totals', () => {
	const items: CartItem[] = [withQuantity(candle, 3), withQuantity(portrait, 2)]
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
	it('accepts stored items: the tagged line the server is sent, beside what the cart shows', () => {
		expect(parseCartItems([withQuantity(candle, 1), withQuantity(portrait, 1)])).toEqual([withQuantity(candle, 1), withQuantity(portrait, 1)])
	})
	it('keeps maxQuantity, drops unknown fields, and refuses more than 100 lines', () => {
		expect(parseCartItems([{ ...withQuantity(candle, 2), maxQuantity: 4, extra: 'x' }])).toEqual([{ ...withQuantity(candle, 2), maxQuantity: 4 }])
		// A made-to-order line keeps the lead time its page said; one out of range is left out, the line kept.
		expect(parseCartItems([{ ...withQuantity(candle, 1), leadTimeDays: 12 }])).toEqual([{ ...withQuantity(candle, 1), leadTimeDays: 12 }])
		expect(
			parseCartItems([
				{ ...withQuantity(candle, 1), leadTimeDays: 0 },
				{ ...withQuantity(portrait, 1), leadTimeDays: '3' },
			]),
		).toEqual([withQuantity(candle, 1), withQuantity(portrait, 1)])
		expect(parseCartItems(Array.from({ length: 101 }, (_, i) => ({ ...withQuantity(candle, 1), id: `c-${i}` })))).toBeNull()
		expect(parseCartItems({ 0: candle })).toBeNull()
	})
	it('refuses fractional prices, bad quantities, script URLs and lines the server could not take', () => {
		for (const bad of [
			{ ...withQuantity(candle, 1), price: 29.9 },
			withQuantity(candle, 0),
			{ ...candle, line: { ...candle.line, quantity: '2' } },
			{ ...withQuantity(candle, 1), image: 'javascript:alert(1)' },
			{ ...withQuantity(candle, 1), image: '//evil.example/x.png' },
			{ ...withQuantity(candle, 1), line: { kind: 'product', productId: 'candle-1', quantity: 1 } },
			{ ...withQuantity(portrait, 1), line: { ...portrait.line, uploadId: 'data:image/png;base64,AAAA', quantity: 1 } },
			{ ...withQuantity(portrait, 1), line: { ...portrait.line, kind: 'product', quantity: 1 } },
			{ ...withQuantity(candle, 1), maxQuantity: 1.5 },
			{ ...withQuantity(candle, 1), name: '' },
		]) {
			expect(parseCartItems([bad]), JSON.stringify(bad)).toBeNull()
		}
	})
})

describe('carts saved in the older item shape (id, name, price, quantity, image, options) are migrated, so no customer loses a cart', () => {
	const oldCandle = { id: CANDLE_ID, name: 'Vanilla candle', price: 4500, image: '/uploads/candle.webp', quantity: 2, options: {}, maxQuantity: 4 }
	const oldPortrait = {
		id: 'portrait-13x18-1700000000000',
		name: 'Portrait 13x18',
		price: 2990,
		quantity: 1,
		image: null,
		options: {
			dimension: '13x18',
			persons: '2',
			withCar: false,
			withPet: true,
			frame: 'simple',
			description: '',
			uploadedImage: { id: PHOTO_ID, url: `/api/uploads/portrait/${PHOTO_ID}` },
		},
	}
	it('turns products and portraits into tagged lines, keeping what the cart shows', () => {
		expect(parseCartItems([oldCandle, oldPortrait])).toEqual([
			{ ...withQuantity(candle, 2), maxQuantity: 4 },
			{ ...withQuantity(portrait, 1), id: oldPortrait.id },
		])
	})
	it('drops a line no order could take (a photo kept as a data URL, an id that is no id), keeping the rest', () => {
		const dataUrl = { ...oldPortrait, options: { ...oldPortrait.options, uploadedImage: 'data:image/png;base64,AAAA' } }
		expect(parseCartItems([oldCandle, dataUrl, { ...oldCandle, id: 'candle-1' }])).toEqual([{ ...withQuantity(candle, 2), maxQuantity: 4 }])
	})
	it('drops a tampered old line (as the older shape refused it), keeping the rest', () => {
		for (const bad of [
			{ ...oldCandle, price: 29.9 },
			{ ...oldCandle, quantity: 0 },
			{ ...oldCandle, quantity: '2' },
			{ ...oldCandle, image: 'javascript:alert(1)' },
			{ ...oldPortrait, options: { ...oldPortrait.options, uploadedImage: { id: 'x', url: 'data:image/png;base64,AAAA' } } },
			{ ...oldPortrait, options: { ...oldPortrait.options, frame: { a: 1 } } },
			{ ...oldCandle, name: '' },
		]) {
			expect(parseCartItems([bad, oldPortrait]), JSON.stringify(bad)).toEqual([{ ...withQuantity(portrait, 1), id: oldPortrait.id }])
		}
	})
})
