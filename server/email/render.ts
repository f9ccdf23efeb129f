import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { plainTextSelectors } from '@react-email/render'
import { compile, type FormatCallback } from 'html-to-text'

/** A rendered email: the HTML part and the plain-text part made from it. */
export type RenderedEmail = { html: string; text: string }

/** Table cells read on one line ("Total: 75,00 €"), as a person would write it, rather than one cell per line. */
const inlineCell: FormatCallback = (element, walk, builder) => {
	walk(element.children, builder)
	builder.addInline(' ')
}

/**
 * The text part's converter, compiled once: emails are rendered inside the transaction that
 * records what they report (the outbox), so each one should cost as little as it can.
 */
const toText = compile({
	wordwrap: false,
	formatters: { inlineCell },
	selectors: [
		...plainTextSelectors,
		{ selector: 'table', format: 'block' },
		{ selector: 'tr', format: 'block' },
		{ selector: 'td', format: 'inlineCell' },
		{ selector: 'th', format: 'inlineCell' },
	],
})

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'

/**
 * The one way to render an email: a React component (the @react-email primitives, laid out for
 * mail clients) rendered on the server, where React escapes every text, and its plain-text part
 * made from the same HTML, so the two never say different things.
 */
export function renderEmail(email: ReactElement): RenderedEmail {
	const html = `${DOCTYPE}${renderToStaticMarkup(email)}`
	return { html, text: toText(html).trim() }
}
