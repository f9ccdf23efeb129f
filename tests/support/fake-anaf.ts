import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { strToU8, zipSync } from 'fflate'
import { toAnafTimestamp as anafDate } from '#domain/efactura/anaf-answers.ts'

/**
 * A local stand-in for ANAF's e-Factura API and OAuth server, answering as the real ones do
 * (ADR 0160): the token endpoint (refresh tokens rotate: each refresh spends the one it was given),
 * upload / uploadb2c (an XML header with index_incarcare, or ExecutionStatus=1 with Errors),
 * stareMesaj ("in prelucrare", then ok or nok with id_descarcare), listaMesajeFactura (JSON),
 * descarcare (a ZIP of the document or its errors, and semnatura_{index}.xml). Failures come as
 * ANAF sends them: inside an HTTP 200 in each endpoint's own shape. Tests can take it down
 * (HTTP 503), hold uploads unanswered (the upload is received, the answer never comes), and choose
 * which documents ANAF rejects.
 */

export type FakeUpload = {
	index: string
	downloadId: string
	/** The document's number (its cbc:ID). */
	number: string
	endpoint: 'upload' | 'uploadb2c'
	environment: string
	standard: string
	cif: string
	extern: boolean
	xml: string
	receivedAt: Date
	/** Status questions answered so far. */
	polls: number
	outcome: { state: 'ok' } | { state: 'nok'; messages: string[] }
}

export type FakeAnafOptions = {
	clientId?: string
	clientSecret?: string
	/** The refresh token the owner got from SPV. */
	refreshToken?: string
	/** How many status questions are answered "in prelucrare" before the answer (default 1). */
	processingPolls?: number
	/** Seconds an access token lasts (ANAF: 90 days). */
	accessTokenSeconds?: number
}

const UPLOAD_NS = 'mfp:anaf:dgti:spv:respUploadFisier:v1'
const STATUS_NS = 'mfp:anaf:dgti:efactura:stareMesajFactura:v1'
const ERRORS_NS = 'mfp:anaf:dgti:efactura:mesajEroriFactuta:v1'

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

export async function startFakeAnaf(options: FakeAnafOptions = {}) {
	const clientId = options.clientId ?? 'shop-client'
	const clientSecret = options.clientSecret ?? 'shop-client-secret'
	let validRefreshToken = options.refreshToken ?? 'refresh-from-spv-0'
	const accessTokens = new Set<string>()
	const uploads: FakeUpload[] = []
	const requests: { method: string; path: string; query: Record<string, string> }[] = []
	const refreshes: { refreshToken: string; granted: boolean }[] = []
	const rejections = new Map<string, string[]>()
	const held: http.ServerResponse[] = []
	let nextIndex = 5_000_000_001
	let nextDownload = 3_000_000_001
	let tokenCount = 0
	let down = false
	let holdUploads = false
	const heldUploadListeners: ((upload: FakeUpload) => void)[] = []

	const xml = (res: http.ServerResponse, body: string) => {
		res.writeHead(200, { 'Content-Type': 'application/xml' })
		res.end(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`)
	}
	const json = (res: http.ServerResponse, status: number, body: unknown) => {
		res.writeHead(status, { 'Content-Type': 'application/json' })
		res.end(JSON.stringify(body))
	}

	function answerZip(upload: FakeUpload) {
		const files: Record<string, Uint8Array> = {
			[`semnatura_${upload.index}.xml`]: strToU8(
				`<?xml version="1.0" encoding="UTF-8"?><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/><SignatureValue>ZmFrZQ==</SignatureValue><KeyInfo><X509Data><X509Certificate>TUZQ</X509Certificate></X509Data></KeyInfo></Signature>`,
			),
		}
		files[`${upload.index}.xml`] =
			upload.outcome.state === 'ok'
				? strToU8(upload.xml)
				: strToU8(
						`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><header xmlns="${ERRORS_NS}" Index_incarcare="${upload.index}" Cif_emitent="${upload.cif}">${upload.outcome.messages
							.map((message) => `<Error errorMessage="${escape(message)}"/>`)
							.join('')}</header>`,
					)
		return zipSync(files)
	}

	function handleToken(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
		const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
		const form = new URLSearchParams(body)
		if (req.headers.authorization !== expected) return json(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials' })
		const given = form.get('refresh_token') ?? ''
		const granted = form.get('grant_type') === 'refresh_token' && given === validRefreshToken
		refreshes.push({ refreshToken: given, granted })
		if (!granted) return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid refresh token' })
		tokenCount++
		const accessToken = `access-${tokenCount}`
		// The refresh token rotates: the one just used is spent.
		validRefreshToken = `refresh-rotated-${tokenCount}`
		accessTokens.add(accessToken)
		json(res, 200, { access_token: accessToken, refresh_token: validRefreshToken, token_type: 'Bearer', expires_in: options.accessTokenSeconds ?? 7_776_000 })
	}

	function handleApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
		const match = /^\/(prod|test)\/FCTEL\/rest\/(\w+)$/.exec(url.pathname)
		if (!match) return json(res, 404, { timestamp: new Date().toISOString(), status: 404, error: 'Not Found', message: 'No message available' })
		const [, environment, operation] = match as unknown as [string, string, string]
		const auth = String(req.headers.authorization ?? '')
		if (!auth.startsWith('Bearer ') || !accessTokens.has(auth.slice(7))) return json(res, 401, { status: 401, error: 'Unauthorized', message: 'Token invalid' })
		const query = Object.fromEntries(url.searchParams)
		if ((operation === 'upload' || operation === 'uploadb2c') && req.method === 'POST') {
			if (!['UBL', 'CN', 'CII', 'RASP'].includes(query.standard ?? '')) {
				return xml(
					res,
					`<header xmlns="${UPLOAD_NS}" dateResponse="${anafDate(new Date())}" ExecutionStatus="1"><Errors errorMessage="Valorile acceptate pentru parametrul standard sunt UBL, CN, CII sau RASP"/></header>`,
				)
			}
			if (!/^\d{2,10}$/.test(query.cif ?? '')) {
				return xml(
					res,
					`<header xmlns="${UPLOAD_NS}" dateResponse="${anafDate(new Date())}" ExecutionStatus="1"><Errors errorMessage="CIF introdus= ${escape(query.cif ?? '')} nu este un numar"/></header>`,
				)
			}
			const number = /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(body)?.[1] ?? ''
			const upload: FakeUpload = {
				index: String(nextIndex++),
				downloadId: String(nextDownload++),
				number,
				endpoint: operation as 'upload' | 'uploadb2c',
				environment,
				standard: query.standard!,
				cif: query.cif!,
				extern: query.extern === 'DA',
				xml: body,
				receivedAt: new Date(),
				polls: 0,
				outcome: rejections.has(number) ? { state: 'nok', messages: rejections.get(number)! } : { state: 'ok' },
			}
			uploads.push(upload)
			if (holdUploads) {
				// ANAF took the upload; its answer never leaves (the caller dies or gives up waiting).
				held.push(res)
				for (const listener of heldUploadListeners.splice(0)) listener(upload)
				return
			}
			return xml(res, `<header xmlns="${UPLOAD_NS}" dateResponse="${anafDate(upload.receivedAt)}" ExecutionStatus="0" index_incarcare="${upload.index}"/>`)
		}
		if (operation === 'stareMesaj') {
			const upload = uploads.find((u) => u.index === query.id_incarcare)
			if (!upload)
				return xml(
					res,
					`<header xmlns="${STATUS_NS}"><Errors errorMessage="Nu aveti dreptul de inteorgare pentru id_incarcare= ${escape(query.id_incarcare ?? '')}"/></header>`,
				)
			upload.polls++
			if (upload.polls <= (options.processingPolls ?? 1)) return xml(res, `<header xmlns="${STATUS_NS}" stare="in prelucrare"/>`)
			return xml(res, `<header xmlns="${STATUS_NS}" stare="${upload.outcome.state}" id_descarcare="${upload.downloadId}"/>`)
		}
		if (operation === 'listaMesajeFactura') {
			const days = Number(query.zile)
			if (!(days >= 1 && days <= 60)) return json(res, 200, { eroare: `Numarul de zile trebuie sa fie intre 1 si 60`, titlu: 'Lista Mesaje' })
			const since = Date.now() - days * 86_400_000
			const wanted = query.filtru === 'E' ? 'nok' : query.filtru === 'T' ? 'ok' : null
			const listed = uploads.filter((u) => u.cif === query.cif && u.receivedAt.getTime() >= since && (wanted === null || u.outcome.state === wanted))
			if (listed.length === 0) return json(res, 200, { eroare: `Nu exista mesaje in ultimele ${days} zile`, titlu: 'Lista Mesaje' })
			return json(res, 200, {
				mesaje: listed.map((u) => ({
					data_creare: anafDate(u.receivedAt),
					cif: u.cif,
					id_solicitare: u.index,
					detalii:
						u.outcome.state === 'ok'
							? `Factura cu id_incarcare=${u.index} emisa de cif_emitent=${u.cif}`
							: `Erori de validare identificate la factura primita cu id_incarcare=${u.index}`,
					tip: u.outcome.state === 'ok' ? 'FACTURA TRIMISA' : 'ERORI FACTURA',
					id: u.downloadId,
				})),
				serial: 'fake1234',
				cui: query.cif,
				titlu: `Lista Mesaje disponibile din ultimele ${days} zile`,
			})
		}
		if (operation === 'descarcare') {
			const upload = uploads.find((u) => u.downloadId === query.id)
			if (!upload) return json(res, 200, { eroare: `Nu exista mesaj cu id=${query.id ?? ''}`, titlu: 'Descarcare mesaj' })
			res.writeHead(200, { 'Content-Type': 'application/octet-stream' })
			return res.end(Buffer.from(answerZip(upload)))
		}
		json(res, 404, { timestamp: new Date().toISOString(), status: 404, error: 'Not Found', message: 'No message available' })
	}

	const server = http.createServer((req, res) => {
		let body = ''
		req.setEncoding('utf8')
		req.on('data', (chunk: string) => (body += chunk))
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://fake-anaf')
			requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) })
			if (down) return json(res, 503, { status: 503, error: 'Service Unavailable', message: 'Serviciul nu este disponibil' })
			if (url.pathname === '/anaf-oauth2/v1/token' && req.method === 'POST') return handleToken(req, body, res)
			handleApi(req, url, body, res)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

	return {
		url,
		oauthUrl: `${url}/anaf-oauth2/v1`,
		clientId,
		clientSecret,
		refreshToken: options.refreshToken ?? 'refresh-from-spv-0',
		uploads,
		requests,
		refreshes,
		/** The environment the shop needs to upload here. */
		env(): Record<string, string> {
			return {
				ANAF_CLIENT_ID: clientId,
				ANAF_CLIENT_SECRET: clientSecret,
				ANAF_REFRESH_TOKEN: options.refreshToken ?? 'refresh-from-spv-0',
				ANAF_API_URL: url,
				ANAF_OAUTH_URL: `${url}/anaf-oauth2/v1`,
			}
		},
		/** ANAF will refuse this document with these messages (as its validation would). */
		reject(number: string, messages: string[]) {
			rejections.set(number, messages)
		},
		/** ANAF accepts this document again (the owner fixed the cause). */
		accept(number: string) {
			rejections.delete(number)
		},
		/** Uploads of one document, whatever their outcome. */
		uploadsOf(number: string) {
			return uploads.filter((u) => u.number === number)
		},
		/** Every request answers HTTP 503 while down. */
		setDown(value: boolean) {
			down = value
		},
		/** Uploads are taken but never answered while held; resolves at the next such upload. */
		holdUploads(value: boolean) {
			holdUploads = value
		},
		nextHeldUpload(): Promise<FakeUpload> {
			return new Promise((resolve) => heldUploadListeners.push(resolve))
		},
		/** Cuts the connections of held uploads (their answers are lost). */
		dropHeld() {
			for (const res of held.splice(0)) res.socket?.destroy()
		},
		async close() {
			this.dropHeld()
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

export type FakeAnaf = Awaited<ReturnType<typeof startFakeAnaf>>
