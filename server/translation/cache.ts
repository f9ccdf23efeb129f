import crypto from 'node:crypto'

/** sha256 (hex) of the exact text; PostgreSQL computes the same with encode(sha256(convert_to(text, 'UTF8')), 'hex'). */
export function sourceHash(text: string) {
	return crypto.createHash('sha256').update(text, 'utf8').digest('hex')
}

export function cacheKey(hash: string, context: string, locale: string) {
	return `${locale}\u0000${context}\u0000${hash}`
}

/**
 * A small least-recently-used map with a time to live, in front of the database cache. The TTL bounds
 * how long another instance's change (an editor's override) takes to show here.
 */
export class LruCache<V> {
	private readonly entries = new Map<string, { value: V; expires: number }>()
	constructor(
		private readonly maxEntries: number,
		private readonly ttlMs: number,
		private readonly now: () => number = Date.now,
	) {}

	get(key: string): V | undefined {
		const entry = this.entries.get(key)
		if (!entry) return undefined
		this.entries.delete(key)
		if (entry.expires <= this.now()) return undefined
		// Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
		this.entries.set(key, entry)
		return entry.value
	}

	set(key: string, value: V) {
		this.entries.delete(key)
		this.entries.set(key, { value, expires: this.now() + this.ttlMs })
		while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
	}

	delete(key: string) {
		this.entries.delete(key)
	}

	clear() {
		this.entries.clear()
	}

	get size() {
		return this.entries.size
	}
}
