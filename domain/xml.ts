/**
 * Characters XML 1.0 cannot carry at all (its Char production, XML 1.0 §2.2: C0 controls other than tab, LF and CR,
 * lone surrogates, U+FFFE and U+FFFF), plus DEL and the C1 controls, which the spec discourages
 * and no title or URL needs. The `u` flag makes a lone surrogate one code point, so it matches.
 */
const NOT_XML_TEXT = /[^\t\n\r\u0020-\u007e\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu

/**
 * Text without what XML cannot carry (and the discouraged controls): the one rule for every
 * document the shop writes for people or machines, the invoice's XML and its PDF alike.
 */
export function withoutUnprintable(value: string): string {
	return value.replace(NOT_XML_TEXT, '')
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/**
 * Text as it may appear in XML content or an attribute value: what XML cannot carry is dropped
 * (an escape would not help: `&#1;` is as invalid as the raw byte), the markup characters escaped.
 * Every XML document the shop writes (sitemap, feeds) goes through this one helper.
 */
export function xmlText(value: string): string {
	return withoutUnprintable(value).replace(/[&<>"']/g, (char) => ENTITIES[char]!)
}
