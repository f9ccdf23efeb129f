import { fakeTranslation, startFakeTranslationServer } from './fake-translation-server.ts'

/**
 * A fake DeepL API (POST /v2/translate with `Authorization: DeepL-Auth-Key …` and a JSON body of
 * text[], source_lang, target_lang, context; answers {translations: [{detected_source_language, text}]}).
 * Quota exhaustion is HTTP 456, as DeepL answers it.
 */
export function startFakeDeepL(options: { apiKey: string }) {
	return startFakeTranslationServer((path, body, headers) => {
		if (headers.authorization !== `DeepL-Auth-Key ${options.apiKey}`) return { status: 403, body: { message: 'Wrong authentication key' } }
		const request = body as { text?: unknown; source_lang?: unknown; target_lang?: unknown }
		if (path !== '/v2/translate') return { status: 404, body: { message: 'Not found' } }
		if (!Array.isArray(request.text) || typeof request.target_lang !== 'string') return { status: 400, body: { message: 'Bad request' } }
		return {
			status: 200,
			body: {
				translations: request.text.map((text: string) => ({
					detected_source_language: 'RO',
					text: fakeTranslation(text, String(request.target_lang).slice(0, 2)),
				})),
			},
		}
	})
}

export const DEEPL_QUOTA_EXCEEDED = { status: 456, body: { message: 'Quota exceeded' } }
