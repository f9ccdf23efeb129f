import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * The quoted-printable .eml bodies the shop's outbox wrote to `folder` (DATA_DIR/mail when SMTP_URL
 * is unset) for `email`, decoded to text: how the e2e tests and `npm run screenshots` follow the links
 * a customer is mailed. Only finished .eml files are read: the outbox writes a .tmp first and renames it.
 */
export async function mailsTo(email: string, folder: string) {
	const files = await fs.readdir(folder).catch(() => [] as string[])
	const texts = await Promise.all(files.filter((file) => file.endsWith('.eml')).map((file) => fs.readFile(path.join(folder, file), 'latin1').catch(() => '')))
	return texts
		.filter((raw) => raw.includes(`To: ${email}`))
		.map((raw) =>
			Buffer.from(
				raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
				'latin1',
			).toString('utf8'),
		)
}
