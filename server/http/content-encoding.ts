import type { IncomingMessage } from 'node:http'
import Negotiator from 'negotiator'

const ENCODINGS = ['br', 'gzip', 'identity'] as const
export type ContentEncoding = (typeof ENCODINGS)[number]

/**
 * The smallest of the `available` encodings the browser accepts (browsers list br last, with the same
 * weight as gzip). The one negotiation for every response: live, page cache and build files.
 */
export function preferredEncoding(req: IncomingMessage, available: readonly ContentEncoding[] = ENCODINGS): ContentEncoding {
	const negotiator = new Negotiator(req) as Negotiator & { encodings(available: readonly string[], options: { preferred: readonly string[] }): string[] }
	return (negotiator.encodings(available, { preferred: ENCODINGS })[0] as ContentEncoding | undefined) ?? 'identity'
}
