import { describe, expect, it } from 'vitest'
import { createI18n } from '#domain/i18n/i18n.ts'
import en from '#domain/i18n/resources/en.ts'
import ro from '#domain/i18n/resources/ro.ts'
import { translationFor } from './translation.tsx'

describe('translationFor', () => {
	it('gives every component of a page the same t, fixed to the instance language', () => {
		const i18n = createI18n('ro', { ro, en })
		const first = translationFor(i18n)
		expect(translationFor(i18n)).toBe(first)
		expect(first.i18n).toBe(i18n)
		expect(first.t('product.soldOut')).toBe('Stoc epuizat')
		// Asked again, the remembered text is the same as i18next's own.
		expect(first.t('product.soldOut')).toBe(i18n.t('product.soldOut'))
	})

	it('keeps languages and instances apart', () => {
		const romanian = translationFor(createI18n('ro', { ro, en }))
		const english = translationFor(createI18n('en', { ro, en }))
		expect(romanian.t('product.soldOut')).toBe('Stoc epuizat')
		expect(english.t('product.soldOut')).toBe('Sold out')
	})

	it('remembers a text per key and plain option values, and interpolates anything else', () => {
		const i18n = createI18n('en', { en })
		const { t } = translationFor(i18n)
		expect(t('cart.each', { price: '€5.00' })).toBe('€5.00 each')
		expect(t('cart.each', { price: '€7.50' })).toBe('€7.50 each')
		expect(t('cart.each', { price: '€5.00' })).toBe('€5.00 each')
		// A number and the same digits as a string are told apart, as are values that look like separators.
		expect(t('cart.each', { price: 5 })).toBe('5 each')
		expect(t('cart.each', { price: '5' })).toBe('5 each')
		expect(t('cart.each', { price: '\u0000price=1' })).toBe(i18n.t('cart.each', { price: '\u0000price=1' }))
		// An option that is no plain value goes to i18next every time.
		const price = { toString: () => '€9.00' }
		expect(t('cart.each', { price } as never)).toBe(i18n.t('cart.each', { price } as never))
	})
})
