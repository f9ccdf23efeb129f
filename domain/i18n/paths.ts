import { LOCALES, type Locale } from '../enums.ts'

/**
 * Storefront URLs carry their language as the first segment: /en/catalog, /ro/product/…, /es (ADR 0106).
 * These helpers work on site paths (a pathname, optionally with its query and fragment); the storefront
 * pages are those whose first segment (after the language) is below. Everything else (/admin, /api,
 * /sitemap.xml, /account/export, …) has no language in its URL and passes through unchanged.
 */
export const STOREFRONT_SEGMENTS = [
	'catalog',
	'product',
	'stock-alert',
	'about',
	'contact',
	'terms',
	'privacy',
	'returns',
	'faq',
	'newsletter',
	'customize-portrait',
	'cart',
	'checkout',
	'payment-success',
	'test-payment',
	'login',
	'forgot-password',
	'reset-password',
	'verify-email',
	'account',
	'order',
	'review',
] as const

/** Paths under a storefront segment that are downloads or endpoints, not pages: no language. */
const UNLOCALIZED_PATHS = new Set(['/account/export'])
/** Folders of downloads under a storefront segment (an invoice PDF reads the same in every language). */
const UNLOCALIZED_FOLDERS = ['/account/invoices/']

const SEGMENTS: ReadonlySet<string> = new Set(STOREFRONT_SEGMENTS)
const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES)

/** Splits `/a/b?x#y` into the pathname and the rest (query and fragment). */
function splitPath(path: string): [pathname: string, rest: string] {
	const at = path.search(/[?#]/)
	return at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at)]
}

/** The first segment of a pathname, without React Router's `.data` suffix (client navigations fetch `/es/catalog.data`). */
function firstSegment(pathname: string) {
	const segment = pathname.split('/')[1] ?? ''
	return segment.endsWith('.data') ? segment.slice(0, -'.data'.length) : segment
}

/** The language a URL names in its first segment (`/es/catalog` → es), or null. */
export function localeFromPath(path: string): Locale | null {
	const segment = firstSegment(splitPath(path)[0])
	return LOCALE_SET.has(segment) ? (segment as Locale) : null
}

/** The path without its language: `/es/catalog?x=1` → `/catalog?x=1`, `/es` → `/`. Paths with no language come back as they are. */
export function stripLocale(path: string): string {
	const [pathname, rest] = splitPath(path)
	if (!localeFromPath(pathname)) return path
	const without = pathname.replace(/^\/[^/]+/, '')
	return `${without.startsWith('/') ? without : `/${without}`}${rest}`
}

/** Whether a path without language names a storefront page (the home page, /catalog, /product/x, …). */
export function isStorefrontPath(path: string): boolean {
	const [pathname] = splitPath(path)
	if (!pathname.startsWith('/') || UNLOCALIZED_PATHS.has(pathname.replace(/\/+$/, ''))) return false
	if (UNLOCALIZED_FOLDERS.some((folder) => pathname.startsWith(folder))) return false
	return pathname === '/' || SEGMENTS.has(pathname.split('/')[1] ?? '')
}

/**
 * A page renders dozens of links through localizedPath, mostly the same few hundred paths on every
 * page; working each out again (splits, regular expressions) was 1–2 % of a rendered page (ADR 0145).
 * Bounded, since a path can carry a visitor's search.
 */
const rememberedPaths = new Map<string, string>()
const MAX_REMEMBERED_PATHS = 5000

/**
 * The storefront path in `locale`: `localizedPath('es', '/catalog?x=1')` → `/es/catalog?x=1`, the home
 * page → `/es`. A path that already names a language is moved to `locale`; a path that is not a
 * storefront page (`/admin`, `/api/…`) is returned unchanged, so every link can go through here.
 */
export function localizedPath(locale: Locale, path: string): string {
	const key = `${locale}${path}`
	let localized = rememberedPaths.get(key)
	if (localized === undefined) {
		if (rememberedPaths.size >= MAX_REMEMBERED_PATHS) rememberedPaths.clear()
		localized = localize(locale, path)
		rememberedPaths.set(key, localized)
	}
	return localized
}

function localize(locale: Locale, path: string): string {
	const bare = stripLocale(path)
	if (!isStorefrontPath(bare)) return path
	const [pathname, rest] = splitPath(bare)
	return `/${locale}${pathname === '/' ? '' : pathname}${rest}`
}

/** The same page in every language, for hreflang links and the sitemap. */
export function localizedPaths(path: string): Record<Locale, string> {
	return Object.fromEntries(LOCALES.map((locale) => [locale, localizedPath(locale, path)])) as Record<Locale, string>
}

/**
 * A path that names its language as it is; a storefront path without one in `locale`. For targets that
 * came from elsewhere (a returnUrl, an old link): their language is kept, an old URL gets the page's.
 */
export function withLocale(locale: Locale, path: string): string {
	return localeFromPath(path) ? path : localizedPath(locale, path)
}
