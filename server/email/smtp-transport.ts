import nodemailer from 'nodemailer'
import { toNodemailerMessage, type MailTransport } from './transport.ts'

export function createSmtpTransport(url: string): MailTransport {
	const transporter = nodemailer.createTransport(url, {})
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
