import { z } from 'zod'
import type { Env } from '../config/env.ts'

/** The languages content is translated into; Romanian is the source and never sent. */
export const TARGET_LOCALES = ['en', 'es'] as const
export type TargetLocale = (typeof TARGET_LOCALES)[number]
export const SOURCE_LOCALE = 'ro'

export type ProviderName = 'libretranslate' | 'deepl'

/** One machine-translation service. Implementations throw TranslationProviderError on any failure. */
export interface TranslationProvider {
	readonly name: ProviderName
	/** Longest text one request may carry; longer texts are split (split.ts). */
	readonly maxChars: number
	translate(text: string, target: TargetLocale, context: string): Promise<string>
}

export class TranslationProviderError extends Error {
	override name = 'TranslationProviderError'
	constructor(
		message: string,
		readonly status?: number,
	) {
		super(message)
	}
}

export type HttpOptions = {
	timeoutMs: number
	/** Extra attempts after a timeout, network error, 429 or 5xx. */
	retries?: number
	/** First pause between attempts; doubles each time. */
	retryDelayMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * POSTs JSON and parses a JSON answer with `schema`, with a timeout per attempt and bounded retries
 * on what may pass (timeouts, network errors, 429, 5xx). Errors never carry the request's credentials.
 */
export async function postJson<T>(url: string, body: unknown, headers: Record<string, string>, schema: z.ZodType<T>, options: HttpOptions): Promise<T> {
	const retries = options.retries ?? 2
	let delay = options.retryDelayMs ?? 300
	for (let attempt = 0; ; attempt++) {
		let retryable = false
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
				body: JSON.stringify(body),
				signal: AbortSignal.timeout(options.timeoutMs),
			})
			const raw = await response.text()
			if (!response.ok) {
				retryable = response.status === 429 || response.status >= 500
				throw new TranslationProviderError(`HTTP ${response.status}${describeError(response.status, raw)}`, response.status)
			}
			let json: unknown
			try {
				json = JSON.parse(raw)
			} catch {
				throw new TranslationProviderError('malformed JSON in the response', response.status)
			}
			const parsed = schema.safeParse(json)
			if (!parsed.success) throw new TranslationProviderError('unexpected response shape', response.status)
			return parsed.data
		} catch (error) {
			let failure: TranslationProviderError
			if (error instanceof TranslationProviderError) failure = error
			else if ((error as Error).name === 'TimeoutError') {
				failure = new TranslationProviderError(`no answer within ${options.timeoutMs} ms`)
				retryable = true
			} else {
				failure = new TranslationProviderError(`request failed: ${(error as Error).message}`)
				retryable = true
			}
			if (!retryable || attempt >= retries) throw failure
		}
		await sleep(delay)
		delay *= 2
	}
}

function describeError(status: number, raw: string) {
	if (status === 456) return ' (quota exceeded)'
	try {
		const body = JSON.parse(raw) as { error?: unknown; message?: unknown }
		const message = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : ''
		return message ? `: ${message.slice(0, 200)}` : ''
	} catch {
		return ''
	}
}

/** LibreTranslate, POST {url}/translate (https://docs.libretranslate.com/). It has no context parameter. */
export function createLibreTranslateProvider(options: { url: string; apiKey?: string; maxChars?: number } & HttpOptions): TranslationProvider {
	const endpoint = `${options.url.replace(/\/+$/, '')}/translate`
	const schema = z.object({ translatedText: z.string() })
	return {
		name: 'libretranslate',
		maxChars: options.maxChars ?? 2000,
		async translate(text, target) {
			const body: Record<string, string> = { q: text, source: SOURCE_LOCALE, target, format: 'text' }
			if (options.apiKey) body.api_key = options.apiKey
			const result = await postJson(endpoint, body, {}, schema, options)
			return result.translatedText
		},
	}
}

/** What DeepL's `context` parameter gets: a sentence about the text, which DeepL uses without translating it. */
export function describeContext(context: string) {
	const [subject, field] = context.split('.')
	const what = subject === 'category' ? 'a product category' : subject === 'product' ? 'a product' : 'an item'
	const part =
		field === 'name'
			? 'The name of'
			: field === 'description'
				? 'The description of'
				: field === 'smells_like'
					? 'The scent notes (what it smells like) of'
					: field === 'wax_color'
						? 'The wax colour of'
						: field === 'container_type'
							? 'The container of'
							: 'Text about'
	return `${part} ${what} in an online shop selling handmade scented candles and personalised cardboard portraits.`
}

/** DeepL, POST {url}/v2/translate with an `Authorization: DeepL-Auth-Key` header (https://developers.deepl.com/docs). */
export function createDeepLProvider(options: { apiKey: string; url?: string; maxChars?: number } & HttpOptions): TranslationProvider {
	// Free-plan keys end in ":fx" and use their own host.
	const base = (options.url ?? (options.apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com')).replace(/\/+$/, '')
	const endpoint = `${base}/v2/translate`
	const schema = z.object({ translations: z.array(z.object({ text: z.string() })).min(1) })
	return {
		name: 'deepl',
		// The request body limit is 128 KiB; stay well below it.
		maxChars: options.maxChars ?? 30_000,
		async translate(text, target, context) {
			const body = {
				text: [text],
				source_lang: 'RO',
				// Plain EN is deprecated as a target; the shop sells mostly in Europe.
				target_lang: target === 'en' ? 'EN-GB' : 'ES',
				context: describeContext(context),
				preserve_formatting: true,
			}
			const result = await postJson(endpoint, body, { Authorization: `DeepL-Auth-Key ${options.apiKey}` }, schema, options)
			return result.translations[0]!.text
		},
	}
}

/** The provider TRANSLATE_PROVIDER chooses, or null for `none`. */
export function createTranslationProvider(
	env: Pick<Env, 'TRANSLATE_PROVIDER' | 'LIBRETRANSLATE_URL' | 'LIBRETRANSLATE_API_KEY' | 'DEEPL_API_KEY' | 'DEEPL_API_URL' | 'TRANSLATE_TIMEOUT_MS'>,
): TranslationProvider | null {
	switch (env.TRANSLATE_PROVIDER) {
		case 'libretranslate':
			return createLibreTranslateProvider({ url: env.LIBRETRANSLATE_URL!, apiKey: env.LIBRETRANSLATE_API_KEY, timeoutMs: env.TRANSLATE_TIMEOUT_MS })
		case 'deepl':
			return createDeepLProvider({ apiKey: env.DEEPL_API_KEY!, url: env.DEEPL_API_URL, timeoutMs: env.TRANSLATE_TIMEOUT_MS })
		default:
			return null
	}
}
