import { LRUCache } from 'lru-cache'

/** Even without any change, a result is read again after this long (as a stored page is rendered again). */
const DEFAULT_TTL_MS = 5 * 60_000

/**
 * Storefront reads shared by every request (the catalogue, a product, the home page's categories,
 * with their translations), in this process's memory (ADR 0122). Like the page cache it keeps a
 * result only while the database's change announcements are heard (LISTEN storefront_changed),
 * and every announcement drops them all, so no instance shows a change later than its page cache
 * would. While the announcements cannot be heard, every read goes to the database.
 *
 * Results are shared between requests: callers must treat them as read-only.
 */
export class StorefrontQueryCache {
	private readonly results: LRUCache<string, { value: Promise<unknown> }>
	private listening = false

	constructor(options: { maxEntries?: number; ttlMs?: number } = {}) {
		this.results = new LRUCache({ max: options.maxEntries ?? 2_000, ttl: options.ttlMs ?? DEFAULT_TTL_MS })
	}

	get size() {
		return this.results.size
	}

	/** Something a storefront read may return has changed. */
	invalidate() {
		this.results.clear()
	}

	listeningStarted() {
		this.invalidate()
		this.listening = true
	}

	listeningStopped() {
		this.listening = false
		this.invalidate()
	}

	/**
	 * The result of `load` for `key`, read once for every request asking meanwhile. The pending read
	 * is what is kept, so a change announced while it runs drops it too (never kept past a change);
	 * a failed read, or one `keep` refuses (say, text not translated yet), is forgotten once it ends.
	 */
	read<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
		if (!this.listening) return load()
		const kept = this.results.get(key)
		if (kept) return kept.value as Promise<T>
		const entry = { value: load() as Promise<unknown> }
		this.results.set(key, entry)
		const forget = () => {
			if (this.results.peek(key) === entry) this.results.delete(key)
		}
		entry.value.then((value) => keep(value as T) || forget(), forget)
		return entry.value as Promise<T>
	}
}

/** The cache off (development, or nothing announces changes): every read goes to the database. */
export const uncachedStorefrontQueries: StorefrontQueries = { read: <T>(_key: string, load: () => Promise<T>) => load() }
export type StorefrontQueries = Pick<StorefrontQueryCache, 'read'>
