export type OutgoingEmail = {
	messageId: string
	from: string
	to: string
	subject: string
	text: string
	html?: string | null
	replyTo?: string | null
}

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
	}
}
