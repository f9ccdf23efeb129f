import { CART_STORAGE_KEY, parseCartItems, type CartItem } from '#domain/cart.ts'

/** The part of the Web Storage API the cart uses (localStorage in the browser, a fake in tests). */
export type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * Reads a stored cart value. Anything that is not a valid item array (bad JSON, a tampered shape,
 * an unknown field type) is discarded: the cart starts empty and the bad value is removed.
 */
export function parseStoredCart(raw: string | null): CartItem[] | null {
	if (raw === null) return []
	try {
		return parseCartItems(JSON.parse(raw))
	} catch {
		return null
	}
}

export function readCart(storage: CartStorage): CartItem[] {
	let raw: string | null
	try {
		raw = storage.getItem(CART_STORAGE_KEY)
	} catch {
		return []
	}
	const items = parseStoredCart(raw)
	if (items === null) {
		try {
			storage.removeItem(CART_STORAGE_KEY)
		} catch {
			// storage unavailable: nothing to clean
		}
		return []
	}
	// A cart saved in the older shape (ADR 0102) is saved back migrated; lines that could not be kept are gone from it.
	if (raw !== null && raw.includes('"id"') && !raw.includes('"line"')) {
		try {
			if (items.length === 0) storage.removeItem(CART_STORAGE_KEY)
			else storage.setItem(CART_STORAGE_KEY, JSON.stringify(items))
		} catch {
			// kept as it is; it is migrated again on the next read
		}
	}
	return items
}

export function isQuotaExceeded(error: unknown) {
	if (typeof error !== 'object' || error === null) return false
	const { name, code } = error as { name?: unknown; code?: unknown }
	// Chrome/Safari: QuotaExceededError (code 22); old Firefox: NS_ERROR_DOM_QUOTA_REACHED (code 1014).
	return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
}

/**
 * Saves the cart. On a storage quota error the stored cart is removed and 'quota-exceeded' is
 * returned, so the caller clears the cart and tells the visitor ('Coș resetat').
 */
export function writeCart(storage: CartStorage, items: readonly CartItem[]): 'saved' | 'quota-exceeded' | 'unavailable' {
	try {
		storage.setItem(CART_STORAGE_KEY, JSON.stringify(items))
		return 'saved'
	} catch (error) {
		if (!isQuotaExceeded(error)) return 'unavailable'
		try {
			storage.removeItem(CART_STORAGE_KEY)
		} catch {
			// nothing more to do
		}
		return 'quota-exceeded'
	}
}
