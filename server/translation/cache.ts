import crypto from 'node:crypto'

/** sha256 (hex) of the exact text; PostgreSQL computes the same with encode(sha256(convert_to(text, 'UTF8')), 'hex'). */
export function sourceHash(text: string) {
	return crypto.createHash('sha256').update(text, 'utf8').digest('hex')
}

export function cacheKey(hash: string, context: string, locale: string) {
	return `${locale}\u0000${context}\u0000${hash}`
}
