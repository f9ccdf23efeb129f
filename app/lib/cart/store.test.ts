import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CART_STORAGE_KEY, type CartItem, type NewCartItem } from '#domain/cart.ts'
import { parseStoredCart, readCart, writeCart, type CartStorage } from './persistence.ts'
import { createCartStore } from './store.ts'

const CANDLE_ID = '5a1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11'
const candle: NewCartItem = { id: CANDLE_ID, line: { kind: 'product', productId: CANDLE_ID }, name: 'Vanilla candle', price: 4500, image: null }
const withQuantity = (item: NewCartItem, quantity: number) => ({ ...item, line: { ...item.line, quantity } }) as CartItem

class MemoryStorage implements CartStorage {
	values = new Map<string, string>()
	quotaBytes = Infinity
	getItem(key: string) {
		return this.values.get(key) ?? null
	}
	setItem(key: string, value: string) {
		if (value.length > this.quotaBytes) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
		this.values.set(key, value)
	}
	removeItem(key: string) {
		this.values.delete(key)
	}
}

describe('reading a stored cart', () => {
	it('reads a valid item array', () => {
		const storage = new MemoryStorage()
		const items: CartItem[] = [withQuantity(candle, 2)]
		storage.setItem(CART_STORAGE_KEY, JSON.stringify(items))
		expect(readCart(storage)).toEqual(items)
	})

	it('starts empty with nothing stored', () => {
		expect(readCart(new MemoryStorage())).toEqual([])
	})

	for (const [label, raw] of [
		['not JSON', '{oops'],
		['not an array', '{"id":"x"}'],
		['an item with a string price', JSON.stringify([{ ...withQuantity(candle, 1), price: '45' }])],
		['an item with a negative quantity', JSON.stringify([withQuantity(candle, -3)])],
		['null', 'null'],
	] as const) {
		it(`discards a corrupt value (${label}) and removes it`, () => {
			const storage = new MemoryStorage()
			storage.setItem(CART_STORAGE_KEY, raw)
			expect(readCart(storage)).toEqual([])
			expect(storage.getItem(CART_STORAGE_KEY)).toBeNull()
			expect(parseStoredCart(raw)).toBeNull()
		})
	}

	it('treats a storage that throws as empty', () => {
		const storage: CartStorage = {
			getItem: () => {
				throw new DOMException('denied', 'SecurityError')
			},
			setItem: () => undefined,
			removeItem: () => undefined,
		}
		expect(readCart(storage)).toEqual([])
	})
})

describe('writing the cart', () => {
	it('saves the item array as JSON', () => {
		const storage = new MemoryStorage()
		expect(writeCart(storage, [withQuantity(candle, 1)])).toBe('saved')
		expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toEqual([withQuantity(candle, 1)])
	})

	it('reports a quota error and removes the stored cart', () => {
		const storage = new MemoryStorage()
		storage.setItem(CART_STORAGE_KEY, '[]')
		storage.quotaBytes = 10
		expect(writeCart(storage, [withQuantity(candle, 1)])).toBe('quota-exceeded')
		expect(storage.getItem(CART_STORAGE_KEY)).toBeNull()
	})
})

describe('cart store', () => {
	beforeEach(() => vi.useFakeTimers())
	afterEach(() => vi.useRealTimers())

	it('is neutral until loaded, then holds the stored cart', () => {
		const storage = new MemoryStorage()
		storage.setItem(CART_STORAGE_KEY, JSON.stringify([withQuantity(candle, 2)]))
		const store = createCartStore({ storage: () => storage })
		expect(store.getSnapshot()).toEqual({ items: [], ready: false })
		store.load()
		expect(store.getSnapshot()).toEqual({ items: [withQuantity(candle, 2)], ready: true })
	})

	it('applies a change made before loading to the stored cart', () => {
		const storage = new MemoryStorage()
		storage.setItem(CART_STORAGE_KEY, JSON.stringify([withQuantity(candle, 2)]))
		const store = createCartStore({ storage: () => storage })
		store.dispatch({ type: 'add', item: candle })
		expect(store.getSnapshot()).toEqual({ items: [withQuantity(candle, 3)], ready: true })
		vi.advanceTimersByTime(500)
		expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toEqual([withQuantity(candle, 3)])
	})

	it('saves 500 ms after the last change', () => {
		const storage = new MemoryStorage()
		const store = createCartStore({ storage: () => storage })
		store.load()
		const listener = vi.fn()
		store.subscribe(listener)
		store.dispatch({ type: 'add', item: candle })
		vi.advanceTimersByTime(400)
		store.dispatch({ type: 'add', item: candle })
		vi.advanceTimersByTime(499)
		expect(storage.getItem(CART_STORAGE_KEY)).toBeNull()
		vi.advanceTimersByTime(1)
		expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toEqual([withQuantity(candle, 2)])
		expect(listener).toHaveBeenCalledTimes(2)
	})

	it('clears the cart and tells the visitor when storage is full', () => {
		const storage = new MemoryStorage()
		storage.quotaBytes = 20
		const onQuotaExceeded = vi.fn()
		const store = createCartStore({ storage: () => storage, onQuotaExceeded })
		store.load()
		store.dispatch({ type: 'add', item: candle, quantity: 3 })
		expect(store.getSnapshot().items).toHaveLength(1)
		vi.advanceTimersByTime(500)
		expect(onQuotaExceeded).toHaveBeenCalledOnce()
		expect(store.getSnapshot()).toEqual({ items: [], ready: true })
		expect(storage.getItem(CART_STORAGE_KEY)).toBeNull()
	})

	it('takes another tab’s cart without writing it back, and ignores other keys', () => {
		const storage = new MemoryStorage()
		const setItem = vi.spyOn(storage, 'setItem')
		const store = createCartStore({ storage: () => storage })
		store.load()
		store.receiveExternal('language', 'ro')
		expect(store.getSnapshot().items).toEqual([])
		store.receiveExternal(CART_STORAGE_KEY, JSON.stringify([withQuantity(candle, 4)]))
		expect(store.getSnapshot().items).toEqual([withQuantity(candle, 4)])
		store.receiveExternal(CART_STORAGE_KEY, 'garbage')
		expect(store.getSnapshot().items).toEqual([])
		vi.advanceTimersByTime(1000)
		expect(setItem).not.toHaveBeenCalled()
	})

	it('flush saves a pending change at once', () => {
		const storage = new MemoryStorage()
		const store = createCartStore({ storage: () => storage })
		store.load()
		store.dispatch({ type: 'add', item: candle })
		store.flush()
		expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toHaveLength(1)
	})

	it('forget empties the cart and removes the stored key at once, dropping a pending save', () => {
		const storage = new MemoryStorage()
		storage.setItem(CART_STORAGE_KEY, JSON.stringify([withQuantity(candle, 2)]))
		const store = createCartStore({ storage: () => storage })
		store.load()
		store.dispatch({ type: 'add', item: candle })
		store.forget()
		expect(store.getSnapshot()).toEqual({ items: [], ready: true })
		expect(storage.getItem(CART_STORAGE_KEY)).toBeNull()
		vi.advanceTimersByTime(1000)
		expect(storage.getItem(CART_STORAGE_KEY)).toBeNull()
	})
})

describe('a cart saved in the older shape (ADR 0102)', () => {
	it('is read migrated and saved back in the new shape; a cart with nothing left to keep is removed', () => {
		const storage = new MemoryStorage()
		storage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: CANDLE_ID, name: 'Vanilla candle', price: 4500, quantity: 2, image: null, options: {} }]))
		expect(readCart(storage)).toEqual([withQuantity(candle, 2)])
		expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toEqual([withQuantity(candle, 2)])
		storage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: 'x', name: 'Free', price: -5, quantity: 1, image: null, options: {} }]))
		expect(readCart(storage)).toEqual([])
		expect(storage.getItem(CART_STORAGE_KEY)).toBeNull()
	})
})
