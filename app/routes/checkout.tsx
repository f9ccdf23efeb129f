import { languageAlternates } from '#server/seo.ts'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, Form, redirectDocument, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { getCurrentUser } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { readFormData } from '#server/http/request-body.ts'
import { placeCheckout } from '#server/orders/checkout-request.ts'
import { reminderConsentText } from '#server/marketing/checkout-reminders.ts'
import { pageHeadersWithActionHeaders } from '#server/http/action-headers.ts'
import { checkoutVisitor } from '#server/orders/checkout-visitor.ts'
import { useCart } from '#app/components/cart/cart-context.tsx'
import { CartLine } from '#app/components/cart/cart-lines.tsx'
import { CheckoutSummary } from '#app/components/checkout/checkout-summary.tsx'
import { CustomerFields } from '#app/components/checkout/customer-fields.tsx'
import { DiscountCode, type AcceptedDiscount } from '#app/components/checkout/discount-code.tsx'
import { checkDiscountCode } from '#server/discounts/check.ts'
import { useKeptCheckoutForm } from '#app/components/checkout/use-kept-checkout-form.ts'
import { notify, SUBMISSION_RESULT } from '#app/components/toasts.tsx'
import { isRejected, rejectSubmission, useSubmissionToast, type RejectedSubmission } from '#app/lib/forms/submission.ts'
import { countryName, defaultCountry, orderWeightGrams } from '#domain/shipping.ts'
import { checkoutSubmissionSchema, discountCheckSchema } from '#domain/forms/checkout-lines.ts'
import { CHECKOUT_LIMITS } from '#domain/forms/checkout-fields.ts'
import { checkoutPreview } from '#domain/checkout-preview.ts'
import { errorBody, formError, parseSubmission, submittedValues, type FormErrors } from '#domain/forms/submission.ts'
import { checkoutTaxPreview } from '#server/tax/checkout-tax.ts'
import { connectionCountry, loadShippingConfig, productWeights } from '#server/shipping/rates.ts'
import type { Route } from './+types/checkout'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { alternateLinks } from '#app/lib/seo.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = getApp(context)
	// Read on every visit (ADR 0242): a rate the owner changed shows at once, whichever instance answers.
	const [shipping, weights] = await Promise.all([loadShippingConfig(app.db, app.env), productWeights(app.db)])
	const t = serverI18n(app.locale).getFixedT(app.locale)
	return {
		locale: app.locale,
		shipping,
		// Grams per product that has a weight: the preview prices rates by weight as the server will.
		weights,
		defaultCountry: defaultCountry(shipping.countries, { country: connectionCountry(request), locale: app.locale }),
		paymentsOpen: app.payments !== null,
		// Each destination's tax for a buyer without a VAT number, as the server will decide it (ADR 0119, 0150).
		taxes: Object.fromEntries(shipping.countries.map((code) => [code, checkoutTaxPreview(app.orderMail.invoicing.vat, code)])),
		// What a sale bearing no VAT takes off each price (a VAT number VIES confirms): the shop's own rate.
		homeVatPercent: app.orderMail.invoicing.vat.registered ? app.orderMail.invoicing.vat.ratePercent : null,
		// The reminder box's text (ADR 0269): the very text stored as what the customer agreed to.
		reminderConsent: reminderConsentText(app.locale),
		// Prefilled for a signed-in customer (the order is tied to the account by the server session).
		email: getCurrentUser(context)?.email ?? '',
		meta: {
			title: `${t('checkout.title')} | ${t('meta.siteName')}`,
			description: t('checkout.metaDescription'),
			alternates: languageAlternates(getApp(context).env.PUBLIC_URL, '/checkout'),
		},
	}
}

/** A refusal after parsing: the order could not be placed (lines, stock, payments closed…). */
type CheckoutFailure = RejectedSubmission & { failure: { kind: string; field?: string; problems: { line: number; message: string }[] } }

/**
 * The checkout form's route action (ADR 0101, 0102): the shipping fields and the cart lines (JSON
 * in a hidden field) are parsed with the form's schema, the order is placed and the browser is
 * sent to the payment page. It works the same for a form posted before the page's JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	// The shared reader: size limit, malformed bodies and NUL characters answer 400, never 500.
	const formData = await readFormData(request)
	if (formData.get('intent') === 'discount') {
		// "Apply" beside the code: nothing is placed or held, the page is told whether the code fits the cart.
		const check = parseSubmission(discountCheckSchema, formData)
		const t = serverI18n(app.locale).getFixedT(app.locale)
		if (!check.ok)
			return data(
				{ discountCheck: { ok: false as const, ...errorBody('discount', t('checkout.discount.errors.unknown'), { field: 'discountCode' }) } },
				{ status: 400 },
			)
		const result = await checkDiscountCode(app, { code: check.value.discountCode, lines: check.value.items, email: check.value.email })
		if (!result.ok)
			return data({ discountCheck: { ok: false as const, ...errorBody('discount', result.message, { field: 'discountCode' }) } }, { status: result.status })
		return { discountCheck: result }
	}
	const submission = parseSubmission(checkoutSubmissionSchema, formData)
	if (!submission.ok) {
		// Messages are translation keys; a tampered line's message is not one, and says only that checkout failed.
		const known = (message: string) => (message.startsWith('checkout.') ? message : 'checkout.failure')
		const errors: FormErrors = {
			fieldErrors: Object.fromEntries(Object.entries(submission.errors.fieldErrors).map(([field, message]) => [field, known(message)])),
			formError: submission.errors.formError && known(submission.errors.formError),
		}
		return rejectSubmission(errors, submission.values)
	}
	const { items, discountCode, reminderConsent, ...customer } = submission.value
	// The account comes from the server session (root middleware), never from the form.
	const visitor = await checkoutVisitor(app, request)
	const result = await placeCheckout(
		app,
		{ lines: items, customer, discountCode, reminderConsent: reminderConsent === 'on' },
		{ userId: getCurrentUser(context)?.id ?? null, visitorId: visitor.id },
	)
	const headers = new Headers({ 'Cache-Control': 'no-store', 'Set-Cookie': visitor.setCookie })
	if (result.body.ok) return redirectDocument(result.body.url, { headers })
	if (result.retryAfterSeconds) headers.set('Retry-After', String(result.retryAfterSeconds))
	const body = result.body
	const failure: CheckoutFailure = {
		errors: formError(body.errors.formError ?? ''),
		values: submittedValues(formData),
		failure: {
			kind: body.code,
			...(body.code === 'validation' ? { field: Object.keys(body.errors.fieldErrors)[0] } : {}),
			problems: (body.problems ?? []).map(({ line, message }) => ({ line, message })),
		},
	}
	return data(failure, { status: result.status, headers })
}

/** A refused checkout posted without JavaScript keeps its Retry-After and no-store. */
export const headers = pageHeadersWithActionHeaders

export function meta({ loaderData }: Route.MetaArgs) {
	return [
		{ title: loaderData?.meta.title },
		{ name: 'description', content: loaderData?.meta.description },
		{ name: 'robots', content: 'noindex' },
		...alternateLinks(loaderData?.meta.alternates),
	]
}

/** The refusal of the order form, when the action answered one. */
const failureOf = (actionData: unknown) =>
	actionData && typeof actionData === 'object' && 'failure' in actionData ? (actionData as CheckoutFailure).failure : null

/** Failures whose message tells the customer what to do; the others show only the title. */
const SHOWN_FAILURES = new Set(['lines', 'closed', 'unavailable', 'hold-limit', 'validation'])

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const { locale, shipping } = loaderData
	const { items, ready } = useCart()
	const { form, setField } = useKeptCheckoutForm({ email: loaderData.email, country: loaderData.defaultCountry }, shipping.countries)
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formAction === lp('/checkout')
	const formRef = useRef<HTMLFormElement>(null)
	const dismissRedirecting = useRef<(() => void) | null>(null)
	// A code accepted by "Apply", with the answer of the order form it was accepted under.
	const [applied, setApplied] = useState<{ accepted: AcceptedDiscount; under: unknown } | null>(null)

	// The order refused the code after it was applied (used up meanwhile, the cart changed): it no longer is; the cart stays as it is.
	const refusedSince = actionData !== applied?.under && failureOf(actionData)?.field === 'discountCode'
	const discount = applied && !refusedSince ? applied.accepted : null
	const setDiscount = (accepted: AcceptedDiscount | null) => setApplied(accepted ? { accepted, under: actionData } : null)

	// Shown from the cart (integer cents); the server prices the order itself from the database.
	const preview = checkoutPreview({
		lines: items.map((item) => ({ unitCents: item.price, quantity: item.line.quantity })),
		shipping,
		country: form.country,
		weightGrams: orderWeightGrams(
			items.map((item) => ({
				weightGrams: item.line.kind === 'product' ? (loaderData.weights[item.line.productId] ?? null) : null,
				quantity: item.line.quantity,
			})),
		),
		taxes: loaderData.taxes,
		vatNumber: form.vatNumber,
		homeVatPercent: loaderData.homeVatPercent,
		discount,
	})
	const countries = useMemo(
		() => shipping.countries.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale)),
		[locale, shipping.countries],
	)

	// What the server is sent (ADR 0102): the tagged lines, nothing it would ignore.
	const lines = useMemo(() => items.map((item) => item.line), [items])
	const failure = actionData && 'failure' in actionData ? (actionData as CheckoutFailure).failure : null
	const discountRefusal = failure?.field === 'discountCode' && isRejected(actionData) ? actionData.errors.formError : null
	const lineProblems: Record<string, string> = {}
	for (const problem of failure?.problems ?? []) {
		const item = items[problem.line]
		if (item) lineProblems[item.id] = problem.message
	}

	// A refusal of the form shows its first error in the spec's toast; a failed order says why when the customer can act on it.
	useSubmissionToast(failure ? null : actionData, t('checkout.validationTitle'), (message) => t(message))
	// The first field at fault takes the focus, as the browser's own check of a form would.
	useEffect(() => {
		// The server answered instead of redirecting: the 'redirecting' note no longer holds.
		dismissRedirecting.current?.()
		if (failure || !isRejected(actionData)) return
		const field = Object.keys(actionData.errors.fieldErrors).find((name) => name in CHECKOUT_LIMITS)
		if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [actionData])
	useEffect(() => {
		if (!failure || !isRejected(actionData)) return
		// A field the server refused (a country not shipped to, a VAT number VIES refuses) is the customer's to correct.
		if (failure.field) formRef.current?.querySelector<HTMLElement>(`[name="${failure.field}"]`)?.focus()
		notify(
			{
				type: 'error',
				title: t(failure.field ? 'checkout.validationTitle' : 'checkout.failure'),
				description: SHOWN_FAILURES.has(failure.kind) ? (actionData.errors.formError ?? undefined) : undefined,
			},
			{ replaces: SUBMISSION_RESULT },
		)
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [actionData])

	function checkBeforeSending(event: React.FormEvent) {
		if (!ready || items.length === 0) {
			event.preventDefault()
			notify({ type: 'error', title: t('checkout.emptyCartTitle'), description: t('checkout.emptyCartText') })
			return
		}
		// The form's rules are checked by the action (ADR 0101), which answers a refusal with the
		// spec's toast; checking them here too would put zod on this page (JS budget, ADR 0014).
		// The last attempt's refusals go: this attempt's answer is what counts now.
		dismissRedirecting.current = notify({ type: 'info', title: t('checkout.redirecting') }, { replaces: SUBMISSION_RESULT })
	}

	if (!ready) {
		return (
			<div className="mx-auto max-w-6xl px-4 py-12">
				<h1 className="font-serif text-3xl">{t('checkout.title')}</h1>
				<p role="status" className="mt-6 text-muted">
					{t('checkout.loading')}
				</p>
			</div>
		)
	}

	if (items.length === 0) {
		return (
			<div className="mx-auto max-w-xl px-4 py-16 text-center">
				<h1 className="font-serif text-3xl">{t('checkout.title')}</h1>
				<p className="mt-6 text-lg">{t('checkout.emptyCart')}</p>
				<Link to={lp('/catalog')} className="mt-8 btn-primary">
					{t('checkout.continueShopping')}
				</Link>
			</div>
		)
	}

	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="font-serif text-3xl">{t('checkout.title')}</h1>
			<Form
				ref={formRef}
				method="post"
				action={lp('/checkout')}
				onSubmit={checkBeforeSending}
				noValidate
				className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]"
			>
				<input type="hidden" name="items" value={JSON.stringify(lines)} />
				<div className="space-y-10">
					<section aria-labelledby="checkout-lines">
						<h2 id="checkout-lines" className="font-serif text-xl">
							{t('checkout.linesTitle')}
						</h2>
						<ul className="mt-4 divide-y divide-sand rounded-xl border border-sand bg-white px-4">
							{items.map((item) => (
								<CartLine key={item.id} line={item} showLineTotal problem={lineProblems[item.id]} />
							))}
						</ul>
					</section>

					<section aria-labelledby="checkout-form">
						<h2 id="checkout-form" className="font-serif text-xl">
							{t('checkout.formTitle')}
						</h2>
						<CustomerFields form={form} setField={setField} countries={countries} />
						{/* Unticked until the customer ticks it (ADR 0269): the one reminder is asked for, never assumed. */}
						<label className="mt-6 flex items-start gap-2 text-sm">
							<input type="checkbox" name="reminderConsent" value="on" className="mt-1 h-4 w-4" />
							<span>{loaderData.reminderConsent}</span>
						</label>
					</section>
				</div>

				<CheckoutSummary preview={preview} locale={locale} busy={busy}>
					<DiscountCode
						action={lp('/checkout')}
						items={JSON.stringify(lines)}
						email={form.email}
						accepted={discount}
						onChange={setDiscount}
						refusal={discountRefusal}
					/>
				</CheckoutSummary>
			</Form>
		</div>
	)
}
