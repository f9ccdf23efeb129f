import { useEffect, useRef } from 'react'
import { data, useNavigate } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { useCart } from '#app/components/cart/cart-context.tsx'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { isUuid } from '#domain/ids.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { isCartLinkKey, restoredCartItems } from '#server/marketing/checkout-reminders.ts'
import { reminderT } from '#server/marketing/reminder-texts.ts'
import type { Route } from './+types/cart.restore'

/**
 * The link of an unfinished checkout's one reminder (ADR 0269): /{lang}/cart/restore?order=…&key=…,
 * signed with the app secret. The order's products that can still be bought go back into the
 * browser's cart (which lives in the browser), then the cart opens. Any other link changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = reminderT(app.locale)
	const query = new URL(request.url).searchParams
	const orderId = query.get('order')?.toLowerCase() ?? ''
	const valid = isUuid(orderId) && isCartLinkKey(app.secret, orderId, query.get('key'))
	const items = valid ? await restoredCartItems(app.db, orderId, app.locale) : null
	const texts = {
		title: t('cartRestore.title'),
		message: !items ? t('cartRestore.invalid') : items.length === 0 ? t('cartRestore.empty') : t('cartRestore.restoring'),
		goToCart: t('cartRestore.goToCart'),
	}
	const pageTitle = `${texts.title} | ${serverI18n(app.locale).t('meta.siteName')}`
	return data({ items, texts, pageTitle }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** The answer names a customer's order: never stored by a cache. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
	return loaderHeaders
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: loaderData?.pageTitle }, { name: 'robots', content: 'noindex' }]
}

export default function CartRestore({ loaderData }: Route.ComponentProps) {
	const lp = useLocalizedPath()
	const navigate = useNavigate()
	const { ready, restore } = useCart()
	const { items, texts } = loaderData
	const done = useRef(false)
	useEffect(() => {
		if (!ready || done.current || !items || items.length === 0) return
		done.current = true
		restore(items)
		void navigate(lp('/cart'), { replace: true })
	}, [ready, items, restore, navigate, lp])
	return (
		<div className="mx-auto max-w-xl px-4 py-16 text-center">
			<h1 className="font-serif text-3xl">{texts.title}</h1>
			<p role="status" className="mt-6 text-lg">
				{texts.message}
			</p>
			<Link to={lp('/cart')} className="mt-8 btn-primary">
				{texts.goToCart}
			</Link>
		</div>
	)
}
