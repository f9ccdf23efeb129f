import { sameOriginPath } from '../http/same-origin-path.ts'

/**
 * Where to send someone after signing in: only a path on this site (the shared same-origin check),
 * so the login page can never be used as an open redirect (OWASP ASVS 5.1.5).
 */
export function safeReturnPath(raw: string | null | undefined, fallback = '/'): string {
	const path = sameOriginPath(raw, fallback)
	if (path === fallback) return fallback
	// Sending a signed-in person back to the login page would loop.
	const pathname = new URL(path, 'http://return.invalid').pathname
	if (pathname === '/login' || pathname === '/logout') return fallback
	return path
}

/** The login page URL that brings the visitor back to `path` afterwards. */
export function loginUrl(path: string): string {
	const target = safeReturnPath(path)
	return target === '/' ? '/login' : `/login?returnUrl=${encodeURIComponent(target)}`
}
