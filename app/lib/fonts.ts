import frauncesLatin from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url'
import frauncesLatinExt from '@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2?url'
import figtreeLatin from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url'
import figtreeLatinExt from '@fontsource-variable/figtree/files/figtree-latin-ext-wght-normal.woff2?url'
import type { Locale } from '#domain/enums.ts'

/**
 * The font files a page in `locale` surely draws with (app/fonts.css declares them all), as a Link
 * header that preloads them: without it the browser finds them only once the stylesheet has laid
 * out the text, and swaps the fallback for them in view. Romanian text needs the Latin Extended
 * files too (ă, ș, ț). A header, not <link> elements: the server alone writes it, so the URLs cost
 * the pages' JavaScript nothing.
 */
export function fontPreloadHeader(locale: Locale): string {
	const files = locale === 'ro' ? [figtreeLatin, figtreeLatinExt, frauncesLatin, frauncesLatinExt] : [figtreeLatin, frauncesLatin]
	return files.map((href) => `<${href}>; rel=preload; as=font; type="font/woff2"; crossorigin`).join(', ')
}
