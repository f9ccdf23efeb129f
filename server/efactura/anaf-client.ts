import { unzipSync } from 'fflate'
import {
	AnafAnswerError,
	jsonErrorMessage,
	parseMessageList,
	parseStatusAnswer,
	parseUploadAnswer,
	type AnafMessage,
	type AnswerFiles,
	type StatusAnswer,
	type UploadAnswer,
} from '#domain/efactura/anaf-answers.ts'
import type { UploadTarget } from '#domain/efactura/submission.ts'
import type { EFacturaSettings } from './config.ts'

/** ANAF did not answer usefully this time (unreachable, 5xx, 429, a daily limit): try again later. */
export class AnafUnavailableError extends Error {
	override name = 'AnafUnavailableError'
}

/** ANAF refused the access token (401/403): it is refreshed before the next attempt. */
export class AnafAuthError extends Error {
	override name = 'AnafAuthError'
}

/** ANAF refused the request itself (HTTP 400, a JSON message): sending it again would be refused again. */
export class AnafRequestRefusedError extends Error {
	override name = 'AnafRequestRefusedError'
}

/** The upload request may have reached ANAF but no answer came back: whether ANAF took it is unknown. */
export class UploadOutcomeUnknownError extends Error {
	override name = 'UploadOutcomeUnknownError'
}

/** The OAuth server refused the refresh token (invalid_grant …): the owner must authorise the application again. */
export class AnafGrantRefusedError extends Error {
	override name = 'AnafGrantRefusedError'
}

export type TokenGrant = { accessToken: string; refreshToken: string | null; expiresInSeconds: number }

/** ANAF's e-Factura API as the upload job uses it; one implementation speaks HTTP, tests run it against a local stand-in. */
export type AnafApi = {
	refreshAccessToken(refreshToken: string): Promise<TokenGrant>
	upload(target: UploadTarget, xml: string, accessToken: string): Promise<UploadAnswer>
	status(uploadIndex: string, accessToken: string): Promise<StatusAnswer>
	listMessages(input: { cif: string; days: number; filter: 'T' | 'E' }, accessToken: string): Promise<AnafMessage[]>
	/** The answer's ZIP, as bytes. */
	download(downloadId: string, accessToken: string): Promise<Uint8Array>
}

/** Connection errors that mean the request never left: nothing reached ANAF. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

function errorCode(error: unknown): string | undefined {
	const cause = (error as { cause?: { code?: string } }).cause
	return cause?.code ?? (error as { code?: string }).code
}

export function createAnafApi(
	settings: Pick<EFacturaSettings, 'apiUrl' | 'oauthUrl' | 'environment' | 'clientId' | 'clientSecret'>,
	options: { timeoutMs: number },
): AnafApi {
	const rest = `${settings.apiUrl}/${settings.environment}/FCTEL/rest`

	async function request(url: string, init: RequestInit & { upload?: boolean }): Promise<Response> {
		let response: Response
		try {
			response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) })
		} catch (error) {
			const code = errorCode(error)
			const message = `ANAF unreachable: ${code ?? (error as Error).message}`
			if (init.upload && !NOT_SENT.has(code ?? '')) throw new UploadOutcomeUnknownError(message)
			throw new AnafUnavailableError(message)
		}
		if (response.status === 401 || response.status === 403) throw new AnafAuthError(`ANAF refused the access token (HTTP ${response.status})`)
		if (response.status === 400) {
			const text = await response.text()
			throw new AnafRequestRefusedError(jsonErrorMessage(text) ?? text.slice(0, 500))
		}
		// 204 is how ANAF says a limit was reached; 429 too many requests; 5xx its own trouble.
		if (response.status !== 200) {
			await response.body?.cancel()
			throw new AnafUnavailableError(`ANAF answered HTTP ${response.status}`)
		}
		return response
	}

	const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` })

	/** A body read whole; a connection cut mid-answer is as good as no answer. */
	async function text(response: Response, upload = false) {
		try {
			return await response.text()
		} catch (error) {
			const message = `ANAF's answer was cut off: ${(error as Error).message}`
			throw upload ? new UploadOutcomeUnknownError(message) : new AnafUnavailableError(message)
		}
	}

	return {
		async refreshAccessToken(refreshToken) {
			let response: Response
			try {
				response = await fetch(`${settings.oauthUrl}/token`, {
					method: 'POST',
					headers: {
						Authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
						'Content-Type': 'application/x-www-form-urlencoded',
					},
					body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, token_content_type: 'jwt' }),
					signal: AbortSignal.timeout(options.timeoutMs),
				})
			} catch (error) {
				throw new AnafUnavailableError(`ANAF's OAuth server unreachable: ${errorCode(error) ?? (error as Error).message}`)
			}
			const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
			if (response.status >= 500 || response.status === 429) throw new AnafUnavailableError(`ANAF's OAuth server answered HTTP ${response.status}`)
			if (response.status !== 200 || typeof body.access_token !== 'string') {
				throw new AnafGrantRefusedError(
					`${String(body.error ?? `HTTP ${response.status}`)}${body.error_description ? `: ${String(body.error_description)}` : ''}`,
				)
			}
			return {
				accessToken: body.access_token,
				refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
				expiresInSeconds: Number(body.expires_in) > 0 ? Number(body.expires_in) : 3600,
			}
		},

		async upload(target, xml, accessToken) {
			const query = new URLSearchParams({ standard: target.standard, cif: target.cif })
			if (target.extern) query.set('extern', 'DA')
			const response = await request(`${rest}/${target.endpoint}?${query}`, {
				method: 'POST',
				headers: { ...bearer(accessToken), 'Content-Type': 'text/plain; charset=utf-8' },
				body: xml,
				upload: true,
			})
			return parseUploadAnswer(await text(response, true))
		},

		async status(uploadIndex, accessToken) {
			const response = await request(`${rest}/stareMesaj?${new URLSearchParams({ id_incarcare: uploadIndex })}`, { headers: bearer(accessToken) })
			return parseStatusAnswer(await text(response))
		},

		async listMessages(input, accessToken) {
			const query = new URLSearchParams({ zile: String(input.days), cif: input.cif, filtru: input.filter })
			const response = await request(`${rest}/listaMesajeFactura?${query}`, { headers: bearer(accessToken) })
			const body = await text(response)
			try {
				return parseMessageList(JSON.parse(body))
			} catch (error) {
				if (error instanceof AnafAnswerError) throw error
				throw new AnafAnswerError(`listaMesajeFactura answer is not JSON: ${body.slice(0, 200)}`)
			}
		},

		async download(downloadId, accessToken) {
			const response = await request(`${rest}/descarcare?${new URLSearchParams({ id: downloadId })}`, { headers: bearer(accessToken) })
			let bytes: Uint8Array
			try {
				bytes = new Uint8Array(await response.arrayBuffer())
			} catch (error) {
				throw new AnafUnavailableError(`ANAF's answer was cut off: ${(error as Error).message}`)
			}
			// A JSON error in place of the ZIP (an answer with status 200).
			if (bytes[0] !== 0x50 || bytes[1] !== 0x4b)
				throw new AnafAnswerError(jsonErrorMessage(new TextDecoder().decode(bytes)) ?? 'descarcare did not answer with a ZIP')
			return bytes
		},
	}
}

/** The XML files of an answer ZIP (a ZIP inside it is opened too: ANAF sometimes nests them). */
export function answerFiles(zip: Uint8Array): AnswerFiles {
	let entries: Record<string, Uint8Array>
	try {
		entries = unzipSync(zip)
	} catch (error) {
		throw new AnafAnswerError(`the answer is not a readable ZIP: ${(error as Error).message}`)
	}
	const decoder = new TextDecoder()
	return Object.entries(entries).flatMap(([name, bytes]) => {
		if (name.toLowerCase().endsWith('.zip')) return answerFiles(bytes)
		return name.toLowerCase().endsWith('.xml') ? [{ name, text: decoder.decode(bytes) }] : []
	})
}
