import { createContext, use, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { cartCount, cartTotalCents, type CartItem, type CartPrice, type NewCartItem } from '#domain/cart.ts'
import { createCartStore, SERVER_CART_STATE, type CartStore } from '#app/lib/cart/store.ts'
import { notify } from '../toasts.tsx'

const CartStoreContext = createContext<CartStore | null>(null)
/** The cart's product names in the page's language, as the server names them (ADR 0134), and their prices now (ADR 0245): by id. */
type CatalogueLines = { names: Record<string, string>; prices: Record<string, CartPrice> }
const CartNamesContext = createContext<CatalogueLines>({ names: {}, prices: {} })

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
	const names = useCatalogueNames(store)
	return (
		<CartStoreContext value={store}>
			<CartNamesContext value={names}>{children}</CartNamesContext>
		</CartStoreContext>
	)
}

/**
 * Asks the server once per language for the names and prices of the cart's products it has not
 * named yet: a line keeps the name and price it was added with until then, so a visitor who changes
 * language reads their cart in the new one (ADR 0134), and a sale that started or ended since the
 * line was added shows its price (ADR 0245). A failed request leaves the stored ones.
 */
function useCatalogueNames(store: CartStore): CatalogueLines {
	const { i18n } = useTranslation()
	const locale = i18n.language
	const state = useSyncExternalStore(store.subscribe, store.getSnapshot, () => SERVER_CART_STATE)
	const [named, setNamed] = useState<{ locale: string } & CatalogueLines>({ locale: '', names: {}, prices: {} })
	const lines = useMemo<CatalogueLines>(
		() => (named.locale === locale ? { names: named.names, prices: named.prices } : { names: {}, prices: {} }),
		[named, locale],
	)
	const names = lines.names
	const missing = state.items.flatMap((item) => (item.line.kind === 'product' && !(item.line.productId in names) ? [item.line.productId] : []))
	const wanted = [...new Set(missing)].sort().join(',')
	useEffect(() => {
		if (!wanted) return
		const query = new URLSearchParams([['lang', locale], ...wanted.split(',').map((id) => ['id', id])])
		let current = true
		fetch(`/api/cart/names?${query}`)
			.then((response) => (response.ok ? (response.json() as Promise<CatalogueLines>) : null))
			.then((answer) => {
				if (!current || !answer) return
				// Ids the server does not know stay named as stored; they are not asked for again.
				const known = Object.fromEntries(wanted.split(',').map((id) => [id, answer.names[id] ?? '']))
				setNamed((previous) => {
					const kept = previous.locale === locale ? previous : { names: {}, prices: {} }
					return { locale, names: { ...kept.names, ...known }, prices: { ...kept.prices, ...(answer.prices ?? {}) } }
				})
			})
			.catch(() => undefined)
		return () => {
			current = false
		}
	}, [wanted, locale])
	return lines
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
	const { names, prices } = use(CartNamesContext)
	// Each line named in the page's language: a portrait from its size, a product as the catalogue names it,
	// and priced as the server prices it now (a sale may have started or ended since it was added).
	const items = useMemo(
		() =>
			state.items.map((item): CartItem => {
				if (item.line.kind === 'portrait') return { ...item, name: t('checkout.portraitName', { size: item.line.options.size }) }
				const name = names[item.line.productId]
				const price = prices[item.line.productId]
				return { ...item, ...(name ? { name } : {}), ...(price ? { price: price.cents, sale: price.sale } : {}) }
			}),
		[state.items, names, prices, t],
	)
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
			/** A checkout reminder's link (ADR 0269): these lines take the place of the cart's lines of the same products; the others stay. */
			restore(restored: CartItem[]) {
				if (!store.getSnapshot().ready) store.load()
				const ids = new Set(restored.map((item) => item.id))
				store.dispatch({ type: 'replace', items: [...store.getSnapshot().items.filter((item) => !ids.has(item.id)), ...restored] })
			},
			/** After a paid order: empties the cart and its stored key, without a toast (the payment page has its own). */
			clearAfterPayment() {
				store.forget()
			},
		}),
		[store, t],
	)
	return {
		items,
		ready: state.ready,
		count: cartCount(state.items),
		totalCents: cartTotalCents(state.items),
		...actions,
	}
}
