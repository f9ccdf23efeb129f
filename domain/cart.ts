/**
 * Spec §3 cart item; a line of the cart kept in the browser under the localStorage key `cart`.
 *
 * Every page loads this module (the cart badge and panel live in the root layout), so it stays
 * free of zod (ADR 14): the stored value is checked by the small hand-written parser below.
 */
import { isUuid } from './ids.ts'
export const CART_STORAGE_KEY = 'cart'
/** Spec §9: the cart is saved this long after its last change. */
export const CART_SAVE_DELAY_MS = 500
/** No line may hold more than this, whatever the stock; keeps a tampered value from overflowing totals. */
export const CART_MAX_QUANTITY = 999
/** The most lines a stored cart may hold. */
export const CART_MAX_LINES = 100

const MAX_PRICE_CENTS = 99_999_900

/** A picture the cart may show: a same-origin path or an https URL (never javascript:, data: and the like). */
export const CART_IMAGE_URL = /^(\/(?!\/)|https:\/\/)/
export const CART_IMAGE_URL_MAX = 2000

/** A portrait photo uploaded to the server (ADR 21): the upload's id and URL, never the file. */
export type UploadedImage = { id: string; url: string }
export type CartOptionValue = string | number | boolean | null | UploadedImage

export type CartItem = {
	/** A product id, or `portrait-{size}-{timestamp}` for a customised portrait. */
	id: string
	name: string
	/** Unit price in integer cents (money is never a float in this code base). */
	price: number
	quantity: number
	image: string | null
	options: Record<string, CartOptionValue>
	/** Stock the product page was rendered with: the cart never holds more. Absent for made-to-order lines. */
	maxQuantity?: number
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isText = (value: unknown, min: number, max: number): value is string => typeof value === 'string' && value.length >= min && value.length <= max
const isWhole = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max
const isImageUrl = (value: unknown): value is string => isText(value, 0, CART_IMAGE_URL_MAX) && CART_IMAGE_URL.test(value)

export function isUploadedImage(value: unknown): value is UploadedImage {
	return isRecord(value) && isUuid(value.id) && isImageUrl(value.url)
}

function isOptionValue(value: unknown): value is CartOptionValue {
	if (value === null || typeof value === 'boolean') return true
	if (typeof value === 'string') return value.length <= 1000
	if (typeof value === 'number') return Number.isFinite(value)
	return isUploadedImage(value)
}

function toCartItem(value: unknown): CartItem | null {
	if (!isRecord(value)) return null
	const { id, name, price, quantity, image, options, maxQuantity } = value
	if (!isText(id, 1, 100) || !isText(name, 1, 200) || !isWhole(price, 0, MAX_PRICE_CENTS) || !isWhole(quantity, 1, CART_MAX_QUANTITY)) return null
	if (image !== null && !isImageUrl(image)) return null
	if (!isRecord(options) || !Object.entries(options).every(([key, option]) => key.length <= 50 && isOptionValue(option))) return null
	if (maxQuantity !== undefined && !isWhole(maxQuantity, 0, CART_MAX_QUANTITY)) return null
	const item: CartItem = { id, name, price, quantity, image, options: options as Record<string, CartOptionValue> }
	if (maxQuantity !== undefined) item.maxQuantity = maxQuantity
	return item
}

/**
 * Checks a stored cart value (spec §3 item array, at most 100 lines). Returns the items, without
 * unknown fields, or null when anything does not match: then the whole stored cart is discarded.
 */
export function parseCartItems(value: unknown): CartItem[] | null {
	if (!Array.isArray(value) || value.length > CART_MAX_LINES) return null
	const items: CartItem[] = []
	for (const entry of value) {
		const item = toCartItem(entry)
		if (!item) return null
		items.push(item)
	}
	return items
}

export type CartAction =
	| { type: 'add'; item: Omit<CartItem, 'quantity'>; quantity?: number }
	| { type: 'setQuantity'; id: string; quantity: number }
	| { type: 'remove'; id: string }
	| { type: 'clear' }
	| { type: 'replace'; items: CartItem[] }

function limitFor(item: Pick<CartItem, 'maxQuantity'>) {
	return Math.min(CART_MAX_QUANTITY, item.maxQuantity ?? CART_MAX_QUANTITY)
}

/**
 * Spec §4 cart rules: adding an existing id raises its quantity by the amount added, otherwise the
 * item is appended with that quantity (default 1); a quantity of 0 or less removes the line; clear
 * empties the cart. A line never holds more than its rendered stock.
 */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
	switch (action.type) {
		case 'add': {
			const amount = Math.trunc(action.quantity ?? 1)
			if (!(amount > 0)) return items
			const existing = items.find((line) => line.id === action.item.id)
			if (existing) {
				const maxQuantity = action.item.maxQuantity ?? existing.maxQuantity
				const quantity = Math.min(existing.quantity + amount, limitFor({ maxQuantity }))
				return items.map((line) => (line.id === existing.id ? { ...line, maxQuantity, quantity } : line))
			}
			const quantity = Math.min(amount, limitFor(action.item))
			if (quantity <= 0) return items
			return [...items, { ...action.item, quantity }]
		}
		case 'setQuantity': {
			const quantity = Math.trunc(action.quantity)
			if (!(quantity > 0)) return items.filter((line) => line.id !== action.id)
			return items.map((line) => (line.id === action.id ? { ...line, quantity: Math.min(quantity, limitFor(line)) } : line))
		}
		case 'remove':
			return items.filter((line) => line.id !== action.id)
		case 'clear':
			return []
		case 'replace':
			return action.items
	}
}

/** Sum of price × quantity, in cents. */
export function cartTotalCents(items: readonly CartItem[]) {
	return items.reduce((sum, line) => sum + line.price * line.quantity, 0)
}

/** Sum of the quantities (the number on the cart badge). */
export function cartCount(items: readonly CartItem[]) {
	return items.reduce((sum, line) => sum + line.quantity, 0)
}

/** How many more units of `id` may go into the cart, given the stock the page was rendered with. */
export function remainingStock(items: readonly CartItem[], id: string, stock: number | null) {
	const inCart = items.find((line) => line.id === id)?.quantity ?? 0
	return Math.max(0, Math.min(stock ?? CART_MAX_QUANTITY, CART_MAX_QUANTITY) - inCart)
}
