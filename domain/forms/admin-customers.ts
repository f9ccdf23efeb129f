import * as z from 'zod/mini'
import { searchText } from './fields.ts'

/** The /admin/customers list (ADR 0130): a search over email and name, one page at a time. */
export const CUSTOMER_SEARCH_MAX = 100

export const customerListFiltersSchema = z.object({
	q: z.pipe(
		z.catch(z.string(), ''),
		z.transform((value: string) => searchText(value, CUSTOMER_SEARCH_MAX)),
	),
	page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1),
})

export type CustomerListFilters = z.output<typeof customerListFiltersSchema>

export function parseCustomerListFilters(params: URLSearchParams): CustomerListFilters {
	return customerListFiltersSchema.parse({ q: params.get('q') ?? '', page: params.get('page') ?? undefined })
}

/** The query string for these filters (defaults left out), or '' for none. */
export function customerListSearch(filters: Partial<CustomerListFilters>, overrides: Partial<CustomerListFilters> = {}) {
	const merged = { ...filters, ...overrides }
	const params = new URLSearchParams()
	if (merged.q) params.set('q', merged.q)
	if (merged.page && merged.page > 1) params.set('page', String(merged.page))
	const search = params.toString()
	return search ? `?${search}` : ''
}

/** The customers page's action: intent=erase (GDPR art. 17) for one customer, named by email. */
export const customerActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('erase'),
		email: z
			.string({ error: 'Client necunoscut' })
			.check(z.trim(), z.toLowerCase(), z.minLength(3, 'Client necunoscut'), z.maxLength(320, 'Client necunoscut')),
	}),
])
