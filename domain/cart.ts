/**
 * The cart kept in the browser under the localStorage key `cart` (ADR 0102). Each entry
 * is the tagged line the server is sent (`line`, domain/cart-line.ts) beside what only the cart
 * shows (name, price, picture, rendered stock), so the request carries nothing the server ignores.
 * Carts saved in the older shape (an item of id, name, price, quantity, image, options) are
 * migrated on load, so no customer loses a cart.
 *
 * Every page loads this module (the cart badge and panel live in the root layout), so it stays free
 * of zod (ADR 0014): a stored line is checked by readCartLine, cartLineSchema's rules without zod.
 */
import type { CartLine, PortraitLine, ProductLine } from './cart-line.ts'
import { CART_MAX_QUANTITY, cartLineOf, readCartLine } from './cart-line-guard.ts'
import { LEAD_TIME_MAX_DAYS } from './lead-time.ts'

export { CART_MAX_QUANTITY }
export const CART_STORAGE_KEY = 'cart'
/** The cart is saved this long after its last change. */
export const CART_SAVE_DELAY_MS = 500
/** The most lines a stored cart may hold. */
export const CART_MAX_LINES = 100

const MAX_PRICE_CENTS = 99_999_900

/** A picture the cart may show: a same-origin path or an https URL (never javascript:, data: and the like). */
export const CART_IMAGE_URL = /^(\/(?!\/)|https:\/\/)/
export const CART_IMAGE_URL_MAX = 2000

/** A portrait photo uploaded to the server (ADR 21): the upload's id and URL, never the file. */
export type UploadedImage = { id: string; url: string }

export type CartItem = {
	/** This browser's key for the line (a product's id; a portrait's own key). Never sent to the server. */
	id: string
	/** What the server is sent for this line (its quantity included). */
	line: CartLine
	/** Shown in the cart only: the server prices and names every line itself. */
	name: string
	/** Unit price shown, in integer cents (money is never a float in this code base). */
	price: number
	image: string | null
	/** Stock the product page was rendered with: the cart never holds more. Absent for made-to-order lines. */
	maxQuantity?: number
	/** A made-to-order product's working days before it ships, as its page said when it was added. */
	leadTimeDays?: number
	/** The reduction the server announces for the product now (ADR 0246); never stored. */
	sale?: CartPrice['sale']
}

/** A cart product's price now as the server gives it (ADR 0245), and the reduction to announce. */
export type CartPrice = { cents: number; sale: { priorCents: number; percentOff: number } | null }

/** A line being added: its quantity is given apart. */
export type NewCartLine = Omit<ProductLine, 'quantity'> | Omit<PortraitLine, 'quantity'>
export type NewCartItem = Omit<CartItem, 'line'> & { line: NewCartLine }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isText = (value: unknown, min: number, max: number): value is string => typeof value === 'string' && value.length >= min && value.length <= max
const isWhole = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max
const isImageUrl = (value: unknown): value is string => isText(value, 0, CART_IMAGE_URL_MAX) && CART_IMAGE_URL.test(value)

/** An entry of the stored cart (ADR 0102), without unknown fields; null when anything does not match. */
function toCartItem(value: Record<string, unknown>, line: CartLine | null): CartItem | null {
	const { id, name, price, image, maxQuantity, leadTimeDays } = value
	if (!line || !isText(id, 1, 100) || !isText(name, 1, 200) || !isWhole(price, 0, MAX_PRICE_CENTS)) return null
	if (image !== null && !isImageUrl(image)) return null
	if (maxQuantity !== undefined && !isWhole(maxQuantity, 0, CART_MAX_QUANTITY)) return null
	const item: CartItem = { id, line, name, price, image }
	if (maxQuantity !== undefined) item.maxQuantity = maxQuantity
	// Only shown: a stored value out of range is left out, the line stays.
	if (isWhole(leadTimeDays, 1, LEAD_TIME_MAX_DAYS)) item.leadTimeDays = leadTimeDays
	return item
}

/**
 * A line saved in the older shape (before ADR 0102: id, name, price, quantity, image, options),
 * as a tagged line (cartLineOf: a portrait by its options, never by its id). Null when it cannot be
 * a line of an order (a product id that is no id, a photo kept as a data URL, a tampered value):
 * that line alone is dropped, the rest of the cart stays.
 */
function migrateLegacyItem(value: Record<string, unknown>): CartItem | null {
	const { id, quantity, options } = value
	if (!isText(id, 1, 100) || typeof quantity !== 'number' || !isRecord(options)) return null
	const line = cartLineOf({ id, quantity, options })
	return toCartItem({ ...value, id: line?.kind === 'product' ? line.productId : id }, line)
}

/**
 * Checks a stored cart value (at most 100 lines). Returns the items, without unknown fields, or
 * null when anything does not match: then the whole stored cart is discarded. Lines of the older
 * shape are migrated.
 */
export function parseCartItems(value: unknown): CartItem[] | null {
	if (!Array.isArray(value) || value.length > CART_MAX_LINES) return null
	const items: CartItem[] = []
	for (const entry of value) {
		if (!isRecord(entry)) return null
		if (!('line' in entry)) {
			const migrated = migrateLegacyItem(entry)
			if (migrated) items.push(migrated)
			continue
		}
		const item = toCartItem(entry, readCartLine(entry.line))
		if (!item) return null
		items.push(item)
	}
	return items
}

export type CartAction =
	| { type: 'add'; item: NewCartItem; quantity?: number }
	| { type: 'setQuantity'; id: string; quantity: number }
	| { type: 'remove'; id: string }
	| { type: 'clear' }
	| { type: 'replace'; items: CartItem[] }

function limitFor(item: Pick<CartItem, 'maxQuantity'>) {
	return Math.min(CART_MAX_QUANTITY, item.maxQuantity ?? CART_MAX_QUANTITY)
}

function withQuantity(item: CartItem, quantity: number): CartItem {
	const next: CartItem = { ...item, line: { ...item.line, quantity } }
	if (next.maxQuantity === undefined) delete next.maxQuantity
	return next
}

/**
 * The cart's rules: adding an existing id raises its quantity by the amount added, otherwise the
 * item is appended with that quantity (default 1); a quantity of 0 or less removes the line; clear
 * empties the cart. A line never holds more than its rendered stock.
 */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
	switch (action.type) {
		case 'add': {
			const amount = Math.trunc(action.quantity ?? 1)
			if (!(amount > 0)) return items
			const existing = items.find((item) => item.id === action.item.id)
			if (existing) {
				const maxQuantity = action.item.maxQuantity ?? existing.maxQuantity
				const quantity = Math.min(existing.line.quantity + amount, limitFor({ maxQuantity }))
				return items.map((item) => (item.id === existing.id ? withQuantity({ ...item, maxQuantity }, quantity) : item))
			}
			const quantity = Math.min(amount, limitFor(action.item))
			if (quantity <= 0) return items
			return [...items, { ...action.item, line: { ...action.item.line, quantity } as CartLine }]
		}
		case 'setQuantity': {
			const quantity = Math.trunc(action.quantity)
			if (!(quantity > 0)) return items.filter((item) => item.id !== action.id)
			return items.map((item) => (item.id === action.id ? withQuantity(item, Math.min(quantity, limitFor(item))) : item))
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
	return items.reduce((sum, item) => sum + item.price * item.line.quantity, 0)
}

/** Sum of the quantities (the number on the cart badge). */
export function cartCount(items: readonly CartItem[]) {
	return items.reduce((sum, item) => sum + item.line.quantity, 0)
}

/** How many more units of `id` may go into the cart, given the stock the page was rendered with. */
export function remainingStock(items: readonly CartItem[], id: string, stock: number | null) {
	const inCart = items.find((item) => item.id === id)?.line.quantity ?? 0
	return Math.max(0, Math.min(stock ?? CART_MAX_QUANTITY, CART_MAX_QUANTITY) - inCart)
}
