import { enqueueEmail } from '../email/outbox.ts'
import { renderMessageEmail } from '../email/templates/message.tsx'
import type { RequestContext } from '../context.ts'
import { serverI18n } from '../i18n.ts'
import { hitRateLimit } from '../security/rate-limit.ts'
import type { ContactInput } from '#domain/forms/contact.ts'

/** A contact form must not become a spam cannon. Per address: 5 messages an hour. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 3600 }

/** A refused message says how long until the address may send again (a 429's Retry-After). */
export type ContactOutcome = { kind: 'sent' } | { kind: 'ignored' } | { kind: 'rate-limited'; retryAfterSeconds: number }

/**
 * Sends a contact-form message to the shop's address (SHOP_EMAIL) through the email outbox, with
 * the visitor's address as Reply-To. A filled-in honeypot is answered like a success but sends nothing.
 */
export async function sendContactMessage(
	app: Pick<RequestContext, 'db' | 'env' | 'email' | 'clientIp' | 'locale' | 'log'>,
	input: ContactInput,
): Promise<ContactOutcome> {
	if (input.website && input.website.trim() !== '') {
		app.log.info({ ip: app.clientIp }, 'contact form honeypot filled; message dropped')
		return { kind: 'ignored' }
	}
	const limit = await hitRateLimit(app.db, `contact:${app.clientIp}`, CONTACT_RATE_LIMIT)
	if (!limit.allowed) return { kind: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds }
	// The shop's owner reads Romanian (the admin language), whatever the visitor's language.
	const t = serverI18n('ro').t
	await enqueueEmail(app.db, {
		to: app.env.SHOP_EMAIL,
		replyTo: input.email,
		...renderMessageEmail({
			locale: 'ro',
			subject: t('contact.emailSubject', { subject: input.subject.replace(/[\r\n]+/g, ' ') }),
			body: [
				`${t('contact.name')}: ${input.name}`,
				`${t('contact.email')}: ${input.email}`,
				`${t('contact.subject')}: ${input.subject}`,
				`${t('nav.language')}: ${app.locale}`,
				'',
				input.message,
			].join('\n'),
		}),
	})
	app.email.nudge()
	return { kind: 'sent' }
}
