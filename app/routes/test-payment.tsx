import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, Form, redirect, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { loadTestPayment, submitTestCard } from '#server/orders/test-payment.ts'
import { localizedPath } from '#domain/i18n/paths.ts'
import { formatEuro } from '#domain/money.ts'
import { formError, parseSubmission } from '#domain/forms/submission.ts'
import { testCardSchema } from '#domain/forms/test-card.ts'
import { isRejected, rejectSubmission, useSubmissionToast, type RejectedSubmission } from '#app/lib/forms/submission.ts'
import type { Route } from './+types/test-payment'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const payment = await loadTestPayment(app, params.sessionId)
	if (!payment) throw data(null, { status: 404 })
	if (payment.state === 'paid') throw redirect(localizedPath(app.locale, `/payment-success?session_id=${encodeURIComponent(payment.sessionId)}`))
	const t = serverI18n(app.locale).getFixedT(app.locale)
	return { payment, locale: app.locale, meta: { title: `${t('testPayment.badge')} · ${t('testPayment.title')} | ${t('meta.siteName')}` } }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: loaderData?.meta.title }, { name: 'robots', content: 'noindex' }]
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const app = getApp(context)
	const result = await submitTestCard(app, params.sessionId, parseSubmission(testCardSchema, await readFormData(request)))
	if (!result) throw data(null, { status: 404 })
	if (result.kind === 'paid') throw redirect(result.redirectTo)
	// The card fields are never sent back.
	if (result.kind === 'invalid') return rejectSubmission(result.errors)
	// A declined card or an ended session: the same refusal shape, and the form makes way for the way back to the cart.
	const errors = formError(result.kind === 'declined' ? 'testPayment.declined' : 'testPayment.expired')
	return data<RejectedSubmission & { declined: true }>({ errors, values: {}, declined: true }, { status: 402 })
}

const input = 'mt-1 w-full rounded-lg border border-muted/40 bg-white px-3 py-2 font-mono'

export default function TestPayment({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const { payment, locale } = loaderData
	const busy = useNavigation().state === 'submitting'
	const rejected = isRejected(actionData) ? actionData : null
	const open = payment.state === 'open' && !(actionData && 'declined' in actionData)
	useSubmissionToast(actionData, t(open ? 'form.validationTitle' : 'error.title'), t)
	return (
		<div className="mx-auto max-w-lg px-4 py-10">
			<p className="notice-warning border-2 border-dashed border-warning py-2 text-center text-sm font-bold tracking-widest">{t('testPayment.badge')}</p>
			<h1 className="mt-6 font-serif text-3xl">{t('testPayment.title')}</h1>
			<p className="mt-3 text-sm text-muted">{t('testPayment.notice')}</p>
			<section className="mt-6 rounded-xl border border-sand bg-white p-4" aria-label={t('testPayment.amount')}>
				<ul className="space-y-1 text-sm">
					{payment.items.map((item, index) => (
						<li key={index} className="flex justify-between gap-4">
							<span>
								{item.quantity} × {item.name}
							</span>
							<span>{formatEuro(item.totalCents, locale)}</span>
						</li>
					))}
					{payment.shippingCents > 0 ? (
						<li className="flex justify-between gap-4">
							<span>{t('checkout.shipping')}</span>
							<span>{formatEuro(payment.shippingCents, locale)}</span>
						</li>
					) : null}
					{payment.discount ? (
						<li className="flex justify-between gap-4" data-testid="test-payment-discount">
							<span>
								{t(payment.discount.kind === 'free_shipping' ? 'checkout.discount.freeShipping' : 'checkout.discount.line', { code: payment.discount.code })}
							</span>
							<span>−{formatEuro(payment.discount.cents, locale)}</span>
						</li>
					) : null}
				</ul>
				<p className="mt-3 flex justify-between border-t border-sand pt-3 font-semibold">
					<span>{t('testPayment.amount')}</span>
					<span data-testid="test-payment-amount">{formatEuro(payment.totalCents, locale)}</span>
				</p>
				<p className="mt-1 text-sm text-muted">
					{t('testPayment.email')}: {payment.email}
				</p>
			</section>
			{rejected?.errors.formError ? (
				<p role="alert" className="mt-6 notice-danger">
					{t(rejected.errors.formError)}
				</p>
			) : null}
			{open ? (
				<Form method="post" className="mt-6 space-y-4" noValidate>
					<div>
						<label htmlFor="card-number" className="block text-sm font-medium">
							{t('testPayment.cardNumber')}
						</label>
						<input id="card-number" name="cardNumber" inputMode="numeric" autoComplete="off" placeholder="4242 4242 4242 4242" required className={input} />
					</div>
					<div className="grid grid-cols-2 gap-4">
						<div>
							<label htmlFor="card-expiry" className="block text-sm font-medium">
								{t('testPayment.expiry')}
							</label>
							<input id="card-expiry" name="expiry" autoComplete="off" placeholder="12/34" required className={input} />
						</div>
						<div>
							<label htmlFor="card-cvc" className="block text-sm font-medium">
								{t('testPayment.cvc')}
							</label>
							<input id="card-cvc" name="cvc" inputMode="numeric" autoComplete="off" placeholder="123" required className={input} />
						</div>
					</div>
					<div>
						<label htmlFor="card-name" className="block text-sm font-medium">
							{t('testPayment.name')}
						</label>
						<input id="card-name" name="name" autoComplete="off" required maxLength={100} className={input.replace(' font-mono', '')} />
					</div>
					<button type="submit" disabled={busy} className="w-full btn-primary">
						{busy ? t('testPayment.paying') : t('testPayment.pay', { amount: formatEuro(payment.totalCents, locale) })}
					</button>
					<p className="text-center text-sm">
						<Link to={lp('/cart')} className="underline hover:text-clay-dark">
							{t('testPayment.cancel')}
						</Link>
					</p>
				</Form>
			) : (
				<div className="mt-6">
					{!actionData ? <p role="alert">{t('testPayment.expired')}</p> : null}
					<Link to={lp('/cart')} className="mt-4 btn-primary">
						{t('testPayment.backToCart')}
					</Link>
				</div>
			)}
		</div>
	)
}
