import fs from 'node:fs/promises'
import type { ReceivedMail } from './smtp.ts'

/**
 * Which outbox rows really left the shop. The sender gives every message the Message-ID
 * `<outbox row id@host>`, and the file transport names each .eml after that id.
 */

const MESSAGE_ID = /^message-id:\s*<([^@>]+)@/im

/** One outbox id per message the SMTP sink accepted; a message sent twice appears twice. */
export function outboxIdsReceivedBySmtp(received: readonly ReceivedMail[]): string[] {
	return received.map((mail) => MESSAGE_ID.exec(mail.raw)?.[1] ?? `(no Message-ID: ${mail.raw.slice(0, 80)})`)
}

/**
 * Outbox ids of the .eml files in a file outbox folder. A resend rewrites the same file, so this
 * proves each message was written, not that it was written once (an SMTP sink counts resends).
 */
export async function outboxIdsInMailFolder(folder: string): Promise<string[]> {
	const names = await fs.readdir(folder).catch((error: NodeJS.ErrnoException) => {
		if (error.code === 'ENOENT') return []
		throw error
	})
	return names.filter((name) => name.endsWith('.eml')).map((name) => name.slice(0, -'.eml'.length))
}
