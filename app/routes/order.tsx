import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { getCurrentUser } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { readOrderPage } from '#server/orders/order-page.ts'
import { OrderSummary } from '#app/components/orders/order-summary.tsx'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import type { Route } from './+types/order'

/** Never kept by a cache, never indexed, and its signed address never sent on as a referrer (ADR 0135). */
const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' }

/**
 * One order for its owner (ADR 0135): signed in as the account that placed it, or holding the
 * signed link from the order's emails. Anyone else, and any unknown id, gets the same 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const key = new URL(request.url).searchParams.get('key')
	const order = await readOrderPage(app.db, app.secret, params.id, { userId: getCurrentUser(context)?.id ?? null, key }, app.locale)
	if (!order) throw data(null, { status: 404, headers: PRIVATE_HEADERS })
	const t = serverI18n(app.locale).getFixedT(app.locale)
	const dates = new Intl.DateTimeFormat(app.locale === 'en' ? 'en-GB' : app.locale === 'ro' ? 'ro-RO' : 'es-ES', {
		dateStyle: 'long',
		timeZone: 'Europe/Bucharest',
	})
	const { createdAt, ...rest } = order
	return data(
		{
			order: { ...rest, createdAt: createdAt.toISOString(), date: dates.format(createdAt) },
			signedIn: getCurrentUser(context) !== null,
			meta: { title: `${t('orderPage.metaTitle', { number: order.number })} | ${t('meta.siteName')}` },
		},
		{ headers: PRIVATE_HEADERS },
	)
}

export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
	const merged = new Headers(parentHeaders)
	for (const [name, value] of Object.entries(PRIVATE_HEADERS)) merged.set(name, loaderHeaders.get(name) ?? value)
	return merged
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: loaderData?.meta.title }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'no-referrer' }]
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const { order, signedIn } = loaderData
	return (
		<div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:py-14">
			<div>
				<h1 className="font-serif text-3xl">{t('orderPage.title', { number: order.number })}</h1>
				<p className="mt-2 text-sm text-muted">
					{t('orderPage.placedOn')} <time dateTime={order.createdAt}>{order.date}</time>
				</p>
			</div>
			<OrderSummary order={order} />
			{signedIn ? (
				<p>
					<Link to={lp('/account')} className="underline hover:text-clay-dark">
						{t('orderPage.backToAccount')}
					</Link>
				</p>
			) : null}
		</div>
	)
}
