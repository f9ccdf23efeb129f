import { describe, expect, it } from 'vitest'
import { createTranslationProvider, describeContext } from './providers.ts'
import { translationRetryDelayMs } from './worker.ts'

describe('describeContext', () => {
	it('turns a context key into a sentence DeepL can use', () => {
		expect(describeContext('product.name')).toMatch(/^The name of a product in an online shop/)
		expect(describeContext('category.description')).toMatch(/^The description of a product category/)
		expect(describeContext('other')).toMatch(/^Text about an item/)
	})
})

describe('createTranslationProvider', () => {
	const base = {
		LIBRETRANSLATE_URL: undefined,
		LIBRETRANSLATE_API_KEY: undefined,
		DEEPL_API_KEY: undefined,
		DEEPL_API_URL: undefined,
		TRANSLATE_TIMEOUT_MS: 1000,
	}
	it('is null for none, and the chosen provider otherwise', () => {
		expect(createTranslationProvider({ ...base, TRANSLATE_PROVIDER: 'none' })).toBeNull()
		expect(createTranslationProvider({ ...base, TRANSLATE_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: 'http://lt' })?.name).toBe('libretranslate')
		expect(createTranslationProvider({ ...base, TRANSLATE_PROVIDER: 'deepl', DEEPL_API_KEY: 'k' })?.name).toBe('deepl')
	})
})

describe('translationRetryDelayMs', () => {
	it('doubles from 30 s and stops at one hour', () => {
		expect([1, 2, 3].map(translationRetryDelayMs)).toEqual([30_000, 60_000, 120_000])
		expect(translationRetryDelayMs(20)).toBe(3_600_000)
	})
})
