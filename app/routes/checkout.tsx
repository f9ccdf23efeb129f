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
import { pageHeadersWithActionHeaders } from '#server/http/action-headers.ts'
import { checkoutVisitor } from '#server/orders/checkout-visitor.ts'
import { useCart } from '#app/components/cart/cart-context.tsx'
import { CartLine } from '#app/components/cart/cart-lines.tsx'
import { notify } from '#app/components/toasts.tsx'
import { isRejected, rejectSubmission, useSubmissionToast, type RejectedSubmission } from '#app/lib/forms/submission.ts'
import { countryCode, countryName, defaultCountry, shippingCents } from '#domain/shipping.ts'
import { checkoutSubmissionSchema } from '#domain/forms/checkout-lines.ts'
import { CHECKOUT_FORM_STORAGE_KEY, CHECKOUT_LIMITS, type CheckoutField } from '#domain/forms/checkout-fields.ts'
import { formError, parseSubmission, submittedValues, type FormErrors } from '#domain/forms/submission.ts'
import { formatEuro } from '#domain/money.ts'
import { formatRate, vatBreakdown, vatRateFor } from '#domain/invoices/vat.ts'
import type { Route } from './+types/checkout'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { alternateLinks } from '#app/lib/seo.ts'

export function loader({ context, request }: Route.LoaderArgs) {
	const app = getApp(context)
	const connectionCountry = request.headers.get('cf-ipcountry') ?? request.headers.get('x-country-code') ?? request.headers.get('cloudfront-viewer-country')
	const t = serverI18n(app.locale).getFixedT(app.locale)
	return {
		locale: app.locale,
		shipping: app.shipping,
		defaultCountry: defaultCountry(app.shipping.countries, { country: connectionCountry, locale: app.locale }),
		paymentsOpen: app.payments !== null,
		// The VAT rate per destination (null: the shop is not registered for VAT), as the invoice will use it (ADR 0119).
		vatRates: Object.fromEntries(app.shipping.countries.map((code) => [code, vatRateFor(app.orderMail.invoicing.vat, code)])),
		// Spec §2: prefilled for a signed-in customer (the order is tied to the account by the server session).
		email: getCurrentUser(context)?.email ?? '',
		meta: {
			title: `${t('checkout.title')} | ${t('meta.siteName')}`,
			description: t('checkout.metaDescription'),
			alternates: languageAlternates(getApp(context).env.PUBLIC_URL, '/checkout'),
		},
	}
}

/** A refusal after parsing: the order could not be placed (lines, stock, payments closed…). */
type CheckoutFailure = RejectedSubmission & { failure: { kind: string; problems: { line: number; message: string }[] } }

/**
 * The checkout form's route action (ADR 0101, 0102): the shipping fields and the cart lines (JSON
 * in a hidden field) are parsed with the form's schema, the order is placed and the browser is
 * sent to the payment page. It works the same for a form posted before the page's JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	// The shared reader: size limit, malformed bodies and NUL characters answer 400, never 500.
	const formData = await readFormData(request)
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
	const { items, ...customer } = submission.value
	// The account comes from the server session (root middleware), never from the form.
	const visitor = await checkoutVisitor(app, request)
	const result = await placeCheckout(app, { lines: items, customer }, { userId: getCurrentUser(context)?.id ?? null, visitorId: visitor.id })
	const headers = new Headers({ 'Cache-Control': 'no-store', 'Set-Cookie': visitor.setCookie })
	if (result.body.ok) return redirectDocument(result.body.url, { headers })
	if (result.retryAfterSeconds) headers.set('Retry-After', String(result.retryAfterSeconds))
	const body = result.body
	const failure: CheckoutFailure = {
		errors: formError(body.message),
		values: submittedValues(formData),
		failure: { kind: body.kind, problems: body.kind === 'lines' ? body.problems.map(({ line, message }) => ({ line, message })) : [] },
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

type FormState = Record<CheckoutField, string>

const FIELD_ORDER: { name: CheckoutField; autoComplete: string; type?: string; required: boolean; wide?: boolean }[] = [
	{ name: 'fullName', autoComplete: 'name', required: true, wide: true },
	{ name: 'email', autoComplete: 'email', type: 'email', required: true },
	{ name: 'phone', autoComplete: 'tel', type: 'tel', required: true },
	{ name: 'address', autoComplete: 'street-address', required: true, wide: true },
	{ name: 'city', autoComplete: 'address-level2', required: true },
	// Spec §5: required by the schema, though the form label does not mark it.
	{ name: 'postalCode', autoComplete: 'postal-code', required: false },
	{ name: 'country', autoComplete: 'country', required: true, wide: true },
]

/** Failures whose message tells the customer what to do; the others show only the title. */
const SHOWN_FAILURES = new Set(['lines', 'closed', 'unavailable', 'hold-limit', 'validation'])

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const { locale, shipping } = loaderData
	const { items, ready } = useCart()
	const [form, setForm] = useState<FormState>({
		fullName: '',
		email: loaderData.email,
		phone: '',
		address: '',
		city: '',
		postalCode: '',
		country: loaderData.defaultCountry,
		notes: '',
		company: '',
		vatNumber: '',
	})
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formAction === lp('/checkout')
	const formRef = useRef<HTMLFormElement>(null)
	const dismissRedirecting = useRef<(() => void) | null>(null)

	// Saved form data (e.g. kept while signing in) is merged in once, then forgotten (spec §4).
	const savedFormRead = useRef(false)
	useEffect(() => {
		try {
			const raw = window.localStorage.getItem(CHECKOUT_FORM_STORAGE_KEY)
			if (!raw) return
			window.localStorage.removeItem(CHECKOUT_FORM_STORAGE_KEY)
			const saved: unknown = JSON.parse(raw)
			if (!saved || typeof saved !== 'object') return
			const merged: Partial<FormState> = {}
			for (const [key, value] of Object.entries(saved)) {
				const field = key === 'full_name' ? 'fullName' : key === 'postal_code' ? 'postalCode' : key
				if (!(field in CHECKOUT_LIMITS) || typeof value !== 'string' || value === '') continue
				// The country is a code (ADR 0102); saved data from before held its name.
				if (field === 'country') {
					const code = countryCode(value)
					if (code && shipping.countries.includes(code)) merged.country = code
					continue
				}
				merged[field as CheckoutField] = value
			}
			// eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage can only be read once hydrated
			setForm((current) => ({ ...current, ...merged }))
		} catch {
			// unreadable saved data is ignored
		} finally {
			savedFormRead.current = true
		}
		// Once, on arrival: the shop's country list does not change while the page is open.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	// What the customer typed is kept when they leave the page (the terms link, signing in, the payment
	// page) and merged back in when they return; the payment-success page forgets it once the order is paid.
	const latestForm = useRef(form)
	useEffect(() => {
		latestForm.current = form
	}, [form])
	useEffect(() => {
		const keep = () => {
			if (!savedFormRead.current) return
			try {
				window.localStorage.setItem(CHECKOUT_FORM_STORAGE_KEY, JSON.stringify(latestForm.current))
			} catch {
				// storage full or refused: the form still works, it just is not kept
			}
		}
		window.addEventListener('pagehide', keep)
		return () => {
			window.removeEventListener('pagehide', keep)
			keep()
		}
	}, [])

	// Shown from the cart (integer cents); the server prices the order itself from the database.
	const subtotal = items.reduce((sum, item) => sum + item.price * item.line.quantity, 0)
	const shippingCost = shippingCents(shipping, form.country, subtotal)
	// The VAT contained in the total, split as the invoice will split it (domain/invoices/vat.ts).
	const vatRate = loaderData.vatRates[form.country] ?? null
	const vat = vatBreakdown(
		[...items.map((item) => ({ unitGrossCents: item.price, quantity: item.line.quantity })), { unitGrossCents: shippingCost, quantity: 1 }],
		vatRate,
	)
	const money = (cents: number) => formatEuro(cents, locale)
	const countries = useMemo(
		() => shipping.countries.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale)),
		[locale, shipping.countries],
	)

	// What the server is sent (ADR 0102): the tagged lines, nothing it would ignore.
	const lines = useMemo(() => items.map((item) => item.line), [items])
	const failure = actionData && 'failure' in actionData ? (actionData as CheckoutFailure).failure : null
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
		notify({
			type: 'error',
			title: t('checkout.failure'),
			description: SHOWN_FAILURES.has(failure.kind) ? (actionData.errors.formError ?? undefined) : undefined,
		})
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
		dismissRedirecting.current = notify({ type: 'info', title: t('checkout.redirecting') })
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
				<Link to={lp('/catalog')} className="mt-8 inline-block rounded-full bg-clay-dark px-6 py-3 font-medium text-white hover:bg-ink">
					{t('checkout.continueShopping')}
				</Link>
			</div>
		)
	}

	const field = 'mt-1 w-full rounded-lg border border-muted/40 bg-white px-3 py-2'
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="font-serif text-3xl">{t('checkout.title')}</h1>
			<Form ref={formRef} method="post" action={lp('/checkout')} onSubmit={checkBeforeSending} noValidate className="mt-8 grid gap-10 lg:grid-cols-[1fr_22rem]">
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
						<div className="mt-4 grid gap-4 sm:grid-cols-2">
							{FIELD_ORDER.map((spec) => (
								<div key={spec.name} className={spec.wide ? 'sm:col-span-2' : undefined}>
									<label htmlFor={`checkout-${spec.name}`} className="block text-sm font-medium">
										{t(`checkout.${spec.name}`)}
										{spec.required ? <span aria-hidden="true"> *</span> : null}
									</label>
									{spec.name === 'country' ? (
										// An ISO code is what is sent and stored (ADR 0102); the names are in the reader's language.
										<select
											id="checkout-country"
											name="country"
											autoComplete="country"
											aria-required
											value={form.country}
											onChange={(event) => setForm({ ...form, country: event.target.value })}
											className={field}
										>
											{countries.map(({ code, name }) => (
												<option key={code} value={code}>
													{name}
												</option>
											))}
										</select>
									) : (
										<input
											id={`checkout-${spec.name}`}
											name={spec.name}
											type={spec.type ?? 'text'}
											autoComplete={spec.autoComplete}
											maxLength={CHECKOUT_LIMITS[spec.name]}
											aria-required={spec.required || spec.name === 'postalCode'}
											value={form[spec.name]}
											onChange={(event) => setForm({ ...form, [spec.name]: event.target.value })}
											className={field}
										/>
									)}
								</div>
							))}
							<fieldset className="sm:col-span-2 grid gap-4 sm:grid-cols-2">
								<legend className="mb-2 text-sm text-muted">{t('checkout.invoiceDetailsHint')}</legend>
								{(['company', 'vatNumber'] as const).map((name) => (
									<div key={name}>
										<label htmlFor={`checkout-${name}`} className="block text-sm font-medium">
											{t(`checkout.${name}`)} <span className="font-normal text-muted">{t('checkout.optional')}</span>
										</label>
										<input
											id={`checkout-${name}`}
											name={name}
											type="text"
											autoComplete={name === 'company' ? 'organization' : 'off'}
											maxLength={CHECKOUT_LIMITS[name]}
											value={form[name]}
											onChange={(event) => setForm({ ...form, [name]: event.target.value })}
											className={field}
										/>
									</div>
								))}
							</fieldset>
							<div className="sm:col-span-2">
								<label htmlFor="checkout-notes" className="block text-sm font-medium">
									{t('checkout.notes')} <span className="font-normal text-muted">{t('checkout.optional')}</span>
								</label>
								<textarea
									id="checkout-notes"
									name="notes"
									rows={3}
									maxLength={CHECKOUT_LIMITS.notes}
									value={form.notes}
									onChange={(event) => setForm({ ...form, notes: event.target.value })}
									className={field}
								/>
							</div>
						</div>
					</section>
				</div>

				<aside aria-labelledby="checkout-summary" className="h-fit rounded-xl border border-sand bg-white p-6 lg:sticky lg:top-6">
					<h2 id="checkout-summary" className="font-serif text-xl">
						{t('checkout.summaryTitle')}
					</h2>
					<dl className="mt-4 space-y-2">
						<div className="flex justify-between">
							<dt>{t('checkout.subtotal')}</dt>
							<dd>{money(subtotal)}</dd>
						</div>
						<div className="flex justify-between">
							<dt>{t('checkout.shipping')}</dt>
							<dd>{shippingCost === 0 ? t('checkout.shippingFree') : money(shippingCost)}</dd>
						</div>
						<div className="flex justify-between border-t border-sand pt-2 text-lg font-semibold">
							<dt>{t('checkout.total')}</dt>
							<dd data-testid="checkout-total">{money(subtotal + shippingCost)}</dd>
						</div>
					</dl>
					{vat.registered ? (
						<p className="mt-1 flex justify-between text-sm text-muted" data-testid="checkout-vat">
							<span>{t('checkout.vatContained', { rate: formatRate(vatRate ?? 0, locale) })}</span>
							<span>{money(vat.vatCents)}</span>
						</p>
					) : null}
					<p className="mt-1 text-xs text-muted">{vat.registered ? t('checkout.vatIncluded') : t('checkout.vatNotApplicable')}</p>
					<button
						type="submit"
						disabled={busy}
						className="mt-6 w-full rounded-full bg-clay-dark px-6 py-3 font-medium text-white hover:bg-ink disabled:opacity-60"
					>
						{busy ? t('checkout.busy') : t('checkout.submit')}
					</button>
					<p className="mt-4 text-xs text-muted">
						{t('checkout.termsPrefix')}{' '}
						<Link to={lp('/terms')} className="underline">
							{t('checkout.termsLink')}
						</Link>
						{t('checkout.termsSuffix')}
					</p>
				</aside>
			</Form>
		</div>
	)
}
