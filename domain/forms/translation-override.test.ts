import { describe, expect, it } from 'vitest'
import { translationOverrideSchema } from './translation-override.ts'

const valid = { kind: 'product', id: '2f1c4a9e-8b7d-4c3a-9e1f-0a1b2c3d4e5f', field: 'name', locale: 'en', text: ' Vanilla candle ' }

describe('translationOverrideSchema', () => {
	it('trims the text, and treats an empty one as clearing the override', () => {
		expect(translationOverrideSchema.parse(valid).text).toBe('Vanilla candle')
		expect(translationOverrideSchema.parse({ ...valid, text: '   ' }).text).toBeNull()
	})

	it("accepts a product's free-text attributes as fields (ADR 0138)", () => {
		for (const field of ['smellsLike', 'waxColor', 'containerType']) expect(translationOverrideSchema.parse({ ...valid, field }).field).toBe(field)
	})

	it('refuses Romanian or other languages, unknown fields and over-long text, in Romanian', () => {
		expect(translationOverrideSchema.safeParse({ ...valid, locale: 'ro' }).error?.issues[0]?.message).toBe('Limba trebuie să fie engleză sau spaniolă')
		expect(translationOverrideSchema.safeParse({ ...valid, field: 'slug' }).error?.issues[0]?.message).toBe('Câmp invalid')
		expect(translationOverrideSchema.safeParse({ ...valid, id: '1' }).error?.issues[0]?.message).toBe('Element invalid')
		expect(translationOverrideSchema.safeParse({ ...valid, text: 'x'.repeat(4001) }).error?.issues[0]?.message).toBe(
			'Traducerea nu poate depăși 4000 de caractere',
		)
	})
})
