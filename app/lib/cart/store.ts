import { CART_SAVE_DELAY_MS, CART_STORAGE_KEY, cartReducer, type CartAction, type CartItem } from '#domain/cart.ts'
import { parseStoredCart, readCart, writeCart, type CartStorage } from './persistence.ts'

export type CartState = {
	items: CartItem[]
	/** False until the browser has read the stored cart (always false on the server). */
	ready: boolean
}

/** What the server renders and the browser hydrates with: a neutral, not-yet-loaded cart. */
export const SERVER_CART_STATE: CartState = Object.freeze({ items: [], ready: false }) as CartState

export type CartStore = {
	getSnapshot(): CartState
	subscribe(listener: () => void): () => void
	dispatch(action: CartAction): void
	/** Reads the stored cart; a corrupt value is discarded. A change (dispatch) before it reads it first. */
	load(): void
	/** Another tab changed the stored cart (the `storage` event): take its value without saving it back. */
	receiveExternal(key: string | null, newValue: string | null): void
	/** Saves a pending change now (e.g. when the page is hidden). */
	flush(): void
	/** Empties the cart and removes the stored key at once (after a paid order): nothing is left to save. */
	forget(): void
	dispose(): void
}

/**
 * The one cart of the app. Changes are saved `delayMs` after the last one (500 ms by default);
 * a storage quota error empties the cart and calls onQuotaExceeded so the visitor is told.
 */
export function createCartStore(options: { storage: () => CartStorage | null; delayMs?: number; onQuotaExceeded?: () => void }): CartStore {
	const delayMs = options.delayMs ?? CART_SAVE_DELAY_MS
	let state: CartState = SERVER_CART_STATE
	let timer: ReturnType<typeof setTimeout> | undefined
	const listeners = new Set<() => void>()

	const set = (next: CartState) => {
		if (next === state) return
		state = next
		for (const listener of listeners) listener()
	}

	const save = () => {
		timer = undefined
		const storage = options.storage()
		if (!storage) return
		if (writeCart(storage, state.items) === 'quota-exceeded') {
			set({ items: [], ready: true })
			options.onQuotaExceeded?.()
		}
	}

	const load = () => {
		const storage = options.storage()
		set({ items: storage ? readCart(storage) : [], ready: true })
	}

	return {
		getSnapshot: () => state,
		subscribe(listener) {
			listeners.add(listener)
			return () => listeners.delete(listener)
		},
		dispatch(action) {
			// The stored cart is read just after hydration; a change made before applies to it, not to an empty cart.
			if (!state.ready) load()
			const items = cartReducer(state.items, action)
			if (items === state.items) return
			set({ items, ready: true })
			if (timer !== undefined) clearTimeout(timer)
			timer = setTimeout(save, delayMs)
		},
		load,
		receiveExternal(key, newValue) {
			// key null: the other tab cleared all of localStorage.
			if (key !== null && key !== CART_STORAGE_KEY) return
			if (timer !== undefined) {
				// A local change is waiting to be saved: it is newer, and will overwrite the other tab's value.
				return
			}
			set({ items: parseStoredCart(newValue) ?? [], ready: true })
		},
		flush() {
			if (timer === undefined) return
			clearTimeout(timer)
			save()
		},
		forget() {
			if (timer !== undefined) clearTimeout(timer)
			timer = undefined
			try {
				options.storage()?.removeItem(CART_STORAGE_KEY)
			} catch {
				// storage unavailable: nothing stored to remove
			}
			set({ items: [], ready: true })
		},
		dispose() {
			if (timer !== undefined) clearTimeout(timer)
			timer = undefined
			listeners.clear()
		},
	}
}
