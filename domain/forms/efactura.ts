import * as z from 'zod/mini'
import { UUID_PATTERN } from '../ids.ts'
import { EFACTURA_FILTERS, type EFacturaFilter } from '../efactura/submission.ts'

/** The admin's e-Factura retry (ADR 0160): one document, by its id. */
export const eFacturaRetrySchema = z.object({
	intent: z.literal('retry', { error: 'Acțiune necunoscută' }),
	invoiceId: z.string({ error: 'Documentul lipsește' }).check(z.regex(UUID_PATTERN, 'Documentul nu există')),
})

/** The list's filter and page from the URL: anything unknown reads as the default. */
export function parseEFacturaListFilters(params: URLSearchParams): { filter: EFacturaFilter; page: number } {
	const filter = params.get('stare') ?? 'all'
	const page = Number(params.get('page'))
	return {
		filter: (EFACTURA_FILTERS as readonly string[]).includes(filter) ? (filter as EFacturaFilter) : 'all',
		page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
	}
}

export function eFacturaListSearch(input: { filter: EFacturaFilter; page?: number }): string {
	const params = new URLSearchParams()
	if (input.filter !== 'all') params.set('stare', input.filter)
	if (input.page && input.page > 1) params.set('page', String(input.page))
	const search = params.toString()
	return search ? `?${search}` : ''
}
