import { z } from 'zod'
import { CONTACT_LIMITS } from './contact-limits.ts'

export { CONTACT_LIMITS }

/** Messages are translation keys; the page shows them in the visitor's language. */
export const contactSchema = z.object({
	name: z.string().trim().min(1, 'contact.nameRequired').max(CONTACT_LIMITS.name, 'contact.nameTooLong'),
	email: z.string().trim().max(CONTACT_LIMITS.email, 'contact.invalidEmail').pipe(z.email('contact.invalidEmail')),
	subject: z.string().trim().min(1, 'contact.subjectRequired').max(CONTACT_LIMITS.subject, 'contact.subjectTooLong'),
	message: z.string().trim().min(1, 'contact.messageRequired').max(CONTACT_LIMITS.message, 'contact.messageTooLong'),
	/** Honeypot: people never see it; bots fill it in. */
	website: z.string().optional(),
})

export type ContactInput = z.infer<typeof contactSchema>
export type { ContactField } from './contact-limits.ts'
