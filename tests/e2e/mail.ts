import fs from 'node:fs/promises'
import path from 'node:path'
import { mailsTo as mailsInFolder } from '../../scripts/lib/mail-folder.ts'

/** The shared e2e shop's mail folder (a test that starts a shop of its own passes that shop's DATA_DIR/mail). */
const sharedMailFolder = () => path.join(process.env.E2E_DATA_DIR!, 'mail')

/** The decoded bodies of the mails the shop's outbox wrote for `email` (the shared shop's folder unless told). */
export function mailsTo(email: string, folder = sharedMailFolder()) {
	return mailsInFolder(email, folder)
}

/** The .eml files the outbox wrote for `email`, as they are (attachments still encoded). */
export async function rawMailsTo(email: string, folder = sharedMailFolder()) {
	const files = await fs.readdir(folder).catch(() => [] as string[])
	const raws = await Promise.all(files.filter((file) => file.endsWith('.eml')).map((file) => fs.readFile(path.join(folder, file), 'utf8').catch(() => '')))
	return raws.filter((raw) => raw.split(/\r?\n/).includes(`To: ${email}`))
}

/** The PDF attachments of a raw message: each part typed application/pdf, its name and its bytes (base64, as nodemailer writes them). */
export function pdfAttachments(raw: string): { name: string; bytes: Buffer }[] {
	return raw.split(/\r?\n--[^\r\n]+/).flatMap((part) => {
		const [head = '', ...body] = part.split(/\r?\n\r?\n/)
		if (!/^Content-Type:\s*application\/pdf/im.test(head) || !/^Content-Transfer-Encoding:\s*base64/im.test(head)) return []
		const name = /name="?([^";\r\n]+)/i.exec(head)?.[1] ?? ''
		return [{ name, bytes: Buffer.from(body.join('').replace(/\s+/g, ''), 'base64') }]
	})
}
