import fsp from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { toNodemailerMessage, type MailTransport } from './transport.ts'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts'

/**
 * Writes each message as an .eml file (DATA_DIR/mail by default). The file name comes from the
 * outbox id, so sending the same row twice rewrites one file instead of making a second.
 */
export function createFileTransport(folder: string): MailTransport {
	const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
	return {
		kind: 'file',
		async send(email) {
			const info = await builder.sendMail(toNodemailerMessage(email))
			await fsp.mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE })
			const name = email.messageId.replace(/^<|@.*$/g, '').replace(/[^a-zA-Z0-9-]/g, '')
			const file = path.join(folder, `${name}.eml`)
			// Owner-only whatever the umask: a message holds links that sign a customer in (ADR 0167).
			await fsp.writeFile(`${file}.tmp`, info.message as Buffer, { mode: PRIVATE_FILE_MODE })
			await fsp.rename(`${file}.tmp`, file)
		},
		close() {
			builder.close()
		},
	}
}
