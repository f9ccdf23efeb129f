import * as z from 'zod/mini'
import { emailAddress, requiredText as text, type SchemaError } from './fields.ts'

/**
 * The checkout form (spec §5), shared by the page and the server. Messages are translation keys
 * (checkout.errors.*); the Romanian texts are the spec's. Every field is trimmed except notes, and
 * the first issue is the one shown ("first error only").
 */
export const CHECKOUT_LIMITS = {
	fullName: 100,
	email: 255,
	phone: 20,
	address: 200,
	city: 100,
	postalCode: 20,
	country: 100,
	notes: 500,
} as const

/** Digits, plus, hyphen, whitespace and parentheses only. */
export const PHONE_PATTERN = /^[\d+\-\s()]+$/


export const checkoutFormSchema = z.object({
	fullName: text(CHECKOUT_LIMITS.fullName, 'checkout.errors.fullName', 'checkout.errors.fullNameTooLong'),
	email: emailAddress(CHECKOUT_LIMITS.email, 'checkout.errors.email'),
	phone: text(CHECKOUT_LIMITS.phone, 'checkout.errors.phoneRequired', 'checkout.errors.phoneTooLong', z.regex(PHONE_PATTERN, 'checkout.errors.phoneInvalid')),
	address: text(CHECKOUT_LIMITS.address, 'checkout.errors.addressRequired', 'checkout.errors.addressTooLong'),
	city: text(CHECKOUT_LIMITS.city, 'checkout.errors.cityRequired', 'checkout.errors.cityTooLong'),
	postalCode: text(CHECKOUT_LIMITS.postalCode, 'checkout.errors.postalCodeRequired', 'checkout.errors.postalCodeTooLong'),
	country: text(CHECKOUT_LIMITS.country, 'checkout.errors.countryRequired', 'checkout.errors.countryTooLong'),
	// Not trimmed (spec §5): what the customer typed is kept as it is.
	notes: z._default(z.optional(z.string({ error: 'checkout.errors.notesTooLong' }).check(z.maxLength(CHECKOUT_LIMITS.notes, 'checkout.errors.notesTooLong'))), ''),
})

export type CheckoutForm = z.output<typeof checkoutFormSchema>
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>

export const CHECKOUT_FIELDS = ['fullName', 'email', 'phone', 'address', 'city', 'postalCode', 'country', 'notes'] as const
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number]

/** The most lines and units one order may carry; beyond this it is not a shop order. */
export const MAX_CHECKOUT_LINES = 50
export const MAX_LINE_QUANTITY = 99

/**
 * One cart line as the browser sends it (spec §3 cart item). Name, price and image are accepted
 * but never used: the server prices every line itself.
 */
export const checkoutLineSchema = z.object({
	id: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
	name: z.optional(z.unknown()),
	price: z.optional(z.unknown()),
	image: z.optional(z.unknown()),
	quantity: z.int().check(z.minimum(1), z.maximum(MAX_LINE_QUANTITY)),
	options: z._default(z.optional(z.record(z.string(), z.unknown())), {}),
})
export type CheckoutLine = z.output<typeof checkoutLineSchema>

/** The body of a checkout request (spec §7 create-checkout-session). */
export const checkoutRequestSchema = z.object({
	items: z.array(checkoutLineSchema, { error: 'checkout.emptyCartText' }).check(z.minLength(1, 'checkout.emptyCartText'), z.maxLength(MAX_CHECKOUT_LINES)),
	currency: z._default(z.optional(z.literal('eur')), 'eur'),
	shippingData: checkoutFormSchema,
})
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>

/** The first problem only, as spec §5 asks: its field and its message key. */
export function firstCheckoutError(error: SchemaError): { field: string; message: string } {
	const issue = error.issues[0]!
	return { field: issue.path.map(String).join('.'), message: issue.message }
}

/** localStorage key under which a checkout form in progress is kept (e.g. across signing in). */
export const CHECKOUT_FORM_STORAGE_KEY = 'cartFormData'
