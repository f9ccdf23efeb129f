import { describe, expect, it } from 'vitest'
import { breadcrumbListJsonLd, productGroupJsonLd, productJsonLd, reviewsJsonLd, type StructuredProduct } from './structured-data.ts'

const candle: StructuredProduct = {
	id: 'p-1',
	name: 'Brad candle',
	description: 'Pine and resin.',
	images: ['https://shop.example/img/brad.webp'],
	categoryName: 'Candles',
	priceCents: 2990,
	stock: 4,
	weightGrams: 320,
	widthMm: 80,
	heightMm: 95,
	depthMm: 80,
	burnTimeHours: 45,
}
const page = { url: 'https://shop.example/en/product/brad', brand: 'Atelier', burnTimeName: 'Burn time' }

describe('productJsonLd', () => {
	it('describes the product, its measures and its offer in euro', () => {
		expect(productJsonLd(candle, page)).toMatchObject({
			'@type': 'Product',
			url: page.url,
			sku: 'p-1',
			category: 'Candles',
			brand: { name: 'Atelier' },
			weight: { value: 320, unitCode: 'GRM' },
			width: { value: 80, unitCode: 'MMT' },
			depth: { value: 80, unitCode: 'MMT' },
			additionalProperty: [{ name: 'Burn time', value: 45, unitCode: 'HUR' }],
			offers: { price: '29.90', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
		})
	})

	it('leaves out what the product does not have, and says when it is sold out', () => {
		const bare = productJsonLd({ ...candle, categoryName: null, weightGrams: null, depthMm: null, burnTimeHours: null, stock: 0 }, page)
		expect(bare).not.toHaveProperty('category')
		expect(bare).not.toHaveProperty('weight')
		expect(bare).not.toHaveProperty('width')
		expect(bare).not.toHaveProperty('additionalProperty')
		expect(bare.offers.availability).toBe('https://schema.org/OutOfStock')
	})
})

describe('breadcrumbListJsonLd', () => {
	it('numbers the crumbs from 1 in the order shown', () => {
		const list = breadcrumbListJsonLd([
			{ name: 'Home', url: 'https://shop.example/en' },
			{ name: 'Brad candle', url: page.url },
		])
		expect(list.itemListElement).toEqual([
			{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/en' },
			{ '@type': 'ListItem', position: 2, name: 'Brad candle', item: page.url },
		])
	})
})

describe('productGroupJsonLd', () => {
	it('describes a product sold in sizes as a ProductGroup whose variants have their own SKU, price, availability and address', () => {
		const variant = (id: string, size: string, scent: string, priceCents: number, stock: number | null) => ({
			id,
			sku: `SKU-${id}`,
			name: `Brad candle — ${size} / ${scent}`,
			optionValues: [size, scent],
			priceCents,
			stock,
			image: null,
			weightGrams: null,
		})
		const group = productGroupJsonLd(
			{
				...candle,
				optionNames: ['Mărime', 'Aromă'],
				optionLabels: ['Size', 'Scent'],
				variants: [variant('a', 'Small', 'Pine', 1890, 3), variant('b', 'Large', 'Pine', 3490, 0)],
			},
			{ ...page, variantUrl: (id) => `${page.url}?variant=${id}` },
		)
		expect(group).toMatchObject({
			'@context': 'https://schema.org',
			'@type': 'ProductGroup',
			productGroupID: 'p-1',
			name: 'Brad candle',
			variesBy: ['https://schema.org/size', 'Scent'],
			hasVariant: [
				{
					'@type': 'Product',
					sku: 'SKU-a',
					url: `${page.url}?variant=a`,
					size: 'Small',
					additionalProperty: [{ '@type': 'PropertyValue', name: 'Scent', value: 'Pine' }],
					image: candle.images,
					offers: { '@type': 'Offer', price: '18.90', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
				},
				{ sku: 'SKU-b', size: 'Large', offers: { price: '34.90', availability: 'https://schema.org/OutOfStock' } },
			],
		})
		expect(group).not.toHaveProperty('offers')
		expect(group).not.toHaveProperty('sku')
	})
})

describe('reviewsJsonLd', () => {
	const review = { rating: 4, text: 'Arde frumos <b>și</b> mult.', authorName: 'Ana', language: 'ro', publishedAt: new Date('2026-11-20T23:30:00Z') }

	it('adds nothing without approved reviews', () => {
		expect(reviewsJsonLd(null, [])).toEqual({})
	})

	it('gives the aggregate rating and each review with its first name, language and day', () => {
		const ld = reviewsJsonLd({ average: 4.5, count: 2 }, [review])
		expect(ld).toEqual({
			aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
			review: [
				{
					'@type': 'Review',
					reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
					author: { '@type': 'Person', name: 'Ana' },
					reviewBody: 'Arde frumos <b>și</b> mult.',
					inLanguage: 'ro',
					// The shop's day (Bucharest), not UTC's.
					datePublished: '2026-11-21',
				},
			],
		})
		// Spread into the product's own JSON-LD.
		expect({ ...productJsonLd(candle, page), ...ld }).toMatchObject({ '@type': 'Product', aggregateRating: { reviewCount: 2 } })
	})
})
