import { firstCheckoutError, type CheckoutForm } from '#domain/forms/checkout.ts'
import { checkoutRequestSchema } from '#domain/forms/checkout-lines.ts'
import type { CartLine } from '#domain/cart-line.ts'
import { PORTRAIT_MAX_QUANTITY } from '#domain/portrait-price.ts'
import { errorBody, type ErrorBody } from '#domain/forms/submission.ts'
import type { RequestContext } from '../context.ts'
import { serverI18n } from '../i18n.ts'
import { PaymentProviderError } from '../payments/provider.ts'
import { hitRateLimit } from '../security/rate-limit.ts'
import { decideCheckoutTax } from '../tax/checkout-tax.ts'
import { startCheckout } from './checkout.ts'
import { checkoutHolder, HOLD_LIMITS, HoldLimitError } from './hold-limits.ts'
import { localizedProductNames } from './order-lines.ts'
import { CheckoutRejectedError, ShippingUnavailableError } from './place-order.ts'
import { loadShippingConfig } from '../shipping/rates.ts'
import { supersedeVisitorCheckouts } from './supersede.ts'
import { DiscountRejectedError } from '../discounts/redemptions.ts'
import { discountMessage } from '../discounts/messages.ts'
import { recordReminderConsent } from '../marketing/checkout-reminders.ts'

/** What the checkout endpoint answers; messages are already in the visitor's language. */
export type CheckoutFailureCode = 'validation' | 'lines' | 'failure' | 'closed' | 'rate-limited' | 'hold-limit'
export type CheckoutLineProblem = { line: number; code: string; message: string }
/** A refused checkout: the one error shape, with each refused cart line for `lines`. */
export type CheckoutRefusal = ErrorBody & { ok: false; code: CheckoutFailureCode; problems?: CheckoutLineProblem[] }
export type CheckoutResponse = { ok: true; url: string; orderId: string } | CheckoutRefusal

function refusal(code: CheckoutFailureCode, message: string, options: { field?: string; problems?: CheckoutLineProblem[] } = {}): CheckoutRefusal {
	return { ok: false, ...errorBody(code, message, { field: options.field }), code, ...(options.problems ? { problems: options.problems } : {}) }
}

/** Checkouts per visitor address in the window: each one holds stock for 30 minutes. */
export const CHECKOUT_RATE_LIMIT = { limit: 30, windowSeconds: 600 }

type CheckoutApp = Pick<RequestContext, 'locale' | 'db' | 'payments' | 'clientIp' | 'secret' | 'orderMail' | 'email' | 'env' | 'log' | 'vatNumbers'>

type CheckoutOptions = { userId?: string | null; visitorId?: string | null }
type CheckoutResult = { status: number; body: CheckoutResponse; retryAfterSeconds?: number }

/**
 * POST /api/checkout (JSON): validates the body with the shared schema, then placeCheckout.
 * Bad input is a 4xx with the spec's message, never a 500.
 */
export async function handleCheckoutRequest(app: CheckoutApp, body: unknown, options: CheckoutOptions = {}): Promise<CheckoutResult> {
	const parsed = checkoutRequestSchema.safeParse(body)
	if (!parsed.success) {
		const t = serverI18n(app.locale).getFixedT(app.locale)
		const { field, message } = firstCheckoutError(parsed.error)
		const known = message.startsWith('checkout.')
		return { status: 400, body: refusal('validation', known ? t(message) : t('checkout.failure'), { field }) }
	}
	return placeCheckout(
		app,
		{ lines: parsed.data.items, customer: parsed.data.shippingData, discountCode: parsed.data.discountCode, reminderConsent: parsed.data.reminderConsent },
		options,
	)
}

/**
 * Places the order from lines and shipping data already parsed (by the JSON endpoint, or by the
 * checkout page's route action) and opens the payment session.
 * `visitorId` (the checkout_visitor cookie) lets the visitor's new checkout supersede their unpaid
 * ones; the client address bounds what may be held from it (ADR 0096).
 */
export async function placeCheckout(
	app: CheckoutApp,
	input: { lines: readonly CartLine[]; customer: CheckoutForm; discountCode?: string; reminderConsent?: boolean },
	options: CheckoutOptions = {},
): Promise<CheckoutResult> {
	const t = serverI18n(app.locale).getFixedT(app.locale)
	// The rates as they are now in the database, whichever instance saved them (ADR 0242).
	const shipping = await loadShippingConfig(app.db, app.env)
	// The form offers only these; a tampered or old form naming another country is refused before anything is held.
	if (!shipping.countries.includes(input.customer.country)) {
		return { status: 400, body: refusal('validation', t('checkout.errors.countryNotShipped'), { field: 'country' }) }
	}
	if (!app.payments) return { status: 503, body: refusal('closed', t('checkout.closed')) }
	const limit = await hitRateLimit(app.db, `checkout:${app.clientIp}`, CHECKOUT_RATE_LIMIT)
	if (!limit.allowed) return { status: 429, body: refusal('rate-limited', t('checkout.failure')), retryAfterSeconds: limit.retryAfterSeconds }
	// Before anything is held: a VAT number VIES refuses is the buyer's to correct (ADR 0150).
	const taxed = await decideCheckoutTax({ vat: app.orderMail.invoicing.vat, vatNumbers: app.vatNumbers }, input.customer)
	if (!taxed.ok) {
		return {
			status: 400,
			body: refusal('validation', t('checkout.errors.vatNumberRefused', { number: taxed.vatNumber }), { field: 'vatNumber' }),
		}
	}
	const deps = {
		db: app.db,
		mail: app.orderMail,
		nudgeEmail: () => app.email.nudge(),
		payments: app.payments,
		publicUrl: app.env.PUBLIC_URL,
		shipping,
		log: app.log,
	}
	const holder = checkoutHolder(app.secret, { visitorId: options.visitorId ?? null, clientIp: app.clientIp })
	// Before placing: the visitor's own earlier hold must not count against them or keep the unit from them.
	if (holder.visitor) await supersedeVisitorCheckouts(deps, holder.visitor)
	try {
		const result = await startCheckout(deps, {
			lines: input.lines,
			customer: input.customer,
			locale: app.locale,
			userId: options.userId ?? null,
			portraitName: (size) => t('checkout.portraitName', { size }),
			holder,
			tax: taxed.tax,
			discountCode: input.discountCode,
		})
		// Only a ticked box is consent; its text is the one the page showed, in the page's language.
		if (input.reminderConsent) await recordReminderConsent(app.db, { orderId: result.orderId, locale: app.locale })
		app.log.info({ orderId: result.orderId, provider: app.payments.name }, 'order placed, payment session opened')
		return { status: 200, body: { ok: true, url: result.url, orderId: result.orderId } }
	} catch (error) {
		if (error instanceof CheckoutRejectedError) {
			// A product is named as the visitor's catalogue names it (the problem carries its Romanian source name, ADR 0134).
			const names = await localizedProductNames(
				app.db,
				app.locale,
				error.problems.map((p) => p.name),
			)
			const problems = error.problems.map((p, i) => ({
				line: p.line,
				code: p.code,
				message: t(`checkout.lineErrors.${p.code}`, {
					name: p.code === 'photoMissing' || p.code === 'tooManyPortraits' ? p.name : names[i]!,
					max: PORTRAIT_MAX_QUANTITY,
				}),
			}))
			return { status: 409, body: refusal('lines', problems.map((p) => p.message).join('\n'), { problems }) }
		}
		if (error instanceof DiscountRejectedError) {
			// The code is the customer's to correct; nothing was held and the cart is as it was.
			return { status: 400, body: refusal('validation', discountMessage(t, error.problem, app.locale), { field: 'discountCode' }) }
		}
		if (error instanceof HoldLimitError) {
			const message = t(`checkout.holdLimits.${error.reason}`, { limit: HOLD_LIMITS.unitsPerAddress })
			return { status: 429, body: refusal('hold-limit', message), retryAfterSeconds: error.retryAfterSeconds ?? undefined }
		}
		if (error instanceof ShippingUnavailableError) {
			return { status: 400, body: refusal('validation', t('checkout.errors.shippingUnavailable'), { field: 'country' }) }
		}
		if (error instanceof PaymentProviderError) return { status: 502, body: refusal('failure', t('checkout.failure')) }
		throw error
	}
}
