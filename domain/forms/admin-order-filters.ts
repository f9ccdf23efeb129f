import * as z from 'zod/mini'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../enums.ts'
import { searchText } from './fields.ts'

/**
 * The /admin/orders list filters, read from the query string by the page and the CSV export alike.
 * A filter that is not one of the known values is ignored (the list shows everything), never an error.
 */
export const ORDER_SEARCH_MAX = 100

export const ORDER_VIEWS = ['active', 'checkouts', 'all', 'archived'] as const
export type OrderView = (typeof ORDER_VIEWS)[number]

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
	page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1),
})

export type OrderListFilters = z.output<typeof orderListFiltersSchema>

export function parseOrderListFilters(params: URLSearchParams): OrderListFilters {
	return orderListFiltersSchema.parse({
		q: params.get('q') ?? '',
		status: params.get('status') || undefined,
		payment: params.get('payment') || undefined,
		view: params.get('view') || undefined,
		page: params.get('page') ?? undefined,
	})
}

/** The query string for these filters (defaults left out), e.g. `?status=new&page=2`, or '' for none. */
export function orderListSearch(filters: Partial<OrderListFilters>, overrides: Partial<OrderListFilters> = {}) {
	const merged = { ...filters, ...overrides }
	const params = new URLSearchParams()
	if (merged.q) params.set('q', merged.q)
	if (merged.status) params.set('status', merged.status)
	if (merged.payment) params.set('payment', merged.payment)
	if (merged.view && merged.view !== 'active') params.set('view', merged.view)
	if (merged.page && merged.page > 1) params.set('page', String(merged.page))
	const search = params.toString()
	return search ? `?${search}` : ''
}
