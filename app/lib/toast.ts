import { z } from 'zod'

/** A message shown once, after the next page load (e.g. after a form redirects). */
export const toastSchema = z.object({
	type: z.enum(['success', 'error', 'info']).default('info'),
	title: z.string().max(200),
	description: z.string().max(500).optional(),
})

export type Toast = z.input<typeof toastSchema>
