import * as z from 'zod/mini'
import { cartLineSchema } from '../cart-line.ts'
import { DISCOUNT_CODE_MAX } from '../discounts.ts'
import { checkoutFieldsSchema, checkoutFormSchema, companyForVatNumber } from './checkout.ts'

// Apart from checkout.ts: the checkout page's bundle needs the form's schema, not these (the
// server parses the request and the posted form).

/** The most lines one order may carry; beyond this it is not a shop order. */
export const MAX_CHECKOUT_LINES = 50

/** The cart lines of a checkout (ADR 0102): the one cart-line schema, nothing the server would ignore. */
export const checkoutLinesSchema = z
	.array(cartLineSchema, { error: 'checkout.emptyCartText' })
	.check(z.minLength(1, 'checkout.emptyCartText'), z.maxLength(MAX_CHECKOUT_LINES, 'checkout.emptyCartText'))

/** A discount code as typed (ADR 0255): optional, trimmed; the server looks it up case-insensitively. */
export const discountCodeField = z._default(
	z.optional(z.string({ error: 'checkout.discount.errors.unknown' }).check(z.trim(), z.maxLength(DISCOUNT_CODE_MAX, 'checkout.discount.errors.unknown'))),
	'',
)

/** The body of a checkout request (what creates the payment session): the lines, the shipping data, an optional code and the reminder consent. */
export const checkoutRequestSchema = z.object({
	items: checkoutLinesSchema,
	shippingData: checkoutFormSchema,
	discountCode: discountCodeField,
	/** The customer ticked the box asking for one reminder if the order is not finished (ADR 0269); never assumed. */
	reminderConsent: z._default(z.optional(z.boolean({ error: 'checkout.failure' })), false),
})
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>

/** The cart lines as JSON in a hidden field. */
const itemsJsonField = z.pipe(
	z.pipe(
		z.string({ error: 'checkout.emptyCartText' }).check(z.maxLength(100_000, 'checkout.emptyCartText')),
		z.transform((value, context) => {
			try {
				return JSON.parse(value) as unknown
			} catch {
				context.issues.push({ code: 'custom', message: 'checkout.emptyCartText', input: value })
				return z.NEVER
			}
		}),
	),
	checkoutLinesSchema,
)

/** "Apply" beside the code (ADR 0255): the code, the cart's lines and, when typed, the e-mail for the per-customer limit. */
export const discountCheckSchema = z.object({
	intent: z.literal('discount'),
	discountCode: z
		.string({ error: 'checkout.discount.errors.unknown' })
		.check(z.trim(), z.minLength(1, 'checkout.discount.errors.unknown'), z.maxLength(DISCOUNT_CODE_MAX, 'checkout.discount.errors.unknown')),
	items: itemsJsonField,
	email: z._default(z.optional(z.string().check(z.trim(), z.maxLength(320))), ''),
})

/**
 * The checkout form as the page posts it to its route action (ADR 0101): the shipping fields, and
 * the cart lines as JSON in a hidden field, re-validated here like everything else the browser sends.
 */
export const checkoutSubmissionSchema = z
	.extend(checkoutFieldsSchema, {
		items: itemsJsonField,
		discountCode: discountCodeField,
		// An unticked checkbox posts nothing: consent is only ever the box ticked.
		reminderConsent: z.optional(z.literal('on', { error: 'checkout.failure' })),
	})
	.check(companyForVatNumber)
