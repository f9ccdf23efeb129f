/**
 * Where to send someone after signing in: only a path on this site. Anything else (another
 * host, a scheme, `//host`, backslash or control-character tricks) becomes `/`, so the login
 * page can never be used as an open redirect (OWASP ASVS 5.1.5).
 */
export function safeReturnPath(raw: string | null | undefined, fallback = '/'): string {
	if (!raw || raw.length > 2000) return fallback
	if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw)) return fallback
	const base = 'http://return.invalid'
	let url: URL
	try {
		url = new URL(raw, base)
	} catch {
		return fallback
	}
	if (url.origin !== base) return fallback
	const path = url.pathname + url.search + url.hash
	// Dot segments can turn `/.//host` into `//host`; a path that starts so is never ours.
	if (path.startsWith('//')) return fallback
	// Sending a signed-in person back to the login page would loop.
	if (url.pathname === '/login' || url.pathname === '/logout') return fallback
	return path
}

function hasControlCharacter(value: string) {
	for (let i = 0; i < value.length; i++) {
		const code = value.charCodeAt(i)
		if (code < 0x20 || code === 0x7f) return true
	}
	return false
}

/** The login page URL that brings the visitor back to `path` afterwards. */
export function loginUrl(path: string): string {
	const target = safeReturnPath(path)
	return target === '/' ? '/login' : `/login?returnUrl=${encodeURIComponent(target)}`
}
