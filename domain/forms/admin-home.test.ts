import { describe, expect, it } from 'vitest'
import { describeImageUses } from '../admin/image-uses.ts'
import { emptyHomeForm, homeFormSchema } from './admin-home.ts'

describe('the home page form', () => {
	it('keeps blank texts and images as null (the built-in wording shows) and trims the rest', () => {
		expect(homeFormSchema.parse({ ...emptyHomeForm, heroTitle: '  Lumini  ', heroImageUrl: '/uploads/hero/1-a.webp' })).toEqual({
			heroTitle: 'Lumini',
			heroText: null,
			heroImageUrl: '/uploads/hero/1-a.webp',
			storyTitle: null,
			storyText: null,
			bannerImageUrl: null,
			bannerLink: null,
			bannerAlt: null,
		})
	})

	it('takes a shop path or an http(s) address as the banner link, nothing else', () => {
		for (const link of ['/catalog', '/catalog?category=candle', 'https://example.com/oferta', 'http://example.com'])
			expect(homeFormSchema.safeParse({ ...emptyHomeForm, bannerLink: link }).success, link).toBe(true)
		for (const link of ['javascript:alert(1)', '//elsewhere.example', '/\\elsewhere.example', 'catalog', 'https:// spaced', 'data:text/html,x'])
			expect(homeFormSchema.safeParse({ ...emptyHomeForm, bannerLink: link }).success, link).toBe(false)
	})

	it('refuses texts over their limits with Romanian messages', () => {
		const result = homeFormSchema.safeParse({ ...emptyHomeForm, heroTitle: 'x'.repeat(121) })
		expect(result.success).toBe(false)
		expect(result.error?.issues[0]?.message).toBe('Titlul poate avea maxim 120 de caractere')
	})
})

describe('describeImageUses', () => {
	it('names every place an image shows, in Romanian', () => {
		expect(
			describeImageUses([
				{ kind: 'product', id: 'p', name: 'Lumânare' },
				{ kind: 'category', id: 'c', name: 'Lumânări' },
				{ kind: 'homeHero' },
				{ kind: 'homeBanner' },
			]),
		).toBe('produsul Lumânare, categoria Lumânări, pagina principală (hero), pagina principală (banner)')
		expect(describeImageUses([])).toBe('')
	})
})
