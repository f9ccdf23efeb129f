import type { RequestHandler } from 'express'

/**
 * Reads and throws away what is left of a request body once the answer has been sent without
 * it (a guard's redirect, a form or upload refused as too large by its Content-Length).
 *
 * Node does this by itself for a request nobody reads, but React Router's adapter starts reading
 * every body and pauses it when the action does not: the rest would then stay unread on the
 * keep-alive connection, and the client's next request on that connection would wait behind it
 * until it timed out. Draining, like Express's body parsers do after a refusal, keeps the
 * connection usable and lets the client see the answer instead of a reset.
 */
export const discardUnreadBody: RequestHandler = (req, res, next) => {
	res.once('finish', () => {
		if (req.complete || req.destroyed) return
		// Nobody reads the body after the answer: drop the framework's reader and let the data flow away.
		req.removeAllListeners('data')
		req.resume()
	})
	next()
}
