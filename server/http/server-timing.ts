import { AsyncLocalStorage } from 'node:async_hooks'
import type { ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'

/**
 * SERVER_TIMING=1: each response says how many database queries its request made, in a standard
 * `Server-Timing: db;desc="3 queries", total;dur=12.4` header (total: milliseconds until the headers
 * were sent), and on the embedded database the longest its queries held it (`hold;dur=`). `npm run
 * bench` reads it to catch N+1 queries, the scale benchmark the holds; a browser's developer tools
 * show it.
 *
 * The request's counter travels with its async work (AsyncLocalStorage), so the Drizzle logger can
 * find it from inside any query without the query code knowing. When the variable is off neither
 * the middleware nor the logger is installed: nothing runs per request or per query.
 */

type RequestQueries = { count: number; startedAt: number; longestHoldMs: number | null }

const currentRequest = new AsyncLocalStorage<RequestQueries>()

/** The Drizzle `onQuery` hook: counts one query for the request it runs in (none outside requests). */
export function countRequestQuery() {
	const request = currentRequest.getStore()
	if (request) request.count++
}

/**
 * The embedded database's `onHold` hook: keeps the request's longest hold of the database, the time
 * every other request waited on it (PGlite runs one query at a time).
 */
export function noteDatabaseHold(ms: number) {
	const request = currentRequest.getStore()
	if (request) request.longestHoldMs = Math.max(request.longestHoldMs ?? 0, ms)
}

/** Formats the header value (`hold`: the longest hold, on the embedded database); exported for its test. */
export function serverTimingHeader(queries: number, totalMs: number, holdMs: number | null = null) {
	const hold = holdMs === null ? '' : `, hold;desc="longest database hold";dur=${holdMs.toFixed(1)}`
	return `db;desc="${queries} ${queries === 1 ? 'query' : 'queries'}"${hold}, total;dur=${totalMs.toFixed(1)}`
}

/**
 * Counts the queries of everything that runs after it. The header is added at the last moment the
 * response head can still change (writeHead), so it covers the loaders and actions; data a page
 * streams after its first bytes is not counted.
 */
export function serverTiming(): RequestHandler {
	return (_req, res, next) => {
		const request: RequestQueries = { count: 0, startedAt: performance.now(), longestHoldMs: null }
		const response: ServerResponse = res
		const writeHead = response.writeHead
		response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
			if (!this.headersSent) this.setHeader('Server-Timing', serverTimingHeader(request.count, performance.now() - request.startedAt, request.longestHoldMs))
			return writeHead.apply(this, args)
		} as ServerResponse['writeHead']
		currentRequest.run(request, next)
	}
}
