import * as z from 'zod/mini'
import { searchText } from './fields.ts'

/** The newsletter's subscribers in the admin: a search over the address, the subscription's state, a page. */
export const NEWSLETTER_SEARCH_MAX = 100
/** `active` is every address not unsubscribed, confirmed or still pending its confirmation. */
export const NEWSLETTER_STATUSES = ['active', 'confirmed', 'pending', 'unsubscribed', 'all'] as const
export type NewsletterStatusFilter = (typeof NEWSLETTER_STATUSES)[number]

export const newsletterListFiltersSchema = z.object({
	q: z.pipe(
		z.catch(z.string(), ''),
		z.transform((value: string) => searchText(value, NEWSLETTER_SEARCH_MAX)),
	),
	status: z.catch(z.enum(NEWSLETTER_STATUSES), 'active'),
	page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1),
})

export type NewsletterListFilters = z.output<typeof newsletterListFiltersSchema>

export function parseNewsletterListFilters(params: URLSearchParams): NewsletterListFilters {
	return newsletterListFiltersSchema.parse({ q: params.get('q') ?? '', status: params.get('status') ?? undefined, page: params.get('page') ?? undefined })
}

/** The query string for these filters (defaults left out, the page only when asked), or '' for none. */
export function newsletterListSearch(filters: NewsletterListFilters, page?: number) {
	const params = new URLSearchParams()
	if (filters.q) params.set('q', filters.q)
	if (filters.status !== 'active') params.set('status', filters.status)
	if (page && page > 1) params.set('page', String(page))
	const search = params.toString()
	return search ? `?${search}` : ''
}

/** The subscribers page's action: the owner ends one subscription (the person asked by other means), named by email. */
export const newsletterActionSchema = z.object({
	intent: z.literal('unsubscribe'),
	email: z.string({ error: 'Abonat necunoscut' }).check(z.trim(), z.toLowerCase(), z.minLength(3, 'Abonat necunoscut'), z.maxLength(320, 'Abonat necunoscut')),
})
