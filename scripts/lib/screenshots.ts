/**
 * The storefront screenshots `npm run screenshots` writes for design review (scripts/screenshots.ts):
 * every page below, in every language, at a phone's width and a laptop's. The script checks that it
 * took exactly this set, and a unit test that the set covers every page, language and width.
 */
import { LOCALES, type Locale } from '#domain/enums.ts'

/** The pages in the order a customer meets them, each with what its picture shows. */
export const SCREENSHOT_PAGES = [
	{ name: 'home', shows: 'The home page.' },
	{ name: 'catalog', shows: 'The catalogue, every product.' },
	{ name: 'product', shows: 'A candle’s product page.' },
	{ name: 'portrait', shows: 'The portrait customiser with a photo uploaded, its preview shown.' },
	{ name: 'cart', shows: 'The cart page with a candle and a portrait.' },
	{ name: 'checkout', shows: 'Checkout with the delivery details filled in.' },
	{ name: 'success', shows: 'The thank-you page after paying on the built-in test card page.' },
	{ name: 'order', shows: 'The customer’s order page, opened from the thank-you page.' },
	{ name: 'account', shows: 'The account of a customer who signed up, confirmed the address and signed in: the order above is listed.' },
] as const

export type ScreenshotPage = (typeof SCREENSHOT_PAGES)[number]['name']

export const SCREENSHOT_LOCALES: readonly Locale[] = LOCALES

/** CSS pixels; one device pixel each (a denser phone screen would only make the files bigger). */
export const SCREENSHOT_WIDTHS = [375, 1280] as const
export type ScreenshotWidth = (typeof SCREENSHOT_WIDTHS)[number]

/** The window's height at each width: a full-page picture is as tall as the page, this only sets the first screen. */
export const VIEWPORT_HEIGHTS: Record<ScreenshotWidth, number> = { 375: 812, 1280: 900 }

export const SCREENSHOTS_DIR = 'docs/screenshots'

export type Screenshot = { page: ScreenshotPage; locale: Locale; width: ScreenshotWidth; file: string }

export function screenshotFile(page: ScreenshotPage, locale: Locale, width: ScreenshotWidth) {
	return `${page}-${locale}-${width}.webp`
}

/** Every screenshot of the set, page by page, then language, then width. */
export function screenshotManifest(): Screenshot[] {
	return SCREENSHOT_PAGES.flatMap(({ name }) =>
		SCREENSHOT_LOCALES.flatMap((locale) => SCREENSHOT_WIDTHS.map((width) => ({ page: name, locale, width, file: screenshotFile(name, locale, width) }))),
	)
}
