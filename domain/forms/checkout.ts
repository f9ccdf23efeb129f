import * as z from 'zod/mini'
import { normaliseCnp, parseBuyerTaxId } from '../invoices/tax-ids.ts'
import { countryCode } from '../shipping.ts'
import { emailAddress, requiredText as text, type SchemaError } from './fields.ts'
import { CHECKOUT_LIMITS } from './checkout-fields.ts'

export { CHECKOUT_FIELDS, CHECKOUT_FORM_STORAGE_KEY, CHECKOUT_LIMITS, type CheckoutField } from './checkout-fields.ts'

/**
 * The checkout form, shared by the page and the server. Messages are translation keys
 * (checkout.errors.*); the Romanian texts are the spec's. Every field is trimmed except notes, and
 * the first issue is the one shown ("first error only").
 */
/** Digits, plus, hyphen, whitespace and parentheses only. */
export const PHONE_PATTERN = /^[\d+\-\s()]+$/

/** Optional trimmed text; empty is ''. */
const optionalText = (max: number, tooLong: string, ...checks: z.core.$ZodCheck<string>[]) =>
	z._default(z.optional(z.string({ error: tooLong }).check(z.trim(), z.maxLength(max, tooLong), ...checks)), '')

/** The fields alone, for schemas that extend them (zod cannot extend an object that has checks). */
export const checkoutFieldsSchema = z.object({
	fullName: text(CHECKOUT_LIMITS.fullName, 'checkout.errors.fullName', 'checkout.errors.fullNameTooLong'),
	email: emailAddress(CHECKOUT_LIMITS.email, 'checkout.errors.email'),
	phone: text(CHECKOUT_LIMITS.phone, 'checkout.errors.phoneRequired', 'checkout.errors.phoneTooLong', z.regex(PHONE_PATTERN, 'checkout.errors.phoneInvalid')),
	address: text(CHECKOUT_LIMITS.address, 'checkout.errors.addressRequired', 'checkout.errors.addressTooLong'),
	city: text(CHECKOUT_LIMITS.city, 'checkout.errors.cityRequired', 'checkout.errors.cityTooLong'),
	postalCode: text(CHECKOUT_LIMITS.postalCode, 'checkout.errors.postalCodeRequired', 'checkout.errors.postalCodeTooLong'),
	// An ISO code from the form to the database (ADR 0102); a name (saved form data, older clients) becomes its code.
	country: text(
		CHECKOUT_LIMITS.country,
		'checkout.errors.countryRequired',
		'checkout.errors.countryTooLong',
		z.refine((value) => countryCode(value) !== null, 'checkout.errors.countryRequired'),
		z.overwrite((value) => countryCode(value) ?? value),
	),
	// Not trimmed: what the customer typed is kept as it is.
	notes: z._default(
		z.optional(z.string({ error: 'checkout.errors.notesTooLong' }).check(z.maxLength(CHECKOUT_LIMITS.notes, 'checkout.errors.notesTooLong'))),
		'',
	),
	// For an invoice made out to a company (ADR 0118): both optional, a number needs the company's name.
	// The number is an EU VAT number with its prefix, or a Romanian CUI without RO (not a VAT payer, ADR 0152).
	company: optionalText(CHECKOUT_LIMITS.company, 'checkout.errors.companyTooLong'),
	vatNumber: optionalText(
		CHECKOUT_LIMITS.vatNumber,
		'checkout.errors.vatNumberInvalid',
		z.refine((value) => value === '' || parseBuyerTaxId(value) !== null, 'checkout.errors.vatNumberInvalid'),
		z.overwrite((value) => (value === '' ? '' : (parseBuyerTaxId(value)?.value ?? value))),
	),
	// A Romanian consumer's CNP for the invoice, optional; its control digit is checked (ADR 0152).
	cnp: optionalText(
		CHECKOUT_LIMITS.cnp,
		'checkout.errors.cnpInvalid',
		z.refine((value) => value === '' || normaliseCnp(value) !== null, 'checkout.errors.cnpInvalid'),
		z.overwrite((value) => (value === '' ? '' : (normaliseCnp(value) ?? value))),
	),
})

/** A VAT number makes the invoice a company's: its name must be there too. */
export const companyForVatNumber = z.refine<{ company: string; vatNumber: string }>((form) => form.vatNumber === '' || form.company !== '', {
	message: 'checkout.errors.companyRequired',
	path: ['company'],
})

export const checkoutFormSchema = checkoutFieldsSchema.check(companyForVatNumber)

export type CheckoutForm = z.output<typeof checkoutFormSchema>
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>

/** The first problem only (the checkout shows its first error alone): its field and its message key. */
export function firstCheckoutError(error: SchemaError): { field: string; message: string } {
	const issue = error.issues[0]!
	return { field: issue.path.map(String).join('.'), message: issue.message }
}
