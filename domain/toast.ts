import * as z from 'zod/mini'

/** A message shown once, after the next page load (e.g. after a form redirects). */
export const toastSchema = z.object({
	type: z._default(z.enum(['success', 'error', 'info']), 'info'),
	title: z.string().check(z.maxLength(200)),
	description: z.optional(z.string().check(z.maxLength(500))),
})

export type Toast = z.input<typeof toastSchema>
