import * as z from 'zod/mini'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../enums.ts'
import { lookupEmail, searchText } from './fields.ts'

/**
 * The /admin/orders list filters, read from the query string by the page and the CSV export alike.
 * A filter that is not one of the known values is ignored (the list shows everything), never an error.
 */
export const ORDER_SEARCH_MAX = 100

export const ORDER_VIEWS = ['active', 'checkouts', 'all', 'archived'] as const
export type OrderView = (typeof ORDER_VIEWS)[number]

/** A calendar day, `YYYY-MM-DD`, that exists (no 31 February), from 1970 to 9998 (the database's dates hold them all). */
export function isIsoDay(value: string) {
	if (!/^(19[7-9]\d|[2-8]\d{3}|9[0-8]\d{2}|99[0-8]\d)-\d{2}-\d{2}$/.test(value)) return false
	const day = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

const isoDay = z.string().check(z.refine(isIsoDay))

export const orderListFiltersSchema = z.object({
	q: z.pipe(
		z.catch(z.string(), ''),
		z.transform((value: string) => searchText(value, ORDER_SEARCH_MAX)),
	),
	status: z.catch(z.optional(z.enum(ORDER_STATUSES)), undefined),
	payment: z.catch(z.optional(z.enum(PAYMENT_STATUSES)), undefined),
	/**
	 * Which orders (ADR 0116): 'active' (the default) the orders to fulfil — paid, refunded, or paid
	 * by a method still settling; 'checkouts' the checkouts never paid (unpaid, expired, declined);
	 * 'all' both; 'archived' the archived ("deleted") orders only. Anything else is 'active'.
	 */
	view: z.catch(z.enum(ORDER_VIEWS), 'active'),
	/**
	 * Placed from / to, days in the shop's time zone (Europe/Bucharest), both inclusive (ADR 0130).
	 * A date that is not a real `YYYY-MM-DD` day is ignored.
	 */
	from: z.catch(z.optional(isoDay), undefined),
	to: z.catch(z.optional(isoDay), undefined),
	/** One customer's orders (the customers list links here): the exact email, any case. */
	email: z.catch(z.optional(lookupEmail()), undefined),
	page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1),
})

export type OrderListFilters = z.output<typeof orderListFiltersSchema>

export function parseOrderListFilters(params: URLSearchParams): OrderListFilters {
	const filters = orderListFiltersSchema.parse({
		q: params.get('q') ?? '',
		status: params.get('status') || undefined,
		payment: params.get('payment') || undefined,
		view: params.get('view') || undefined,
		from: params.get('from') || undefined,
		to: params.get('to') || undefined,
		email: params.get('email') || undefined,
		page: params.get('page') ?? undefined,
	})
	// Dates typed the wrong way round still mean the days between them.
	if (filters.from && filters.to && filters.from > filters.to) return { ...filters, from: filters.to, to: filters.from }
	return filters
}

/** The query string for these filters (defaults left out), e.g. `?status=new&page=2`, or '' for none. */
export function orderListSearch(filters: Partial<OrderListFilters>, overrides: Partial<OrderListFilters> = {}) {
	const merged = { ...filters, ...overrides }
	const params = new URLSearchParams()
	if (merged.q) params.set('q', merged.q)
	if (merged.status) params.set('status', merged.status)
	if (merged.payment) params.set('payment', merged.payment)
	if (merged.view && merged.view !== 'active') params.set('view', merged.view)
	if (merged.from) params.set('from', merged.from)
	if (merged.to) params.set('to', merged.to)
	if (merged.email) params.set('email', merged.email)
	if (merged.page && merged.page > 1) params.set('page', String(merged.page))
	const search = params.toString()
	return search ? `?${search}` : ''
}
