import * as z from 'zod/mini'
import { cartLineSchema } from '../cart-line.ts'
import { checkoutFieldsSchema, checkoutFormSchema, companyForVatNumber } from './checkout.ts'

// Apart from checkout.ts: the checkout page's bundle needs the form's schema, not these (the
// server parses the request and the posted form).

/** The most lines one order may carry; beyond this it is not a shop order. */
export const MAX_CHECKOUT_LINES = 50

/** The cart lines of a checkout (ADR 0102): the one cart-line schema, nothing the server would ignore. */
export const checkoutLinesSchema = z
	.array(cartLineSchema, { error: 'checkout.emptyCartText' })
	.check(z.minLength(1, 'checkout.emptyCartText'), z.maxLength(MAX_CHECKOUT_LINES, 'checkout.emptyCartText'))

/** The body of a checkout request (spec §7 create-checkout-session): the lines and the shipping data. */
export const checkoutRequestSchema = z.object({
	items: checkoutLinesSchema,
	shippingData: checkoutFormSchema,
})
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>

/**
 * The checkout form as the page posts it to its route action (ADR 0101): the shipping fields, and
 * the cart lines as JSON in a hidden field, re-validated here like everything else the browser sends.
 */
export const checkoutSubmissionSchema = z
	.extend(checkoutFieldsSchema, {
		items: z.pipe(
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
		),
	})
	.check(companyForVatNumber)
