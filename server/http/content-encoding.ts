import type { IncomingMessage } from 'node:http'
import Negotiator from 'negotiator'

const ENCODINGS = ['br', 'gzip', 'identity'] as const
export type ContentEncoding = (typeof ENCODINGS)[number]

/** The smallest encoding the browser accepts: browsers list br last, with the same weight as gzip. */
export function preferredEncoding(req: IncomingMessage): ContentEncoding {
	const negotiator = new Negotiator(req) as Negotiator & { encodings(available: readonly string[], options: { preferred: readonly string[] }): string[] }
	return (negotiator.encodings(ENCODINGS, { preferred: ENCODINGS })[0] as ContentEncoding | undefined) ?? 'identity'
}
