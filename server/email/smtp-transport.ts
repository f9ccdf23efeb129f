import nodemailer from 'nodemailer'
import { toNodemailerMessage, type MailTransport } from './transport.ts'

/**
 * `leaseSeconds` is how long the outbox holds a message for this delivery: connecting, the greeting
 * and any silence mid-delivery each give up well inside it, so a hanging mail server makes the
 * delivery fail and retry rather than outlive its lease and be sent again by another sender.
 * (nodemailer's own defaults wait up to 2 minutes to connect and 10 minutes on a silent socket.)
 */
export function createSmtpTransport(url: string, options: { leaseSeconds: number }): MailTransport {
	const quarter = (options.leaseSeconds * 1000) / 4
	const transporter = nodemailer.createTransport({ url, connectionTimeout: quarter, greetingTimeout: quarter, socketTimeout: 2 * quarter })
	return {
		kind: 'smtp',
		async send(email) {
			await transporter.sendMail(toNodemailerMessage(email))
		},
		close() {
			transporter.close()
		},
	}
}
