import type { CheckoutForm } from '#domain/forms/checkout.ts'

/** A valid checkout form's customer (Romania, free shipping), for the tests and the benchmark's checkouts. */
export const customer: CheckoutForm = {
	fullName: 'Ana Popescu',
	email: 'ana@example.com',
	phone: '+40 712 345 678',
	address: 'Str. Lalelelor 3',
	city: 'Cluj-Napoca',
	postalCode: '400001',
	country: 'RO',
	notes: '',
	company: '',
	vatNumber: '',
	cnp: '',
}
