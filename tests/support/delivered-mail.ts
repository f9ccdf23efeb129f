import type { ReceivedMail } from './smtp.ts'

/** The sender gives every message the Message-ID `<outbox row id@host>`. */
const MESSAGE_ID = /^message-id:\s*<([^@>]+)@/im

/** Which outbox rows reached the SMTP sink: one id per message accepted, so a message sent twice appears twice. */
export function outboxIdsReceivedBySmtp(received: readonly ReceivedMail[]): string[] {
	return received.map((mail) => MESSAGE_ID.exec(mail.raw)?.[1] ?? `(no Message-ID: ${mail.raw.slice(0, 80)})`)
}

/** The messages the mail server took for shoppers, leaving out the owner's copies (ADR 0116). */
export function receivedByShoppers(received: readonly ReceivedMail[], ownerEmail: string): ReceivedMail[] {
	return received.filter((mail) => !mail.to.includes(ownerEmail))
}
