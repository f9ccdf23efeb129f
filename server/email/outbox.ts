import type { DbExecutor } from '#db/client.ts'
import { emailOutbox, type EmailAttachmentRef } from '#db/schema/index.ts'

export type EmailMessage = {
	to: string
	subject: string
	text: string
	html?: string
	replyTo?: string
	/** Enqueueing twice with the same key sends once, e.g. `order-paid:{orderId}`. */
	dedupeKey?: string
	/** Documents made and attached at sending time (an issued invoice's PDF). */
	attachments?: EmailAttachmentRef[]
	/** Extra headers (a campaign's List-Unsubscribe pair). */
	headers?: Record<string, string>
	/** A newsletter campaign's email: the sender drops it if this subscriber unsubscribes before it goes. */
	newsletterSubscriberId?: string
}

/**
 * Puts a message in the outbox. Call it with the transaction that makes the change the message
 * reports, so the two commit together; the sender delivers it afterwards.
 * Returns false when a message with the same dedupe key was already queued.
 */
export async function enqueueEmail(db: DbExecutor, message: EmailMessage): Promise<boolean> {
	const inserted = await db
		.insert(emailOutbox)
		.values({
			toAddress: message.to,
			subject: message.subject,
			text: message.text,
			html: message.html ?? null,
			replyTo: message.replyTo ?? null,
			dedupeKey: message.dedupeKey ?? null,
			attachments: message.attachments ?? [],
			headers: message.headers ?? {},
			newsletterSubscriberId: message.newsletterSubscriberId ?? null,
		})
		.onConflictDoNothing({ target: emailOutbox.dedupeKey })
		.returning({ id: emailOutbox.id })
	return inserted.length > 0
}
