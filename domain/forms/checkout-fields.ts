/**
 * The checkout form's fields and limits without its schema: what the checkout page needs
 * in the browser. Kept apart from checkout.ts so the page does not load zod (JS budget, ADR 0014);
 * the action checks the rules with checkoutFormSchema.
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
	// Optional, for an invoice made out to a company (ADR 0118): its EU VAT number, or a Romanian CUI.
	company: 200,
	vatNumber: 20,
	// Optional, a Romanian consumer's personal numeric code for the invoice (ADR 0152).
	cnp: 20,
} as const

export const CHECKOUT_FIELDS = ['fullName', 'email', 'phone', 'address', 'city', 'postalCode', 'country', 'notes', 'company', 'vatNumber', 'cnp'] as const
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number]

/** localStorage key under which a checkout form in progress is kept (e.g. across signing in). */
export const CHECKOUT_FORM_STORAGE_KEY = 'cartFormData'
