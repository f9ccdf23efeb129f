import frauncesLatin from '../fonts/fraunces-latin.woff2?url'
import frauncesRomanian from '../fonts/fraunces-romanian.woff2?url'
import figtreeLatin from '../fonts/figtree-latin.woff2?url'
import figtreeRomanian from '../fonts/figtree-romanian.woff2?url'
import type { Locale } from '#domain/enums.ts'

/**
 * The font files a page in `locale` surely draws with (app/fonts.css declares them all), as a Link
 * header that preloads them: without it the browser finds them only once the stylesheet has laid
 * out the text, and swaps the fallback for them in view. Romanian text needs its own letters' files too
 * (ă, ș, ț). A header, not <link> elements: the server alone writes it, so the URLs cost
 * the pages' JavaScript nothing.
 */
export function fontPreloadHeader(locale: Locale): string {
	const files = locale === 'ro' ? [figtreeLatin, figtreeRomanian, frauncesLatin, frauncesRomanian] : [figtreeLatin, frauncesLatin]
	return files.map((href) => `<${href}>; rel=preload; as=font; type="font/woff2"; crossorigin`).join(', ')
}
