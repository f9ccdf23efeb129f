import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/** The official e-Factura validation artefacts, vendored unchanged with their sources and licences (einvoice/README.md). */
const VALIDATE = path.join(import.meta.dirname, 'einvoice', 'validate')

/** `fatal`: the rules ANAF would reject the document by; `report`: every failed rule, warnings included. */
export type EInvoiceVerdict = { name: string; valid: boolean; fatal: string[]; report: string }

/**
 * Checks UBL documents as ANAF does (UBL 2.1 schema, EN 16931 and CIUS-RO 1.0.9 rules), all in one
 * run of the validator (Saxon compiles each rule set once per run). `documents` maps a name to its
 * XML. A missing tool (xmllint, Java, Saxon-HE) throws: the check never passes by not running.
 */
export async function validateEInvoices(documents: Record<string, string>): Promise<EInvoiceVerdict[]> {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'einvoice-'))
	try {
		const files = Object.entries(documents).map(([name, xml]) => ({ name, file: path.join(dir, `${name.replace(/[^\w.-]/g, '_')}.xml`), xml }))
		await Promise.all(files.map(({ file, xml }) => fs.writeFile(file, xml)))
		const { stdout, status, stderr } = await new Promise<{ stdout: string; stderr: string; status: number }>((resolve) => {
			execFile('bash', [VALIDATE, ...files.map((f) => f.file)], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
				resolve({ stdout, stderr, status: error ? Number((error as { code?: number }).code ?? 1) : 0 }),
			)
		})
		if (status !== 0 && status !== 1) throw new Error(`the e-Factura validator could not run (status ${status}): ${stderr.trim()}`)
		const verdicts: EInvoiceVerdict[] = []
		for (const { name, file } of files) {
			const line = stdout.split('\n').find((l) => l.endsWith(` ${file}`) || l.includes(` ${file} `))
			if (!line) throw new Error(`the e-Factura validator said nothing of ${name}`)
			const fatal = line.startsWith('INVALID') ? (line.split(' fatal: ')[1] ?? '').split(' ').filter(Boolean) : []
			const report = await fs.readFile(file.replace(/\.xml$/, '.report.txt'), 'utf8').catch(() => '')
			verdicts.push({ name, valid: line.startsWith('VALID '), fatal, report })
		}
		return verdicts
	} finally {
		await fs.rm(dir, { recursive: true, force: true })
	}
}
