import http from 'node:http'
import { listenOnLoopback } from './loopback-server.ts'

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }

/** How the fake answers the next requests: normally, or with one of the failures providers show. */
export type FakeBehaviour = 'ok' | 'timeout' | 'malformed' | 'wrong-shape' | { status: number; body?: unknown }

/**
 * A loopback HTTP server for a fake translation provider. `handle` turns a request body into the
 * provider's success answer; `fail(behaviour, times)` makes the next `times` requests fail instead.
 */
export async function startFakeTranslationServer(
	handle: (path: string, body: unknown, headers: http.IncomingHttpHeaders) => { status: number; body: unknown },
) {
	const requests: RecordedRequest[] = []
	const failures: FakeBehaviour[] = []
	const server = http.createServer((req, res) => {
		let raw = ''
		req.setEncoding('utf8')
		req.on('data', (chunk: string) => (raw += chunk))
		req.on('end', () => {
			let body: unknown = raw
			try {
				body = JSON.parse(raw)
			} catch {
				// kept as text
			}
			requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body })
			const behaviour = failures.shift() ?? 'ok'
			if (behaviour === 'timeout') return // never answers; the client's timeout must fire
			res.setHeader('Content-Type', 'application/json')
			if (behaviour === 'malformed') return res.end('{"translatedText": "unfinished')
			if (behaviour === 'wrong-shape') return res.end('{"unexpected": true}')
			if (typeof behaviour === 'object') {
				res.statusCode = behaviour.status
				return res.end(JSON.stringify(behaviour.body ?? { error: 'failure' }))
			}
			const answer = handle(req.url ?? '', body, req.headers)
			res.statusCode = answer.status
			res.end(JSON.stringify(answer.body))
		})
	})
	const { url, close } = await listenOnLoopback(server)
	return {
		url,
		requests,
		/** The next `times` requests fail this way. */
		fail(behaviour: FakeBehaviour, times = 1) {
			for (let i = 0; i < times; i++) failures.push(behaviour)
		},
		reset() {
			requests.length = 0
			failures.length = 0
		},
		close,
	}
}

/** What the fakes "translate" to: recognisable in assertions and in rendered pages. */
export function fakeTranslation(text: string, target: string) {
	return `[${target.toLowerCase()}] ${text}`
}
