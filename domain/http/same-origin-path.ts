/** Longer targets are not pages of this shop; refusing them keeps Location headers small. */
const MAX_TARGET_LENGTH = 2000

/** An origin no real request has, to resolve a target against and see whether it stays there. */
const PROBE_ORIGIN = 'http://same-origin.invalid'

/**
 * THE check for every redirect target that comes from a request (a form field, a query
 * parameter): returns it as a path on this site, or `fallback`. A browser strips tabs and line
 * breaks from URLs and reads `\` as `/`, so `/\t/evil.example` and `/\evil.example` are other
 * sites to it; any control character or backslash is therefore refused outright, as is anything
 * that does not start with exactly one `/`. What passes is re-serialised by the URL parser, so
 * non-Latin-1 text comes back percent-encoded (a Location header can only carry bytes) and dot
 * segments are resolved before the final `//` check.
 */
export function sameOriginPath(raw: unknown, fallback = '/'): string {
	if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_TARGET_LENGTH) return fallback
	if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw)) return fallback
	let url: URL
	try {
		url = new URL(raw, PROBE_ORIGIN)
	} catch {
		return fallback
	}
	if (url.origin !== PROBE_ORIGIN) return fallback
	const path = url.pathname + url.search + url.hash
	// Dot segments can turn `/.//host` into `//host`; a path that starts so is never ours.
	if (path.startsWith('//') || path.length > MAX_TARGET_LENGTH * 3) return fallback
	return path
}

/** C0 controls, DEL and C1 controls: none belongs in a URL, and browsers drop some silently. */
function hasControlCharacter(value: string) {
	for (let i = 0; i < value.length; i++) {
		const code = value.charCodeAt(i)
		if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true
	}
	return false
}
