import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '#domain/enums.ts'
import { SCREENSHOT_PAGES, SCREENSHOT_WIDTHS, SCREENSHOTS_DIR, screenshotManifest } from './screenshots.ts'

describe('the screenshot set', () => {
	const manifest = screenshotManifest()

	it('is the nine storefront pages a design review looks at, in every language, at a phone’s and a laptop’s width', () => {
		expect(SCREENSHOT_PAGES.map((page) => page.name)).toEqual(['home', 'catalog', 'product', 'portrait', 'cart', 'checkout', 'success', 'order', 'account'])
		expect(SCREENSHOT_WIDTHS).toEqual([375, 1280])
		const combinations = SCREENSHOT_PAGES.flatMap(({ name }) => LOCALES.flatMap((locale) => SCREENSHOT_WIDTHS.map((width) => `${name} ${locale} ${width}`)))
		expect(manifest.map((shot) => `${shot.page} ${shot.locale} ${shot.width}`).sort()).toEqual(combinations.sort())
		expect(manifest).toHaveLength(9 * 3 * 2)
	})

	it('names each picture <page>-<locale>-<width>.webp, one file per picture', () => {
		for (const shot of manifest) expect(shot.file).toBe(`${shot.page}-${shot.locale}-${shot.width}.webp`)
		expect(new Set(manifest.map((shot) => shot.file)).size).toBe(manifest.length)
	})

	it('is what docs/screenshots holds: `npm run screenshots` was run since the set last changed', () => {
		const committed = fs.readdirSync(path.resolve(import.meta.dirname, '../..', SCREENSHOTS_DIR)).filter((name) => name.endsWith('.webp'))
		expect(committed.sort()).toEqual(manifest.map((shot) => shot.file).sort())
	})
})
