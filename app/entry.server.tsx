import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router'
import { getApp } from '#server/context.ts'
import { BatchedDocument } from '#server/http/batched-document.ts'
import { DATABASE_RETRY_AFTER_SECONDS, noteRequestError } from '#server/http/database-unavailable.ts'
import { readInlineCss } from '#server/http/inline-css.ts'
import { serverI18n } from '#server/i18n.ts'
import { TranslationProvider } from './lib/i18n/translation.tsx'
import { fontPreloadHeader } from './lib/fonts.ts'
import { InlineCssProvider } from './components/inline-stylesheet.tsx'
import { NonceProvider } from './components/nonce.tsx'

export const streamTimeout = 5_000

/**
 * Every error React Router catches in a request. An unreachable database is noted (the request
 * becomes a 503) and logged in one line; anything else is logged in full, as React Router's default does.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (noteRequestError(error, context)) {
		getApp(context).log.warn({ err: (error as Error).message, url: request.url }, 'database unavailable: answering 503')
	} else if (!request.signal.aborted) {
		console.error(isRouteErrorResponse(error) && 'error' in error ? error.error : error)
	}
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	const { cspNonce: nonce, locale, keepPageOutOfCache } = getApp(loadContext)
	// Crawlers and non-JS clients get the whole document at once; browsers get it streamed.
	const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode
	if (responseStatusCode === 503) {
		// The "back in a moment" page (database out of reach): say when to retry, and keep it out of caches.
		responseHeaders.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
		responseHeaders.set('Cache-Control', 'no-store')
	}
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		// The render is abandoned if it is still waiting this long. The timer is cleared once all is
		// rendered: left running, it kept each finished page (its tree, data and response) alive for
		// six seconds, over a thousand pages at full load (ADR 0146).
		const deadline = setTimeout(() => abort(), streamTimeout + 1_000)
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<InlineCssProvider value={readInlineCss}>
					<TranslationProvider i18n={serverI18n(locale)}>
						<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
					</TranslationProvider>
				</InlineCssProvider>
			</NonceProvider>,
			{
				nonce,
				onShellReady() {
					if (!waitForAll) send()
				},
				onAllReady() {
					clearTimeout(deadline)
					if (waitForAll) send()
				},
				onShellError(error: unknown) {
					clearTimeout(deadline)
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors before the shell are reported by onShellError; later ones only need logging,
					// and the page, sent with a 200 already, must not be served again.
					if (shellRendered) {
						keepPageOutOfCache()
						console.error(error)
					}
				},
			},
		)
		function send() {
			shellRendered = true
			const body = new BatchedDocument()
			responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
			responseHeaders.append('Link', fontPreloadHeader(locale))
			resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
			pipe(body)
		}
	})
}
