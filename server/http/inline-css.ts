import fs from 'node:fs'
import path from 'node:path'

let clientDir: string | null = null
const cache = new Map<string, string | null>()

/** Production only: where the built stylesheets are, so pages can carry them inline. */
export function configureInlineCss(dir: string | null) {
	clientDir = dir
	cache.clear()
}

/** The text of a built stylesheet (by its /assets/… URL), or null when it cannot be inlined. */
export function readInlineCss(href: string): string | null {
	if (!clientDir || !/^\/assets\/[\w.-]+\.css$/.test(href)) return null
	let css = cache.get(href)
	if (css === undefined) {
		try {
			css = fs.readFileSync(path.join(clientDir, href), 'utf8').replace(/<\/style/gi, '<\\/style')
		} catch {
			css = null
		}
		cache.set(href, css)
	}
	return css
}
