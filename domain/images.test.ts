import { describe, expect, it } from 'vitest'
import { derivativeUrl, imageSrcSet } from './images.ts'

describe('responsive image URLs', () => {
	it('lists the narrower copies of a stored WebP image', () => {
		const url = '/uploads/products/1700000000000-0123456789abcdef0123456789abcdef.webp'
		expect(derivativeUrl(url, 320)).toBe('/uploads/products/1700000000000-0123456789abcdef0123456789abcdef.w320.webp')
		expect(imageSrcSet(url)).toBe(
			['320', '640', '960'].map((w) => `/uploads/products/1700000000000-0123456789abcdef0123456789abcdef.w${w}.webp ${w}w`).join(', '),
		)
	})
	it('leaves other images alone', () => {
		expect(imageSrcSet('https://cdn.example/photo.jpg')).toBeUndefined()
		expect(derivativeUrl('https://cdn.example/photo.jpg', 320)).toBe('https://cdn.example/photo.jpg')
	})
})
