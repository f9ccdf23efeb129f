/** schema.org JSON-LD for search engines, built from what a page already shows. */
import { shopDay } from './shop-calendar.ts'

const QUANTITY = 'QuantitativeValue'

/** The product fields its JSON-LD reads. */
export type StructuredProduct = {
	id: string
	name: string
	description: string
	/** Absolute image URLs. */
	images: string[]
	categoryName: string | null
	/** The price charged now: the sale price while a sale is on. */
	priceCents: number
	/** While a sale is on, when it ends: the offer's price is valid until then. */
	sale?: { endsAt: Date } | null
	stock: number | null
	weightGrams: number | null
	widthMm: number | null
	heightMm: number | null
	depthMm: number | null
	burnTimeHours: number | null
}

/**
 * A schema.org Product with its Offer. Measures are Product properties (QuantitativeValue with
 * UN/CEFACT unit codes); burn time has no property of its own, so it is an additionalProperty
 * named in the page's language.
 */
export function productJsonLd(product: StructuredProduct, page: { url: string; brand: string; burnTimeName: string }) {
	const { widthMm, heightMm, depthMm } = product
	return {
		'@context': 'https://schema.org',
		'@type': 'Product',
		url: page.url,
		name: product.name,
		description: product.description,
		sku: product.id,
		image: product.images,
		...(product.categoryName ? { category: product.categoryName } : {}),
		brand: { '@type': 'Brand', name: page.brand },
		...(product.weightGrams !== null ? { weight: { '@type': QUANTITY, value: product.weightGrams, unitCode: 'GRM' } } : {}),
		...(widthMm !== null && heightMm !== null && depthMm !== null
			? {
					width: { '@type': QUANTITY, value: widthMm, unitCode: 'MMT' },
					height: { '@type': QUANTITY, value: heightMm, unitCode: 'MMT' },
					depth: { '@type': QUANTITY, value: depthMm, unitCode: 'MMT' },
				}
			: {}),
		...(product.burnTimeHours !== null
			? { additionalProperty: [{ '@type': 'PropertyValue', name: page.burnTimeName, value: product.burnTimeHours, unitCode: 'HUR' }] }
			: {}),
		offers: {
			'@type': 'Offer',
			url: page.url,
			price: (product.priceCents / 100).toFixed(2),
			priceCurrency: 'EUR',
			// The last day the sale price holds, in the shop's calendar.
			...(product.sale ? { priceValidUntil: shopDay(new Date(product.sale.endsAt.getTime() - 1)) } : {}),
			availability: product.stock === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
		},
	}
}

/** A schema.org BreadcrumbList of absolute URLs, in the order the page shows them. */
export function breadcrumbListJsonLd(crumbs: { name: string; url: string }[]) {
	return {
		'@context': 'https://schema.org',
		'@type': 'BreadcrumbList',
		itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
	}
}
