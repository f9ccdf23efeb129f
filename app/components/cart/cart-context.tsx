import { createContext, use, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { cartCount, cartTotalCents, type NewCartItem } from '#domain/cart.ts'
import { createCartStore, SERVER_CART_STATE, type CartStore } from '#app/lib/cart/store.ts'
import { notify } from '../toasts.tsx'

const CartStoreContext = createContext<CartStore | null>(null)

function browserStorage() {
	try {
		return typeof window === 'undefined' ? null : window.localStorage
	} catch {
		return null
	}
}

/**
 * Holds the one cart of the app. The server (and the first browser render) see an empty,
 * not-ready cart; the stored cart is read just after hydration, so the HTML always matches.
 */
export function CartProvider({ children }: { children: React.ReactNode }) {
	const { t } = useTranslation()
	const [store] = useState(() =>
		createCartStore({
			storage: browserStorage,
			onQuotaExceeded: () => notify({ type: 'error', title: t('cart.resetTitle'), description: t('cart.resetDescription') }),
		}),
	)
	useEffect(() => {
		// A page's first localStorage read is slow (the browser loads the site's storage then): it gets a
		// task of its own after hydration's effects, not a share of theirs. A change before it reads it first.
		const loading = setTimeout(store.load, 0)
		const onStorage = (event: StorageEvent) => {
			if (event.storageArea === null || event.storageArea === browserStorage()) store.receiveExternal(event.key, event.newValue)
		}
		const onHide = () => store.flush()
		window.addEventListener('storage', onStorage)
		window.addEventListener('pagehide', onHide)
		return () => {
			clearTimeout(loading)
			window.removeEventListener('storage', onStorage)
			window.removeEventListener('pagehide', onHide)
			store.flush()
		}
	}, [store])
	return <CartStoreContext value={store}>{children}</CartStoreContext>
}

const noStore: CartStore = {
	getSnapshot: () => SERVER_CART_STATE,
	subscribe: () => () => undefined,
	dispatch: () => undefined,
	load: () => undefined,
	receiveExternal: () => undefined,
	flush: () => undefined,
	forget: () => undefined,
	dispose: () => undefined,
}

/** The cart and its actions; each action shows the spec's toast. */
export function useCart() {
	const store = use(CartStoreContext) ?? noStore
	const { t } = useTranslation()
	const state = useSyncExternalStore(store.subscribe, store.getSnapshot, () => SERVER_CART_STATE)
	const actions = useMemo(
		() => ({
			add(item: NewCartItem, quantity = 1) {
				store.dispatch({ type: 'add', item, quantity })
				notify({ type: 'success', title: t('cart.addedTitle'), description: t('cart.addedDescription') })
			},
			setQuantity(id: string, quantity: number) {
				store.dispatch({ type: 'setQuantity', id, quantity })
				notify({ type: 'success', title: quantity > 0 ? t('cart.updated') : t('cart.removed') })
			},
			remove(id: string) {
				store.dispatch({ type: 'remove', id })
				notify({ type: 'success', title: t('cart.removed') })
			},
			clear() {
				store.dispatch({ type: 'clear' })
				notify({ type: 'success', title: t('cart.cleared') })
			},
			/** After a paid order: empties the cart and its stored key, without a toast (the payment page has its own). */
			clearAfterPayment() {
				store.forget()
			},
		}),
		[store, t],
	)
	return {
		items: state.items,
		ready: state.ready,
		count: cartCount(state.items),
		totalCents: cartTotalCents(state.items),
		...actions,
	}
}
