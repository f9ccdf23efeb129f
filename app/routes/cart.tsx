import { languageAlternates } from '#server/seo.ts'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Link } from '#app/components/link.tsx'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { useCart } from '#app/components/cart/cart-context.tsx'
import { CartLine } from '#app/components/cart/cart-lines.tsx'
import { formatEuro } from '#domain/money.ts'
import { countryName, defaultCountry, orderWeightGrams, shippingCents } from '#domain/shipping.ts'
import { connectionCountry, loadShippingConfig, productWeights } from '#server/shipping/rates.ts'
import { useState } from 'react'
import { keepPortraitPhoto } from '#app/lib/cart/kept-photo.ts'
import type { Route } from './+types/cart'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { alternateLinks } from '#app/lib/seo.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	// What checkout will first charge for shipping: the same rates, weights and first country (ADR 0242).
	const [shipping, weights] = await Promise.all([loadShippingConfig(app.db, app.env), productWeights(app.db)])
	return {
		shipping: { zones: shipping.zones, country: defaultCountry(shipping.countries, { country: connectionCountry(request), locale: app.locale }) },
		weights,
		meta: {
			title: `${t('cart.title')} | ${t('meta.siteName')}`,
			description: t('cart.metaDescription'),
			alternates: languageAlternates(getApp(context).env.PUBLIC_URL, '/cart'),
		},
	}
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [
		{ title: loaderData.meta.title },
		{ name: 'description', content: loaderData.meta.description },
		{ name: 'robots', content: 'noindex' },
		...alternateLinks(loaderData?.meta.alternates),
	]
}

/** The cart lives in the browser: the server renders a neutral "loading" state, the browser fills it in. */
export default function Cart({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const lp = useLocalizedPath()
	const { items, ready, totalCents, clear } = useCart()
	// Emptying the cart also loses the photos uploaded for its portraits: it is asked first.
	const [confirmingClear, setConfirmingClear] = useState(false)
	const { shipping, weights } = loaderData
	const weightGrams = orderWeightGrams(
		items.map((item) => ({ weightGrams: item.line.kind === 'product' ? (weights[item.line.productId] ?? null) : null, quantity: item.line.quantity })),
	)
	// The server's own rule (domain/shipping.ts) for checkout's first country; null when no rate applies there.
	const shippingQuote = shippingCents(shipping, shipping.country, { subtotalCents: totalCents, weightGrams })
	const hasPortrait = items.some((item) => item.line.kind === 'portrait')
	return (
		<div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
			<h1 className="font-serif text-3xl sm:text-4xl">{t('cart.title')}</h1>
			{!ready ? (
				<p role="status" className="mt-8 text-muted">
					{t('cart.loading')}
				</p>
			) : items.length === 0 ? (
				<div className="mt-10 rounded-2xl bg-white px-6 py-12 text-center shadow-sm">
					<h2 className="font-serif text-2xl">{t('cart.empty')}</h2>
					<p className="mt-2 text-muted">{t('cart.emptyText')}</p>
					<Link to={lp('/catalog')} className="mt-6 btn-primary">
						{t('cart.toCatalog')}
					</Link>
				</div>
			) : (
				<div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
					<section aria-labelledby="cart-lines-title" className="rounded-2xl bg-white px-5 shadow-sm">
						<h2 id="cart-lines-title" className="sr-only">
							{t('cart.product')}
						</h2>
						<ul className="divide-y divide-sand">
							{items.map((line) => (
								<CartLine key={line.id} line={line} showLineTotal />
							))}
						</ul>
					</section>
					<aside aria-labelledby="cart-summary-title" className="h-fit rounded-2xl bg-white p-5 shadow-sm">
						<h2 id="cart-summary-title" className="font-serif text-xl">
							{t('cart.summary')}
						</h2>
						<dl className="mt-4 space-y-2 text-sm">
							<div className="flex justify-between gap-4">
								<dt>{t('cart.subtotal')}</dt>
								<dd data-testid="cart-subtotal" className="tabular-nums">
									{formatEuro(totalCents, i18n.language)}
								</dd>
							</div>
							<div className="flex justify-between gap-4">
								<dt>{shippingQuote === null ? t('cart.shipping') : t('cart.shippingTo', { country: countryName(shipping.country, i18n.language) })}</dt>
								<dd data-testid="cart-shipping" className="text-right text-muted">
									{shippingQuote === null
										? t('cart.shippingAtCheckout')
										: shippingQuote === 0
											? t('cart.shippingFree')
											: formatEuro(shippingQuote, i18n.language)}
								</dd>
							</div>
							<div className="flex justify-between gap-4 border-t border-sand pt-3 text-base font-semibold">
								<dt>{t('cart.total')}</dt>
								<dd data-testid="cart-total" className="tabular-nums">
									{formatEuro(totalCents + (shippingQuote ?? 0), i18n.language)}
								</dd>
							</div>
						</dl>
						{shippingQuote === null ? null : <p className="mt-2 text-xs text-muted">{t('cart.shippingOtherCountry')}</p>}
						<Link to={lp('/checkout')} className="mt-6 w-full btn-primary">
							{t('cart.checkout')}
						</Link>
						{confirmingClear ? (
							<div role="alertdialog" aria-labelledby="clear-cart-question" className="mt-3 notice-warning rounded-xl p-3 text-sm">
								<p id="clear-cart-question">{t(hasPortrait ? 'cart.clearConfirmPhotos' : 'cart.clearConfirm')}</p>
								<div className="mt-3 flex flex-wrap gap-2">
									<button
										type="button"
										onClick={() => {
											setConfirmingClear(false)
											// The customiser offers the portrait's photo again: emptying the cart does not throw it away.
											keepPortraitPhoto(items)
											clear()
										}}
										className="btn-danger px-4 py-2"
									>
										{t('cart.clearYes')}
									</button>
									<button type="button" autoFocus onClick={() => setConfirmingClear(false)} className="btn-secondary px-4 py-2">
										{t('cart.clearNo')}
									</button>
								</div>
							</div>
						) : (
							<button type="button" onClick={() => setConfirmingClear(true)} className="mt-3 btn-secondary w-full py-2 text-sm">
								{t('cart.clear')}
							</button>
						)}
					</aside>
				</div>
			)}
		</div>
	)
}
