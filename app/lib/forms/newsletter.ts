import { z } from 'zod'

/** Messages are translation keys; the page shows them in the visitor's language. */
export const newsletterSchema = z.object({
	email: z.string().trim().max(255, 'newsletter.invalidEmail').pipe(z.email('newsletter.invalidEmail')),
	consent: z.literal('on', { error: 'newsletter.consentRequired' }),
})
