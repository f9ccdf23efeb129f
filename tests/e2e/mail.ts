import fs from 'node:fs/promises'
import path from 'node:path'

/** The quoted-printable .eml bodies the shop's outbox wrote to DATA_DIR/mail for `email`, decoded to text. */
export async function mailsTo(email: string) {
	const folder = path.join(process.env.E2E_DATA_DIR!, 'mail')
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
