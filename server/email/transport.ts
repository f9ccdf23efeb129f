export type OutgoingEmail = {
	messageId: string
	from: string
	to: string
	subject: string
	text: string
	html?: string | null
	replyTo?: string | null
	attachments?: EmailAttachment[]
	headers?: Record<string, string>
}

/** A file sent with a message (an invoice's PDF). */
export type EmailAttachment = { filename: string; content: Buffer; contentType: string }

/** One way of delivering a built message: SMTP in production, .eml files otherwise. */
export interface MailTransport {
	readonly kind: 'smtp' | 'file'
	send(email: OutgoingEmail): Promise<void>
	close(): void
}

export function toNodemailerMessage(email: OutgoingEmail) {
	return {
		messageId: email.messageId,
		from: email.from,
		to: email.to,
		subject: email.subject,
		text: email.text,
		html: email.html ?? undefined,
		replyTo: email.replyTo ?? undefined,
		headers: email.headers && Object.keys(email.headers).length ? email.headers : undefined,
		attachments: email.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
	}
}
