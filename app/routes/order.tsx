import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { getCurrentUser } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { documentsOfOrders } from '#server/invoices/documents.ts'
import { isExpiredOrderLink, readOrderPage } from '#server/orders/order-page.ts'
import { localizedPath } from '#domain/i18n/paths.ts'
import { OrderSummary } from '#app/components/orders/order-summary.tsx'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { PRIVATE_HEADERS, privatePageHeaders, privatePageMeta } from '#app/lib/private-page.ts'
import type { Route } from './+types/order'

/**
 * One order for its owner (ADR 0135): signed in as the account that placed it, or holding the
 * signed link from the order's emails. Anyone else, and any unknown id, gets the same 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const key = new URL(request.url).searchParams.get('key')
	const order = await readOrderPage(app.db, app.secret, params.id, { userId: getCurrentUser(context)?.id ?? null, key }, app.locale)
	const t = serverI18n(app.locale).getFixedT(app.locale)
	if (!order && (await isExpiredOrderLink(app.db, app.secret, params.id, key))) {
		// A genuine link past its time (ADR 0168): said so, with the ways that still work; 410, nothing of the order shown.
		return data(
			{ expired: true as const, meta: { title: `${t('orderPage.linkExpiredTitle')} | ${t('meta.siteName')}` } },
			{ status: 410, headers: PRIVATE_HEADERS },
		)
	}
	if (!order) throw data(null, { status: 404, headers: PRIVATE_HEADERS })
	const dates = new Intl.DateTimeFormat(app.locale === 'en' ? 'en-GB' : app.locale === 'ro' ? 'ro-RO' : 'es-ES', {
		dateStyle: 'long',
		timeZone: 'Europe/Bucharest',
	})
	const { createdAt, ...rest } = order
	// Its invoice and credit notes, downloaded with the same right as the page (ADR 0155): the link's key goes along.
	const documents = (await documentsOfOrders(app.db, [order.id])).map((document) => ({
		number: document.number,
		kind: document.kind,
		href: `${localizedPath(app.locale, `/order/${order.id}/documents/${document.number}.pdf`)}${key ? `?key=${encodeURIComponent(key)}` : ''}`,
	}))
	return data(
		{
			expired: false as const,
			order: { ...rest, createdAt: createdAt.toISOString(), date: dates.format(createdAt) },
			documents,
			signedIn: getCurrentUser(context) !== null,
			meta: { title: `${t('orderPage.metaTitle', { number: order.number })} | ${t('meta.siteName')}` },
		},
		{ headers: PRIVATE_HEADERS },
	)
}

/** Never kept by a cache, never indexed, and its signed address never sent on as a referrer (ADR 0135). */
export const headers = privatePageHeaders

export function meta({ loaderData }: Route.MetaArgs) {
	return privatePageMeta(loaderData?.meta.title)
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	if (loaderData.expired)
		return (
			<div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:py-14">
				<h1 className="font-serif text-3xl">{t('orderPage.linkExpiredTitle')}</h1>
				<p>{t('orderPage.linkExpiredText')}</p>
				<p className="flex flex-wrap gap-4">
					<Link to={lp('/login')} className="underline hover:text-clay-dark">
						{t('orderPage.linkExpiredSignIn')}
					</Link>
					<Link to={lp('/contact')} className="underline hover:text-clay-dark">
						{t('orderPage.linkExpiredContact')}
					</Link>
				</p>
			</div>
		)
	const { order, documents, signedIn } = loaderData
	return (
		<div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:py-14">
			<div>
				<h1 className="font-serif text-3xl">{t('orderPage.title', { number: order.number })}</h1>
				<p className="mt-2 text-sm text-muted">
					{t('orderPage.placedOn')} <time dateTime={order.createdAt}>{order.date}</time>
				</p>
			</div>
			<OrderSummary order={order} />
			{documents.length ? (
				<section aria-labelledby="order-documents" className="rounded-2xl border border-sand bg-white p-5 sm:p-6">
					<h2 id="order-documents" className="font-serif text-xl">
						{t('orderPage.documents')}
					</h2>
					<ul className="mt-3 space-y-2 text-sm">
						{documents.map((document) => (
							<li key={document.number}>
								<a href={document.href} download className="break-words underline hover:text-clay-dark" data-testid="order-document">
									{t(document.kind === 'invoice' ? 'account.invoice' : 'account.creditNote', { number: document.number })}
								</a>
							</li>
						))}
					</ul>
				</section>
			) : null}
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
