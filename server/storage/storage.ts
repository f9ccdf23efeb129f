import crypto from 'node:crypto'
import type { Readable } from 'node:stream'

/** Stored names are random and never reused, so every stored object may be cached for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

export type StoredObject = {
	body: Readable
	contentType: string
	size: number
}

/**
 * Where uploaded files live. Keys are always made by the server (see newObjectKey), never taken
 * from a request, so a client can neither choose nor traverse paths.
 */
export interface ObjectStorage {
	readonly kind: 'local' | 's3'
	put(key: string, body: Buffer, contentType: string): Promise<void>
	get(key: string): Promise<StoredObject | null>
	exists(key: string): Promise<boolean>
	delete(key: string): Promise<void>
	/** Every stored key (for backups), in no particular order. */
	list(): AsyncIterable<string>
	/**
	 * URL a browser can load the object from. Downloads that need a file name (Content-Disposition)
	 * go through the app instead: `get()` the object and answer with `objectResponse()` (download.ts).
	 * Never used for private keys (isPrivateKey), which nothing serves publicly.
	 */
	publicUrl(key: string): string
	/**
	 * A pre-signed URL a browser can load a private object from until it expires, or null when the
	 * storage has none a browser can reach (local storage, a bucket behind the shop): the shop then
	 * streams the object itself, after checking its own signed link (ADR 0173).
	 */
	presignedUrl(key: string, options: { expiresInSeconds: number; downloadName?: string }): Promise<string | null>
}

/**
 * Objects under this prefix are customers' own files (portrait photos): never served at a public URL,
 * only through the shop's signed, short-lived links (ADR 0173). `portraits/` is where photos were kept
 * before; the start-up migration moves them here.
 */
export const PRIVATE_PREFIX = 'private/'
const LEGACY_PRIVATE_PREFIXES = ['portraits/']

export function isPrivateKey(key: string) {
	return key.startsWith(PRIVATE_PREFIX) || LEGACY_PRIVATE_PREFIXES.some((prefix) => key.startsWith(prefix))
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/

export class InvalidObjectKeyError extends Error {
	override name = 'InvalidObjectKeyError'
}

export function isValidKey(key: string) {
	return KEY_PATTERN.test(key) && !key.includes('..') && key.length <= 300
}

export function assertValidKey(key: string) {
	if (!isValidKey(key)) {
		throw new InvalidObjectKeyError(`invalid object key ${JSON.stringify(key)}`)
	}
}

/** `{prefix}/{timestamp}-{random}.{ext}`: every stored file's key. */
export function newObjectKey(prefix: string, extension: string) {
	const random = crypto.randomBytes(16).toString('hex')
	const key = `${prefix}/${Date.now()}-${random}.${extension.toLowerCase()}`
	assertValidKey(key)
	return key
}
