import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from './slug.ts'

describe('slugify', () => {
	it('turns Romanian diacritics into plain letters, both comma and cedilla forms', () => {
		expect(slugify('Lumânări în borcan')).toBe('lumanari-in-borcan')
		expect(slugify('Ștergătoare țesute ȘI ȚESĂTURI')).toBe('stergatoare-tesute-si-tesaturi')
		expect(slugify('şoseta ţesută')).toBe('soseta-tesuta')
		expect(slugify('Ediție de sezon')).toBe('editie-de-sezon')
	})

	it('removes other characters and collapses spaces and repeated hyphens', () => {
		expect(slugify('  Seturi   cadou -- 2025!  ')).toBe('seturi-cadou-2025')
		expect(slugify('Pachete & seturi / cadou')).toBe('pachete-seturi-cadou')
		expect(slugify('--a--b--')).toBe('a-b')
		expect(slugify('portrait_cardboard')).toBe('portrait_cardboard')
		expect(slugify('Crème brûlée')).toBe('creme-brulee')
	})

	it('gives an empty string when nothing is left', () => {
		expect(slugify('')).toBe('')
		expect(slugify('!!! ???')).toBe('')
	})

	it('always yields a valid slug of at most 100 characters, and is idempotent', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 300 }), (text) => {
				const slug = slugify(text)
				expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH)
				if (slug !== '') expect(slug).toMatch(SLUG_PATTERN)
				expect(slugify(slug)).toBe(slug)
			}),
		)
	})
})
