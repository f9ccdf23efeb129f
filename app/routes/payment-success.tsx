import { Suspense, useEffect } from 'react'
import { CHECKOUT_FORM_STORAGE_KEY } from '#domain/forms/checkout-fields.ts'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Await } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { getCurrentUser } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { loadOrderView, orderPagePath } from '#server/orders/order-page.ts'
import { verifyPaymentSession } from '#server/orders/payment-verification.ts'
import { paymentDeps } from '#server/orders/test-payment.ts'
import { redirectWithToast } from '#server/toast.ts'
import { useCart } from '#app/components/cart/cart-context.tsx'
import { notify } from '#app/components/toasts.tsx'
import { OrderSummary, type OrderSummaryData } from '#app/components/orders/order-summary.tsx'
import type { Route } from './+types/payment-success'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

type Verification = {
	state: 'paid' | 'processing' | 'pending' | 'failed' | 'refunded' | 'error'
	orderNumber: string | null
	/** The order, for the one who holds its payment session (paid or settling): lines, total, address, what comes next. */
	order?: OrderSummaryData | null
	/** Its page, by the signed link the emails carry (ADR 0135). */
	orderPath?: string | null
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).getFixedT(app.locale)
	const sessionId = new URL(request.url).searchParams.get('session_id')?.trim()
	if (!sessionId || sessionId.length > 300) {
		throw await redirectWithToast(app, '/cart', { type: 'error', title: t('payment.invalidSession') })
	}
	// Streamed: the page shows "verifying" at once and the outcome when the provider has answered.
	const verification: Promise<Verification> = (async () => {
		if (!app.payments) return { state: 'error', orderNumber: null }
		try {
			const result = await verifyPaymentSession(paymentDeps(app), app.payments, sessionId, { clientIp: app.clientIp })
			if (result.state === 'unknown') return { state: 'error', orderNumber: null }
			const placed = (result.state === 'paid' || result.state === 'processing') && result.orderId
			const order = placed ? await loadOrderView(app.db, app.secret, result.orderId!, app.locale) : null
			return {
				state: result.state,
				orderNumber: result.orderId?.slice(0, 8) ?? null,
				order: order ? { ...order, createdAt: order.createdAt.toISOString() } : null,
				orderPath: order ? orderPagePath(order.id, app.secret) : null,
			}
		} catch (error) {
			app.log.warn({ err: error, sessionId }, 'payment verification failed')
			return { state: 'error', orderNumber: null }
		}
	})()
	// A guest has no account to look in: their order's own page is linked instead (ADR 0135).
	return { verification, signedIn: getCurrentUser(context) !== null, meta: { title: `${t('payment.title')} | ${t('meta.siteName')}` } }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: loaderData?.meta.title }, { name: 'robots', content: 'noindex' }]
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	return (
		<div className="mx-auto max-w-3xl px-4 py-16 text-center">
			<Suspense
				fallback={
					<p role="status" className="text-lg">
						<span
							aria-hidden="true"
							className="mr-2 inline-block size-4 animate-spin rounded-full border-2 border-clay-dark border-t-transparent align-middle"
						/>
						{t('payment.verifying')}
					</p>
				}
			>
				<Await resolve={loaderData.verification}>{(verification) => <Outcome verification={verification} />}</Await>
			</Suspense>
			{/* The order's page is the main action (above, with the order); these are the ways on. */}
			<div className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-3">
				{loaderData.signedIn ? (
					<Link to={lp('/account')} className="btn-secondary">
						{t('payment.viewOrders')}
					</Link>
				) : null}
				<Link to={lp('/catalog')} className="font-semibold text-clay-dark underline underline-offset-4 hover:text-ink">
					{t('payment.continueShopping')}
				</Link>
			</div>
		</div>
	)
}

function Outcome({ verification }: { verification: Verification }) {
	const { t } = useTranslation()
	const { clearAfterPayment } = useCart()
	const paid = verification.state === 'paid'
	useEffect(() => {
		if (!paid) return
		clearAfterPayment()
		try {
			window.localStorage.removeItem(CHECKOUT_FORM_STORAGE_KEY)
		} catch {
			// storage refused: nothing was kept
		}
		notify({ type: 'success', title: t('payment.successToast') })
	}, [paid, t, clearAfterPayment])
	if (paid) {
		return (
			<div data-testid="payment-outcome" data-state="paid">
				<h1 className="font-serif text-3xl">{t('payment.successTitle')}</h1>
				<p className="mt-4 text-muted">{t('payment.successText')}</p>
				{verification.orderNumber ? <p className="mt-2 font-medium">{t('payment.orderNumber', { number: verification.orderNumber })}</p> : null}
				<OrderDetails verification={verification} />
			</div>
		)
	}
	if (verification.state === 'error') {
		return (
			<div data-testid="payment-outcome" data-state="error">
				<h1 className="font-serif text-3xl">{t('payment.processedTitle')}</h1>
				<p role="alert" className="mt-4 text-danger">
					{t('payment.verifyFailed')}
				</p>
			</div>
		)
	}
	// A delayed payment (bank transfer, SEPA debit) is on its way; a refunded one came for units sold out meanwhile.
	const text =
		verification.state === 'processing' ? 'payment.processingText' : verification.state === 'refunded' ? 'payment.refundedText' : 'payment.processedText'
	return (
		<div data-testid="payment-outcome" data-state={verification.state}>
			<h1 className="font-serif text-3xl">{t('payment.processedTitle')}</h1>
			<p className="mt-4 text-muted">{t(text)}</p>
			<OrderDetails verification={verification} />
		</div>
	)
}

/** The order just paid for and a link to its page (ADR 0135). */
function OrderDetails({ verification }: { verification: Verification }) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	if (!verification.order) return null
	return (
		<div className="mt-8">
			<OrderSummary order={verification.order} />
			{verification.orderPath ? (
				<p className="mt-6">
					<Link to={lp(verification.orderPath)} className="btn-primary">
						{t('payment.viewOrder')}
					</Link>
				</p>
			) : null}
		</div>
	)
}
