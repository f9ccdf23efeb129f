import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitForTranslation, TextTooLongError } from './split.ts'

describe('splitForTranslation', () => {
	it('keeps a text within the limit whole', () => {
		expect(splitForTranslation('Lumânare parfumată.', 100)).toEqual([{ text: 'Lumânare parfumată.', translate: true }])
	})

	it('splits by paragraph, then by sentence, keeping the whitespace between them untranslated', () => {
		const text = 'Prima frază. A doua frază.\n\nAl doilea paragraf.'
		const segments = splitForTranslation(text, 20)
		expect(segments).toEqual([
			{ text: 'Prima frază.', translate: true },
			{ text: ' ', translate: false },
			{ text: 'A doua frază.', translate: true },
			{ text: '\n\n', translate: false },
			{ text: 'Al doilea paragraf.', translate: true },
		])
		// Short paragraphs are sent together.
		expect(
			splitForTranslation(text, 30)
				.filter((s) => s.translate)
				.map((s) => s.text),
		).toEqual(['Prima frază. A doua frază.', 'Al doilea paragraf.'])
	})

	it('refuses a single sentence longer than the limit', () => {
		expect(() => splitForTranslation('a'.repeat(50), 20)).toThrow(TextTooLongError)
	})

	it('always gives the original back when joined, with every translated piece within the limit', () => {
		const sentence = fc.stringMatching(/^[A-Za-zăîâșț ]{1,15}[.!?]$/)
		const paragraph = fc.array(sentence, { minLength: 1, maxLength: 5 }).map((s) => s.join(' '))
		fc.assert(
			fc.property(fc.array(paragraph, { minLength: 1, maxLength: 5 }), fc.integer({ min: 20, max: 80 }), (paragraphs, max) => {
				const text = paragraphs.join('\n\n')
				const segments = splitForTranslation(text, max)
				expect(segments.map((s) => s.text).join('')).toBe(text)
				for (const s of segments) if (s.translate) expect(s.text.length).toBeLessThanOrEqual(max)
			}),
		)
	})
})
