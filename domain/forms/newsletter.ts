import * as z from 'zod/mini'
import { emailAddress } from './fields.ts'

/** Messages are translation keys; the page shows them in the visitor's language. */
export const newsletterSchema = z.object({
	email: emailAddress(255, 'newsletter.invalidEmail'),
	consent: z.literal('on', { error: 'newsletter.consentRequired' }),
})
