import { fakeTranslation, startFakeTranslationServer } from './fake-translation-server.ts'

/**
 * A fake LibreTranslate (POST /translate with q, source, target, format, api_key; answers
 * {translatedText}). With `apiKey` set it refuses other keys with 403, like a real server.
 */
export function startFakeLibreTranslate(options: { apiKey?: string } = {}) {
	return startFakeTranslationServer((path, body) => {
		const request = body as { q?: unknown; source?: unknown; target?: unknown; api_key?: unknown }
		if (path !== '/translate') return { status: 404, body: { error: 'Not Found' } }
		if (options.apiKey && request.api_key !== options.apiKey) return { status: 403, body: { error: 'Invalid API key' } }
		if (typeof request.q !== 'string' || typeof request.target !== 'string' || request.source !== 'ro') {
			return { status: 400, body: { error: 'Invalid request' } }
		}
		return { status: 200, body: { translatedText: fakeTranslation(request.q, request.target) } }
	})
}
