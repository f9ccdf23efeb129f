/**
 * Reading ANAF's e-Factura answers (FCTEL/rest), as documented in its API presentation and swagger
 * pages. ANAF reports most failures inside an HTTP 200 answer, each endpoint in its own shape:
 * - upload: `<header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" ExecutionStatus="0" index_incarcare="…"/>`,
 *   or ExecutionStatus="1" with `<Errors errorMessage="…"/>` children;
 * - stareMesaj: `<header xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1" stare="ok|nok|in prelucrare|XML cu erori nepreluat de sistem" id_descarcare="…"/>`,
 *   or `<Errors errorMessage="…"/>` about the query itself;
 * - listaMesajeFactura: JSON `{ mesaje: [...] }` or `{ eroare: "…" }` ("Nu exista mesaje …" is an empty list);
 * - descarcare: a ZIP of `{index}.xml` (the document as ANAF took it, or its errors under
 *   `mfp:anaf:dgti:efactura:mesajEroriFactuta:v1`) and `semnatura_{index}.xml` (the Ministry's XML signature),
 *   or a JSON error in its place.
 */

/** An answer that is none of the documented shapes. */
export class AnafAnswerError extends Error {
	override name = 'AnafAnswerError'
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decodeXml(value: string): string {
	return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
		if (entity[0] === '#') return String.fromCodePoint(entity[1]!.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)))
		return XML_ENTITIES[entity.toLowerCase()]!
	})
}

/** The attributes of the first element with this local name (any prefix). */
function attributesOf(xml: string, element: string): Record<string, string> | null {
	const match = new RegExp(`<(?:[\\w.-]+:)?${element}\\b([^>]*?)/?>`, 's').exec(xml)
	if (!match) return null
	const attributes: Record<string, string> = {}
	for (const [, name, double, single] of match[1]!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attributes[name!] = decodeXml(double ?? single ?? '')
	return attributes
}

/** Every `errorMessage` attribute of the elements with this local name, in order. */
function errorMessages(xml: string, element: 'Errors' | 'Error'): string[] {
	const messages: string[] = []
	for (const match of xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${element}\\b[^>]*?errorMessage\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'gs'))) {
		messages.push(decodeXml(match[1] ?? match[2] ?? '').trim())
	}
	return messages
}

export type UploadAnswer = { kind: 'indexed'; index: string } | { kind: 'refused'; messages: string[] }

export function parseUploadAnswer(xml: string): UploadAnswer {
	const header = attributesOf(xml, 'header')
	if (!header) throw new AnafAnswerError(`upload answer without a header: ${xml.slice(0, 200)}`)
	const index = header.index_incarcare?.trim()
	if (header.ExecutionStatus === '0' && index && /^\d+$/.test(index)) return { kind: 'indexed', index }
	const messages = errorMessages(xml, 'Errors')
	if (header.ExecutionStatus === '1' || messages.length) return { kind: 'refused', messages: messages.length ? messages : ['ExecutionStatus=1'] }
	throw new AnafAnswerError(`upload answer without an index: ${xml.slice(0, 200)}`)
}

export type StatusAnswer =
	| { kind: 'ok' | 'nok'; downloadId: string }
	| { kind: 'processing' }
	/** Refused at upload; the reasons came with the upload's answer. */
	| { kind: 'xml-errors' }
	/** ANAF could not answer about this upload (a wrong id, no rights, the daily limit): a query error, not the document's state. */
	| { kind: 'query-error'; messages: string[] }

export function parseStatusAnswer(xml: string): StatusAnswer {
	const header = attributesOf(xml, 'header')
	if (!header) throw new AnafAnswerError(`stareMesaj answer without a header: ${xml.slice(0, 200)}`)
	const state = header.stare?.trim()
	if (state === 'ok' || state === 'nok') {
		const downloadId = header.id_descarcare?.trim()
		if (!downloadId) throw new AnafAnswerError(`stareMesaj ${state} without id_descarcare`)
		return { kind: state, downloadId }
	}
	if (state === 'in prelucrare') return { kind: 'processing' }
	if (state === 'XML cu erori nepreluat de sistem') return { kind: 'xml-errors' }
	const messages = errorMessages(xml, 'Errors')
	if (messages.length) return { kind: 'query-error', messages }
	throw new AnafAnswerError(`stareMesaj answer with an unknown state: ${xml.slice(0, 200)}`)
}

export type AnafMessage = {
	/** The message's id, for descarcare. */
	id: string
	/** The upload index the message is about. */
	uploadIndex: string
	type: 'FACTURA TRIMISA' | 'ERORI FACTURA' | string
	/** data_creare, yyyyMMddHHmm in Romanian time. */
	createdAt: Date
	details: string
}

/** listaMesajeFactura's JSON; "Nu exista mesaje …" is an empty list, any other `eroare` an error. */
export function parseMessageList(json: unknown): AnafMessage[] {
	if (typeof json !== 'object' || json === null) throw new AnafAnswerError('listaMesajeFactura answer is not an object')
	const body = json as { mesaje?: unknown; eroare?: unknown }
	if (typeof body.eroare === 'string') {
		if (/^Nu exista mesaje/i.test(body.eroare)) return []
		throw new AnafAnswerError(body.eroare)
	}
	if (!Array.isArray(body.mesaje)) throw new AnafAnswerError('listaMesajeFactura answer without mesaje')
	return body.mesaje.map((raw) => {
		const message = raw as Record<string, unknown>
		return {
			id: String(message.id ?? ''),
			uploadIndex: String(message.id_solicitare ?? ''),
			type: String(message.tip ?? ''),
			createdAt: anafTimestamp(String(message.data_creare ?? '')),
			details: String(message.detalii ?? ''),
		}
	})
}

const ROMANIAN_MINUTE = new Intl.DateTimeFormat('en-CA', {
	timeZone: 'Europe/Bucharest',
	hourCycle: 'h23',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
})

/** An instant as ANAF writes it: yyyyMMddHHmm in Romanian local time. */
export function toAnafTimestamp(at: Date): string {
	const parts = Object.fromEntries(ROMANIAN_MINUTE.formatToParts(at).map((part) => [part.type, part.value]))
	return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}`
}

const TIMESTAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/

/** ANAF's yyyyMMddHHmm (Romanian local time) as an instant. */
export function anafTimestamp(value: string): Date {
	const asUtc = (text: string) => {
		const match = TIMESTAMP.exec(text)
		if (!match) throw new AnafAnswerError(`not an ANAF timestamp: ${text}`)
		const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number]
		return Date.UTC(year, month - 1, day, hour, minute)
	}
	const written = asUtc(value)
	// The offset of Romanian time at about that moment (2 h in winter, 3 h in summer).
	const offset = asUtc(toAnafTimestamp(new Date(written))) - written
	return new Date(written - offset)
}

export type AnswerFiles = { name: string; text: string }[]

export type ReadAnswer = {
	/** The document as ANAF accepted it (an accepted upload), or null for an errors file. */
	documentXml: string | null
	/** ANAF's reasons, for a rejected upload. */
	errors: string[]
	/** The Ministry of Finance's XML signature of the answer. */
	signatureXml: string | null
	/** The document's number (cbc:ID), when the answer holds the document. */
	documentNumber: string | null
}

/** The files of a descarcare ZIP, told apart. */
export function readAnswerFiles(files: AnswerFiles): ReadAnswer {
	const signature = files.find((file) => /semnatura/i.test(file.name))
	const main = files.find((file) => file !== signature && file.name.toLowerCase().endsWith('.xml'))
	if (!main) throw new AnafAnswerError(`the answer holds no document: ${files.map((file) => file.name).join(', ')}`)
	const isErrors = /mesajEroriFactuta/.test(main.text)
	const id = isErrors ? null : /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(main.text)
	return {
		documentXml: isErrors ? null : main.text,
		errors: isErrors ? errorMessages(main.text, 'Error') : [],
		signatureXml: signature?.text ?? null,
		documentNumber: id ? decodeXml(id[1]!.trim()) : null,
	}
}

/** A JSON error ANAF sends where a ZIP or XML was expected: `{ "eroare": … }`, or a 400's `{ "message": … }`. */
export function jsonErrorMessage(text: string): string | null {
	try {
		const body = JSON.parse(text) as Record<string, unknown>
		const message = body.eroare ?? body.message ?? body.error
		return typeof message === 'string' ? message : JSON.stringify(body).slice(0, 500)
	} catch {
		return null
	}
}
