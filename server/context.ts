import { createContext, type RouterContextProvider } from 'react-router'
import type { Locale } from '#domain/enums.ts'
import type { Logger } from './logger.ts'
import type { AppServices } from './services.ts'

/** What every loader, action and middleware gets: the shared services plus this request's details. */
export type RequestContext = AppServices & {
	requestId: string
	/** Logger bound to this request's id. */
	log: Logger
	cspNonce: string
	locale: Locale
	/** The visitor's address (behind a proxy only when TRUST_PROXY says so), for rate limits and audit lines. */
	clientIp: string
	/** This response must not be kept by the page cache (it went wrong after its first bytes). */
	keepPageOutOfCache(): void
}

export const appContext = createContext<RequestContext>()

export function getApp(context: Readonly<RouterContextProvider>): RequestContext {
	return context.get(appContext)
}
