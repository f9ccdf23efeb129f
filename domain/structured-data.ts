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
		offers: offerJsonLd(page.url, product),
	}
}

/** A variant as its product's JSON-LD describes it. */
export type StructuredVariant = {
	id: string
	sku: string | null
	/** The variant's name in the page's language (its product's name and its values). */
	name: string
	optionValues: string[]
	priceCents: number
	sale?: { endsAt: Date } | null
	stock: number | null
	/** Absolute URL, or null to use the product's images. */
	image: string | null
	weightGrams: number | null
}

/** The schema.org properties a product group may vary by, from the owner's Romanian option names; other options are PropertyValues. */
const VARIES_BY: [RegExp, string][] = [
	[/^(m[ăa]rime|dimensiune|size)$/i, 'size'],
	[/^(culoare|color)$/i, 'color'],
	[/^material$/i, 'material'],
	[/^(model|pattern)$/i, 'pattern'],
]
const schemaPropertyOf = (optionName: string) => VARIES_BY.find(([pattern]) => pattern.test(optionName.trim()))?.[1] ?? null

/**
 * A product sold as variants (ADR 0264): a schema.org ProductGroup whose hasVariant lists each
 * variant as a Product with its own SKU, price and availability, and its own address on the page.
 * `optionNames` are the Romanian names (they decide the schema.org property); `optionLabels` the
 * names in the page's language.
 */
export function productGroupJsonLd(
	product: StructuredProduct & { optionNames: string[]; optionLabels: string[]; variants: StructuredVariant[] },
	page: { url: string; brand: string; burnTimeName: string; variantUrl: (id: string) => string },
) {
	const { offers: _offers, sku: _sku, '@type': _type, ...common } = productJsonLd(product, page)
	const properties = product.optionNames.map(schemaPropertyOf)
	return {
		...common,
		'@type': 'ProductGroup',
		productGroupID: product.id,
		variesBy: properties.flatMap((property, index) => (property ? [`https://schema.org/${property}`] : [product.optionLabels[index]!])),
		hasVariant: product.variants.map((variant) => {
			const url = page.variantUrl(variant.id)
			const own = Object.fromEntries(properties.flatMap((property, index) => (property ? [[property, variant.optionValues[index]]] : [])))
			const others = properties.flatMap((property, index) =>
				property ? [] : [{ '@type': 'PropertyValue', name: product.optionLabels[index], value: variant.optionValues[index] }],
			)
			return {
				'@type': 'Product',
				url,
				name: variant.name,
				sku: variant.sku ?? variant.id,
				image: variant.image ? [variant.image] : product.images,
				...own,
				...(others.length ? { additionalProperty: others } : {}),
				...(variant.weightGrams !== null ? { weight: { '@type': QUANTITY, value: variant.weightGrams, unitCode: 'GRM' } } : {}),
				offers: offerJsonLd(url, variant),
			}
		}),
	}
}

function offerJsonLd(url: string, priced: { priceCents: number; sale?: { endsAt: Date } | null; stock: number | null }) {
	return {
		'@type': 'Offer',
		url,
		price: (priced.priceCents / 100).toFixed(2),
		priceCurrency: 'EUR',
		// The last day the sale price holds, in the shop's calendar.
		...(priced.sale ? { priceValidUntil: shopDay(new Date(priced.sale.endsAt.getTime() - 1)) } : {}),
		availability: priced.stock === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
	}
}

/** An approved review as the product's JSON-LD names it: the writer's first name only, the text as written. */
export type StructuredReview = { rating: number; text: string; authorName: string; language: string; publishedAt: Date }

/**
 * The product's AggregateRating and its Reviews (ADR 0268), to spread into its Product or
 * ProductGroup; nothing without approved reviews, as an empty rating is invalid for search engines.
 */
export function reviewsJsonLd(summary: { average: number; count: number } | null, reviews: readonly StructuredReview[]) {
	if (!summary) return {}
	return {
		aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 },
		review: reviews.map((review) => ({
			'@type': 'Review',
			reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
			author: { '@type': 'Person', name: review.authorName },
			reviewBody: review.text,
			inLanguage: review.language,
			datePublished: shopDay(review.publishedAt),
		})),
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
