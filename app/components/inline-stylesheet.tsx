import { createContext, useContext } from 'react'

/** Given on the server: reads a built stylesheet's text by its URL (null: use a <link>). */
const InlineCssContext = createContext<((href: string) => string | null) | null>(null)
export const InlineCssProvider = InlineCssContext.Provider

// In the browser, the stylesheet the server inlined is already in the page; reuse its text so
// hydration renders exactly the same element without shipping the CSS again in JavaScript.
const inlinedInPage = typeof document === 'undefined' ? null : document.querySelector<HTMLStyleElement>('style[data-inline-css]')

/**
 * The app's stylesheet, inlined in a <style> in production (one round trip less before the first
 * paint on a phone network), or linked in development.
 */
export function InlineStylesheet({ href }: { href: string }) {
	const read = useContext(InlineCssContext)
	const css = read ? read(href) : inlinedInPage?.dataset.inlineCss === href ? inlinedInPage.textContent : null
	if (css === null || css === undefined) return <link rel="stylesheet" href={href} />
	return <style data-inline-css={href} dangerouslySetInnerHTML={{ __html: css }} />
}
