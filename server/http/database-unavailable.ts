import { data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { getApp } from '../context.ts'
import { serverI18n } from '../i18n.ts'

/**
 * While the database cannot be reached, requests that need it answer 503 with Retry-After, a short
 * "try again in a moment" page or JSON, instead of a 500: clients, Stripe's webhook retries and load
 * balancers then know to come back. Nothing else changes: the pool reconnects by itself.
 */

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** Socket-level failures to reach any server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/**
 * PostgreSQL SQLSTATEs that mean "not available right now": connection exceptions (class 08),
 * shutting down or starting up (57P01-57P03), too many connections (53300), and a statement the
 * database cancelled at its statement timeout (57014, ADR 0165): a clear "try again" instead of a
 * request that holds a connection indefinitely.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|57014|53300)$/
/** What node-postgres says when a connection dies or cannot be made in time. */
const PG_CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/

/**
 * True when the error (or one it wraps: Drizzle puts the driver's error in `cause`) means the
 * database could not be reached, as opposed to a query that failed on its own.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
	for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
		const code = (current as { code?: unknown }).code
		if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true
		if (PG_CONNECTION_MESSAGES.test(current.message)) return true
		if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true
	}
	return false
}

/** Requests whose loader, action or middleware failed because the database was out of reach. */
const failedOnDatabase = new WeakSet<object>()

/**
 * Called by the server entry's handleError for every error React Router catches in a request;
 * true when it was the database being out of reach (the request will answer 503).
 */
export function noteRequestError(error: unknown, context: Readonly<RouterContextProvider> | undefined): context is Readonly<RouterContextProvider> {
	if (!context || !isDatabaseUnavailable(error)) return false
	failedOnDatabase.add(context)
	return true
}

function unavailable(context: Readonly<RouterContextProvider>) {
	const { locale } = getApp(context)
	const message = serverI18n(locale).getFixedT(locale)('error.text')
	// Thrown, React Router renders the root error boundary for a page (503) and answers this JSON for an API route.
	return data(
		{ ok: false, kind: 'unavailable', message },
		{ status: 503, headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' } },
	)
}

/**
 * Root middleware, first in line: a request that failed because the database was unreachable
 * becomes a 503. React Router has already turned the failure into a 500 by the time next()
 * returns, so handleError marks the request and this middleware replaces the answer.
 */
export const databaseUnavailableMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	let response: Response
	try {
		response = await next()
	} catch (error) {
		// An API route's middleware error comes up through next() as it is.
		if (isDatabaseUnavailable(error)) throw unavailable(context)
		throw error
	}
	if (response.status >= 500 && failedOnDatabase.has(context)) throw unavailable(context)
	return response
}
