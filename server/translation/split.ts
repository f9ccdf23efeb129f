/** A piece of a long text: translatable content, or the whitespace between pieces (kept as is). */
export type Segment = { text: string; translate: boolean }

export class TextTooLongError extends Error {
	override name = 'TextTooLongError'
}

/**
 * Splits a text longer than a provider accepts into pieces of at most `maxChars`: by paragraph,
 * then by sentence. Joining the segments' texts gives the original back exactly. A single sentence
 * longer than the limit cannot be split sensibly: TextTooLongError (the caller keeps the text untranslated).
 */
export function splitForTranslation(text: string, maxChars: number): Segment[] {
	if (text.length <= maxChars) return [{ text, translate: text.trim() !== '' }]
	const segments = group(text.split(/(\n\s*\n)/), maxChars, (paragraph) =>
		group(paragraph.split(/(?<=[.!?…])(\s+)/), maxChars, (sentence) => {
			throw new TextTooLongError(`a sentence of ${sentence.length} characters is longer than the provider's limit of ${maxChars}`)
		}),
	)
	return segments.map((segment) => (segment.translate && segment.text.trim() === '' ? { ...segment, translate: false } : segment))
}

/** `tokens` alternate content and separator (what String.split with one capture group gives). */
function group(tokens: string[], maxChars: number, tooLong: (content: string) => Segment[]): Segment[] {
	const out: Segment[] = []
	let current = ''
	const flush = () => {
		if (current !== '') out.push({ text: current, translate: true })
		current = ''
	}
	for (let i = 0; i < tokens.length; i += 2) {
		const content = tokens[i]!
		const separator = i > 0 ? tokens[i - 1]! : ''
		if (content.length > maxChars) {
			flush()
			if (separator) out.push({ text: separator, translate: false })
			out.push(...tooLong(content))
		} else if (current !== '' && current.length + separator.length + content.length <= maxChars) {
			current += separator + content
		} else {
			flush()
			if (separator) out.push({ text: separator, translate: false })
			current = content
		}
	}
	flush()
	return out
}
