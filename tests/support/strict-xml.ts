/**
 * A strict well-formedness check for the XML documents the shop writes (no DTDs, comments or
 * CDATA: the shop writes none). Returns the first problem, or null. Node has no XML parser, and
 * the lenient ones in node_modules accept control characters, which a search engine's parser does not.
 */
const XML_CHAR = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u
const NAME = /^[A-Za-z_][\w.:-]*$/
const REFERENCE = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g

function checkText(text: string, where: string): string | null {
	if (!XML_CHAR.test(text)) {
		const bad = [...text].find((char) => !XML_CHAR.test(char))!
		return `${where}: character U+${bad.codePointAt(0)!.toString(16).padStart(4, '0')} is not allowed in XML 1.0`
	}
	for (const match of text.matchAll(REFERENCE)) {
		const numeric = match[0].startsWith('&#')
			? Number.parseInt(match[0].startsWith('&#x') ? match[0].slice(3, -1) : match[0].slice(2, -1), match[0].startsWith('&#x') ? 16 : 10)
			: null
		if (numeric !== null && (!Number.isFinite(numeric) || numeric > 0x10ffff || !XML_CHAR.test(String.fromCodePoint(numeric))))
			return `${where}: ${match[0]} names a character XML cannot carry`
	}
	const rest = text.replace(REFERENCE, '')
	if (rest.includes('&')) return `${where}: a bare & is not allowed`
	if (rest.includes('<')) return `${where}: a bare < is not allowed`
	return null
}

export function xmlProblem(document: string): string | null {
	const charProblem = checkText(document.replace(/[<>&]/g, ''), 'document')
	if (charProblem) return charProblem
	const match = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(document)
	if (!match) return 'missing XML declaration'
	const stack: string[] = []
	let roots = 0
	let position = match[0].length
	while (position < document.length) {
		const open = document.indexOf('<', position)
		const text = document.slice(position, open === -1 ? undefined : open)
		if (stack.length === 0 && text.trim() !== '') return `text outside the root element: ${JSON.stringify(text.slice(0, 40))}`
		const textProblem = checkText(text, `text at ${position}`)
		if (textProblem) return textProblem
		if (open === -1) break
		const close = document.indexOf('>', open)
		if (close === -1) return `unclosed tag at ${open}`
		const tag = document.slice(open + 1, close)
		if (tag.startsWith('/')) {
			const name = tag.slice(1).trim()
			if (stack.pop() !== name) return `closing </${name}> does not match`
		} else {
			const selfClosing = tag.endsWith('/')
			const body = selfClosing ? tag.slice(0, -1) : tag
			const [name = '', ...attributeParts] = body.split(/\s+/)
			if (!NAME.test(name)) return `bad element name ${JSON.stringify(name)}`
			const attributes = attributeParts.join(' ')
			let attributeProblem: string | null = null
			const rest = attributes.replace(/[\w.:-]+\s*=\s*("[^"]*"|'[^']*')/g, (_whole, value: string) => {
				attributeProblem ??= checkText(value.slice(1, -1), `attribute of <${name}>`)
				return ''
			})
			if (attributeProblem) return attributeProblem
			if (rest.trim() !== '') return `bad attributes on <${name}>: ${JSON.stringify(rest.trim())}`
			if (stack.length === 0 && ++roots > 1) return 'more than one root element'
			if (!selfClosing) stack.push(name)
		}
		position = close + 1
	}
	if (stack.length) return `unclosed <${stack.at(-1)}>`
	return roots === 1 ? null : 'no root element'
}
