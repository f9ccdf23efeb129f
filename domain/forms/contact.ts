import * as z from 'zod/mini'
import { CONTACT_LIMITS } from './contact-limits.ts'
import { emailAddress, requiredText } from './fields.ts'

export { CONTACT_LIMITS }

/** Messages are translation keys; the page shows them in the visitor's language. */
export const contactSchema = z.object({
	name: requiredText(CONTACT_LIMITS.name, 'contact.nameRequired', 'contact.nameTooLong'),
	email: emailAddress(CONTACT_LIMITS.email, 'contact.invalidEmail'),
	subject: requiredText(CONTACT_LIMITS.subject, 'contact.subjectRequired', 'contact.subjectTooLong'),
	message: requiredText(CONTACT_LIMITS.message, 'contact.messageRequired', 'contact.messageTooLong'),
	/** Honeypot: people never see it; bots fill it in. */
	website: z.optional(z.string()),
})

export type ContactInput = z.infer<typeof contactSchema>
export type { ContactField } from './contact-limits.ts'
