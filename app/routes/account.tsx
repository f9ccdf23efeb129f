import { languageAlternates } from '#server/seo.ts'
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, Form, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { isRejected, rejectRefusal, rejectSubmission, useSubmissionToast } from '#app/lib/forms/submission.ts'
import { formError, parseSubmission } from '#domain/forms/submission.ts'
import { deleteAccount, listOwnOrders } from '#server/account/account-data.ts'
import { orderOwner } from '#server/orders/order-page.ts'
import { changePassword, clearSessionCookies, resendVerificationEmail, verifyPassword } from '#server/auth/accounts.ts'
import { guardedUser, userOnly } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { documentsOfOrders } from '#server/invoices/documents.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { redirectWithToast } from '#server/toast.ts'
import { Field } from '#app/components/account/field.tsx'
import { notify, SUBMISSION_RESULT } from '#app/components/toasts.tsx'
import type { OrderStatus, PaymentStatus } from '#domain/enums.ts'
import { orderStillToShip } from '#domain/order-retention.ts'
import { PASSWORD_MAX } from '#domain/forms/auth-limits.ts'
import { accountFormSchema } from '#domain/forms/auth.ts'
import { formatEuro } from '#domain/money.ts'
import { pageHeadersWithActionHeaders } from '#server/http/action-headers.ts'
import type { Route } from './+types/account'
import { alternateLinks } from '#app/lib/seo.ts'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

/** Signed-in people only; the guard is this middleware, for the loader and the action. */
export const middleware: Route.MiddlewareFunction[] = [userOnly]

export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	const dates = new Intl.DateTimeFormat(app.locale === 'en' ? 'en-GB' : app.locale === 'ro' ? 'ro-RO' : 'es-ES', {
		dateStyle: 'long',
		timeZone: 'Europe/Bucharest',
	})
	const [orders, owner] = await Promise.all([listOwnOrders(app.db, user.id, app.locale), orderOwner(app.db, user.id)])
	const documents = await documentsOfOrders(
		app.db,
		orders.map((order) => order.id),
	)
	return {
		meta: { title: `${t('account.title')} | ${t('meta.siteName')}`, alternates: languageAlternates(getApp(context).env.PUBLIC_URL, '/account') },
		// Guest orders placed with the address join the account once it is verified (ADR 0265).
		user: { email: user.email, name: user.name, emailVerified: owner?.emailVerified ?? false },
		// Dates are formatted here, in the shop's time zone, so server and browser render the same text.
		orders: orders.map((order) => ({
			...order,
			createdAt: order.createdAt.toISOString(),
			date: dates.format(order.createdAt),
			// The order's invoice and credit notes, downloadable as PDF (ADR 0118).
			documents: documents.filter((d) => d.orderId === order.id).map((d) => ({ number: d.number, kind: d.kind })),
		})),
		/** Orders whose shipping details deleting the account would keep until they are fulfilled. */
		ordersToShip: orders.filter(orderStillToShip).length,
	}
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: loaderData?.meta.title }, { name: 'robots', content: 'noindex' }, ...alternateLinks(loaderData?.meta.alternates)]
}

type Intent = 'change-password' | 'delete-account' | 'resend-verification'
/** What comes back with a refusal: which form it was (never the passwords), and the figures a service message needs. */
type Kept = { intent: Intent; messageValues?: Record<string, string | number> }
const intentOf = (value: unknown): Intent => (value === 'delete-account' || value === 'resend-verification' ? value : 'change-password')

/** A throttled attempt posted without JavaScript keeps its Retry-After. */
export const headers = pageHeadersWithActionHeaders

export async function action({ request, context }: Route.ActionArgs) {
	const user = guardedUser(context)
	const app = getApp(context)
	const submission = parseSubmission(accountFormSchema, await readFormData(request))
	if (!submission.ok) return rejectSubmission(submission.errors, { intent: intentOf(submission.values.intent) } satisfies Kept)
	const input = submission.value
	if (input.intent === 'resend-verification') {
		const result = await resendVerificationEmail(app, request, user)
		if (!result.ok) return rejectRefusal(result, { intent: input.intent, messageValues: result.values } satisfies Kept)
		return { ok: true as const, intent: input.intent, message: 'account.verificationSent' }
	}
	if (input.intent === 'change-password') {
		const result = await changePassword(app, request, user.id, input)
		if (!result.ok) return rejectRefusal(result, { intent: input.intent, messageValues: result.values } satisfies Kept)
		return data(
			{ ok: true as const, intent: input.intent, message: 'account.passwordChanged' },
			{ headers: result.setCookies.map((cookie): [string, string] => ['Set-Cookie', cookie]) },
		)
	}
	// intent: delete-account
	if (!(await verifyPassword(app, request, user.id, input.password))) {
		return rejectSubmission(formError('account.wrongPassword', 'password'), { intent: input.intent } satisfies Kept)
	}
	const { keptForShipping } = await deleteAccount(app, user.id)
	app.log.info({ event: 'account-deleted', userId: user.id, keptForShipping }, 'account deleted at its owner’s request')
	const t = serverI18n(app.locale).t
	const cookies = await clearSessionCookies(app)
	return redirectWithToast(
		app,
		'/',
		{ type: 'success', title: t('account.deletedTitle'), description: t('account.deletedText') },
		{ headers: cookies.map((cookie): [string, string] => ['Set-Cookie', cookie]) },
	)
}

const STATUS_TONE: Record<OrderStatus, string> = {
	new: 'bg-info-soft text-info',
	processing: 'bg-warning-soft text-warning',
	shipped: 'bg-info-soft text-info',
	delivered: 'bg-success-soft text-success',
	cancelled: 'bg-sand text-muted',
}
const PAYMENT_TONE: Record<PaymentStatus, string> = {
	pending: 'bg-warning-soft text-warning',
	paid: 'bg-success-soft text-success',
	failed: 'bg-danger-soft text-danger',
	refunded: 'bg-sand text-muted',
}

function Badge({ className, children }: { className: string; children: React.ReactNode }) {
	return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${className}`}>{children}</span>
}

const section = 'rounded-2xl border border-sand bg-white p-5 sm:p-6'
const button = 'btn-primary px-5 py-2.5 text-sm'

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const navigation = useNavigation()
	const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
	const passwordForm = useRef<HTMLFormElement>(null)
	const { user, orders, ordersToShip } = loaderData

	const rejected = isRejected(actionData) ? actionData : null
	const kept = rejected?.values as Kept | undefined
	const done = actionData && !rejected && 'message' in actionData ? actionData : null
	const changed = done?.intent === 'change-password' ? done : null
	const verificationSent = done?.intent === 'resend-verification' ? done : null
	useSubmissionToast(actionData, t('error.title'), (message) => t(message, kept?.messageValues))
	useEffect(() => {
		if (!changed) return
		passwordForm.current?.reset()
		notify({ type: 'success', title: t('account.changePasswordTitle'), description: t(changed.message) }, { replaces: SUBMISSION_RESULT })
	}, [changed, t])

	const errorFor = (intent: Intent) =>
		rejected?.errors.formError && kept?.intent === intent ? (
			<p role="alert" className="notice-danger text-sm">
				{t(rejected.errors.formError, kept.messageValues)}
			</p>
		) : null

	return (
		<div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:py-14">
			<h1 className="font-serif text-3xl">{t('account.title')}</h1>

			<section aria-labelledby="account-details" className={section}>
				<h2 id="account-details" className="font-serif text-xl">
					{t('account.details')}
				</h2>
				<dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
					<dt className="text-muted">{t('account.email')}</dt>
					<dd className="break-all">{user.email}</dd>
					<dt className="text-muted">{t('account.name')}</dt>
					<dd>{user.name || t('account.noName')}</dd>
				</dl>
			</section>

			<section aria-labelledby="account-orders" className={section}>
				<h2 id="account-orders" className="font-serif text-xl">
					{t('account.ordersTitle')}
				</h2>
				{user.emailVerified ? null : (
					<VerifyEmailNote busy={busyIntent === 'resend-verification'} sent={verificationSent !== null} error={errorFor('resend-verification')} />
				)}
				{orders.length === 0 ? (
					<p className="mt-4 text-sm text-muted">{t('account.noOrders')}</p>
				) : (
					<ol className="mt-4 space-y-4">
						{orders.map((order) => (
							<AccountOrder key={order.id} order={order} />
						))}
					</ol>
				)}
			</section>

			<section aria-labelledby="account-password" className={section}>
				<h2 id="account-password" className="font-serif text-xl">
					{t('account.changePasswordTitle')}
				</h2>
				<Form method="post" ref={passwordForm} className="mt-4 max-w-md space-y-4" noValidate>
					<input type="hidden" name="intent" value="change-password" />
					{errorFor('change-password')}
					{changed ? (
						<p role="status" className="notice-success text-sm">
							{t(changed.message)}
						</p>
					) : null}
					<Field
						id="current-password"
						name="currentPassword"
						type="password"
						autoComplete="current-password"
						required
						maxLength={PASSWORD_MAX}
						label={t('account.currentPassword')}
					/>
					<Field
						id="new-password"
						name="newPassword"
						type="password"
						autoComplete="new-password"
						required
						minLength={8}
						maxLength={PASSWORD_MAX}
						label={t('auth.newPassword')}
						hint={t('auth.passwordHint')}
					/>
					<Field
						id="confirm-password"
						name="confirmPassword"
						type="password"
						autoComplete="new-password"
						required
						maxLength={PASSWORD_MAX}
						label={t('auth.confirmPassword')}
					/>
					<button type="submit" disabled={busyIntent === 'change-password'} className={button}>
						{busyIntent === 'change-password' ? t('auth.busy') : t('account.changePasswordSubmit')}
					</button>
				</Form>
			</section>

			<PrivacySection ordersToShip={ordersToShip} busy={busyIntent === 'delete-account'} error={errorFor('delete-account')} />
		</div>
	)
}

/** Why guest orders placed with the address are not listed yet, and a way to get a new verification link. */
function VerifyEmailNote({ busy, sent, error }: { busy: boolean; sent: boolean; error: ReactNode }) {
	const { t } = useTranslation()
	return (
		<div role="note" data-testid="verify-email-note" className="mt-4 space-y-3 notice-warning text-sm">
			<p>{t('account.unverifiedOrders')}</p>
			{error}
			{sent ? (
				<p role="status" className="font-medium">
					{t('account.verificationSent')}
				</p>
			) : (
				<Form method="post">
					<input type="hidden" name="intent" value="resend-verification" />
					<button type="submit" disabled={busy} className="underline underline-offset-2 disabled:opacity-60">
						{busy ? t('auth.busy') : t('account.resendVerification')}
					</button>
				</Form>
			)}
		</div>
	)
}

type AccountOrderRow = Route.ComponentProps['loaderData']['orders'][number]

/** One order in the account: its number, date, states, total, tracking, documents and lines. */
function AccountOrder({ order }: { order: AccountOrderRow }) {
	const { t, i18n } = useTranslation()
	const lp = useLocalizedPath()
	return (
		<li className="rounded-xl border border-sand p-4" data-testid="account-order">
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<h3 className="font-medium">{t('account.orderNumber', { number: order.number })}</h3>
				<p className="text-sm text-muted">
					{t('account.placedOn')} <time dateTime={order.createdAt}>{order.date}</time>
				</p>
			</div>
			<dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
				<div className="flex items-center gap-2">
					<dt className="text-muted">{t('account.status')}</dt>
					<dd>
						<Badge className={STATUS_TONE[order.status]}>{t(`account.orderStatus.${order.status}`)}</Badge>
					</dd>
				</div>
				<div className="flex items-center gap-2">
					<dt className="text-muted">{t('account.payment')}</dt>
					<dd>
						<Badge className={PAYMENT_TONE[order.paymentStatus]}>{t(`account.paymentStatus.${order.paymentStatus}`)}</Badge>
						{order.paymentStatus === 'paid' && order.refundedCents > 0 ? (
							<span className="ml-1 text-sm" data-testid="account-partly-refunded">
								{t('account.partlyRefunded', { amount: formatEuro(order.refundedCents, i18n.language) })}
							</span>
						) : null}
						{order.testMode ? (
							<span title={t('account.testPaymentTitle')} className="ml-1">
								<Badge className="bg-warning text-white">{t('account.testPayment')}</Badge>
							</span>
						) : null}
					</dd>
				</div>
				<div className="flex items-center gap-2">
					<dt className="text-muted">{t('account.total')}</dt>
					<dd className="font-medium">{formatEuro(order.totalCents, i18n.language)}</dd>
				</div>
				{order.trackingNumber ? (
					<div className="flex items-center gap-2">
						<dt className="text-muted">{t('account.tracking')}</dt>
						<dd className="font-mono">{order.trackingNumber}</dd>
					</div>
				) : null}
			</dl>
			{order.documents.length ? (
				<ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('account.documents')}>
					{order.documents.map((document) => (
						<li key={document.number}>
							<a href={`/account/invoices/${document.number}.pdf`} download className="underline hover:text-clay-dark" data-testid="account-invoice">
								{t(document.kind === 'invoice' ? 'account.invoice' : 'account.creditNote', { number: document.number })}
							</a>
						</li>
					))}
				</ul>
			) : null}
			<p className="mt-3 text-sm">
				<Link to={lp(`/order/${order.id}`)} className="underline hover:text-clay-dark">
					{t('orderPage.view')}
					<span className="sr-only"> {order.number}</span>
				</Link>
			</p>
			<h4 className="sr-only">{t('account.items')}</h4>
			<ul className="mt-3 divide-y divide-sand text-sm">
				{order.items.map((item, index) => (
					<li key={index} className="flex justify-between gap-4 py-1.5">
						<span>
							{t('account.quantity', { count: item.quantity })} {item.name}
						</span>
						<span className="text-muted">{formatEuro(item.unitPriceCents * item.quantity, i18n.language)}</span>
					</li>
				))}
			</ul>
		</li>
	)
}

/** The customer's data: a copy to download, and deleting the account (with its open orders said first). */
function PrivacySection({ ordersToShip, busy, error }: { ordersToShip: number; busy: boolean; error: ReactNode }) {
	const { t } = useTranslation()
	return (
		<section aria-labelledby="account-privacy" className={section}>
			<h2 id="account-privacy" className="font-serif text-xl">
				{t('account.privacyTitle')}
			</h2>
			<p className="mt-3 text-sm text-muted">{t('account.exportText')}</p>
			<a href="/account/export" download className="mt-3 btn-secondary px-5 py-2.5 text-sm">
				{t('account.exportButton')}
			</a>

			<h3 className="mt-8 font-medium">{t('account.deleteTitle')}</h3>
			<p className="mt-2 text-sm text-muted">{t('account.deleteText')}</p>
			{ordersToShip > 0 ? (
				<p role="note" data-testid="delete-open-orders" className="mt-3 notice-warning text-sm">
					{t('account.deleteOpenOrders', { count: ordersToShip })}
				</p>
			) : null}
			<Form method="post" className="mt-4 max-w-md space-y-4" noValidate>
				<input type="hidden" name="intent" value="delete-account" />
				{error}
				<Field
					id="delete-password"
					name="password"
					type="password"
					autoComplete="current-password"
					required
					maxLength={PASSWORD_MAX}
					label={t('account.deletePassword')}
				/>
				<label className="flex items-start gap-2 text-sm">
					<input type="checkbox" name="confirm" required className="mt-1" />
					<span>{t('account.deleteConfirm')}</span>
				</label>
				<button type="submit" disabled={busy} className="btn-danger px-5 py-2.5 text-sm">
					{busy ? t('auth.busy') : t('account.deleteButton')}
				</button>
			</Form>
		</section>
	)
}
