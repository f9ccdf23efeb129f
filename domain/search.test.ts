import { describe, expect, it } from 'vitest'
import { escapeLike, normalizeSearchText, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchLikePattern, searchStem, stemSearchQuery } from './search.ts'

describe('normalizeSearchText', () => {
	it('folds Romanian letters, both the comma and the cedilla forms, in either case', () => {
		expect(normalizeSearchText('Lumânare')).toBe('lumanare')
		expect(normalizeSearchText('ĂÂÎȘŞȚŢ ăâîșşțţ')).toBe('aaisstt aaisstt')
	})

	it('folds Spanish and other Latin letters', () => {
		expect(normalizeSearchText('Vela pequeña de AZAHAR Ñandú')).toBe('vela pequena de azahar nandu')
		expect(normalizeSearchText('á é í ó ú ü Crème brûlée')).toBe('a e i o u u creme brulee')
	})

	it('composes separate accents first, trims and collapses spaces', () => {
		expect(normalizeSearchText('  luma\u0302nare \t  de   soia ')).toBe('lumanare de soia')
		expect(normalizeSearchText('   ')).toBe('')
	})

	it('keeps what it does not know', () => {
		expect(normalizeSearchText('100% ceară_de soia 🕯️')).toBe('100% ceara_de soia 🕯️')
	})

	it('has a translate() pair of the same length, every accented letter once', () => {
		expect([...SEARCH_FOLD_FROM]).toHaveLength([...SEARCH_FOLD_TO].length)
		expect(new Set(SEARCH_FOLD_FROM).size).toBe([...SEARCH_FOLD_FROM].length)
		expect(SEARCH_FOLD_TO).toMatch(/^[a-z]+$/)
	})
})

describe('searchLikePattern', () => {
	it('matches the words in order with anything between, escaping LIKE wildcards', () => {
		expect(searchLikePattern('lumanare lavanda')).toBe('%lumanare%lavanda%')
		expect(searchLikePattern('100% a_b c\\d')).toBe('%100\\%%a\\_b%c\\\\d%')
	})
})

describe('escapeLike', () => {
	it('escapes LIKE wildcards and its escape character, and leaves the rest (spaces included) as typed', () => {
		expect(escapeLike('50%_off \\ Ana Maria')).toBe('50\\%\\_off \\\\ Ana Maria')
		expect(escapeLike('plain')).toBe('plain')
	})
})

describe('searchStem', () => {
	/** Each group's words, singular and plural, stem to a prefix of every word of the group: LIKE '%stem%' finds them all. */
	const families = {
		es: [
			['vela', 'velas'],
			['flor', 'flores'],
			['jabon', 'jabones'],
			['aceite', 'aceites'],
			['clase', 'clases'],
			['retrato', 'retratos'],
		],
		en: [
			['candle', 'candles'],
			['box', 'boxes'],
			['berry', 'berries'],
			['portrait', 'portraits'],
			['gift', 'gifts'],
		],
		ro: [
			['lumanare', 'lumanari', 'lumanarea', 'lumanarile'],
			['portret', 'portrete', 'portretul'],
			['cutie', 'cutii'],
			['cadou', 'cadouri'],
		],
	} as const
	for (const [locale, groups] of Object.entries(families) as [keyof typeof families, readonly (readonly string[])[]][]) {
		it(`finds the singular and the plural alike in ${locale}`, () => {
			for (const group of groups) for (const word of group) for (const other of group) expect(other).toContain(searchStem(word, locale))
		})
	}

	it('keeps short words, words that are no plural, and anything but plain letters', () => {
		expect(searchStem('glass', 'en')).toBe('glass')
		expect(searchStem('soy', 'en')).toBe('soy')
		expect(searchStem('day', 'en')).toBe('day')
		expect(searchStem('mes', 'es')).toBe('mes')
		expect(searchStem('ou', 'ro')).toBe('ou')
		expect(searchStem('100%', 'en')).toBe('100%')
	})

	it('stems every word of a query', () => {
		expect(stemSearchQuery('velas aromaticas', 'es')).toBe('vela aromatica')
	})
})
