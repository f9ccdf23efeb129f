import { xmlProblem } from './strict-xml.ts'

/** An element of a parsed document: its name as written (cbc:ID), attributes, children and text. */
export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string }

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const decode = (value: string) =>
	value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) =>
		ref.startsWith('#x') ? String.fromCodePoint(parseInt(ref.slice(2), 16)) : ref.startsWith('#') ? String.fromCodePoint(Number(ref.slice(1))) : ENTITIES[ref]!,
	)

/**
 * Parses a document the shop wrote (checked first by the strict well-formedness check) into a
 * tree to query in tests: elements, attributes and text; no comments, CDATA or DTDs (the shop writes none).
 */
export function parseXml(document: string): XmlElement {
	const problem = xmlProblem(document)
	if (problem) throw new Error(problem)
	const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' }
	const stack = [root]
	const tag = /<(\/?)([\w.:-]+)((?:\s+[\w.:-]+="[^"]*")*)\s*(\/?)>|<\?[^?]*\?>/g
	let last = 0
	for (const match of document.matchAll(tag)) {
		stack.at(-1)!.text += decode(document.slice(last, match.index))
		last = match.index + match[0].length
		if (!match[2]) continue
		if (match[1]) {
			stack.pop()
			continue
		}
		const attributes: Record<string, string> = {}
		for (const [, name, value] of match[3]!.matchAll(/([\w.:-]+)="([^"]*)"/g)) attributes[name!] = decode(value!)
		const element: XmlElement = { name: match[2], attributes, children: [], text: '' }
		stack.at(-1)!.children.push(element)
		if (!match[4]) stack.push(element)
	}
	return root.children[0]!
}

/** Every element at a path of names below `from` ("cac:TaxTotal/cbc:TaxAmount"). */
export function all(from: XmlElement, path: string): XmlElement[] {
	return path.split('/').reduce<XmlElement[]>((found, name) => found.flatMap((element) => element.children.filter((child) => child.name === name)), [from])
}

/** The one element at a path; throws when there is none. */
export function one(from: XmlElement, path: string): XmlElement {
	const found = all(from, path)
	if (found.length === 0) throw new Error(`no ${path} in ${from.name}`)
	return found[0]!
}

/** The trimmed text at a path, or undefined. */
export function textAt(from: XmlElement, path: string): string | undefined {
	return all(from, path)[0]?.text.trim()
}
