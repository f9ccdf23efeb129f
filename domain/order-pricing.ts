import type { CartLine, PortraitOptions } from './cart-line.ts'
import { portraitPrice } from './portrait-price.ts'
import { shippingCents, type ShippingConfig } from './shipping.ts'

/**
 * The pure pricing step of order placement (ADR 0102): cart lines in, priced lines, the stock they
 * take and the problems out. It reads no database: what it needs from one (the products, which
 * uploads exist) is passed in, so every line kind is unit-tested without one. Prices the browser
 * may have shown play no part.
 */

export type LineProblemCode = 'unavailable' | 'outOfStock' | 'notEnoughStock' | 'photoMissing'

export type LineProblem = {
	/** The line's position in the request (0-based): the browser shows the message beside it. */
	line: number
	/** Translation key under checkout.lineErrors. */
	code: LineProblemCode
	/** What the line is called, to name it in the message. The units left are never told (ADR 0096). */
	name: string
}

/** What pricing needs to know about a product. */
export type CatalogueProduct = { id: string; name: string; priceCents: number; stock: number | null; isActive: boolean; image: string | null }

/** A line as the order stores it. */
export type PricedLine = {
	/** The line's position in the order, zero-padded so it sorts ('01', '02', …). */
	lineId: string
	productId: string | null
	name: string
	unitPriceCents: number
	quantity: number
	image: string | null
	options: Record<string, string | number | boolean | null>
	uploadId: string | null
}

export type OrderPricing = {
	lines: PricedLine[]
	/** Units wanted per stocked product id. */
	stock: Map<string, number>
	/** Upload ids the portrait lines claim. */
	uploads: string[]
	subtotalCents: number
	shippingCents: number
	totalCents: number
	problems: LineProblem[]
}

export type PricingInput = {
	lines: readonly CartLine[]
	products: ReadonlyMap<string, CatalogueProduct>
	/** Which of the portrait lines' upload ids exist. */
	uploads: ReadonlySet<string>
	shipping: ShippingConfig
	/** ISO code of the destination. */
	country: string
	/** Name of a portrait line in the order's language, e.g. "Cardboard portrait 13x18". */
	portraitName: (size: string) => string
}

/** The order's options of a portrait line: the names the order pages and e-mails read. */
function portraitOrderOptions(options: PortraitOptions, uploadId: string) {
	const { size, persons, withCar, withPet, frame, description } = options
	return { dimension: size, persons, withCar, withPet, frame, description, uploadId }
}

export function priceOrder(input: PricingInput): OrderPricing {
	const problems: LineProblem[] = []
	const lines: PricedLine[] = []
	const uploads: string[] = []
	input.lines.forEach((line, index) => {
		const lineId = String(index + 1).padStart(2, '0')
		switch (line.kind) {
			case 'portrait': {
				const name = input.portraitName(line.options.size)
				if (!input.uploads.has(line.uploadId)) problems.push({ line: index, code: 'photoMissing', name })
				lines.push({
					lineId,
					productId: null,
					name,
					unitPriceCents: portraitPrice({ size: line.options.size, frame: line.options.frame, quantity: line.quantity }).unitCents,
					quantity: line.quantity,
					image: null,
					options: portraitOrderOptions(line.options, line.uploadId),
					uploadId: line.uploadId,
				})
				uploads.push(line.uploadId)
				return
			}
			case 'product': {
				const product = input.products.get(line.productId)
				if (!product || !product.isActive) {
					problems.push({ line: index, code: 'unavailable', name: product?.name ?? line.productId })
					return
				}
				lines.push({
					lineId,
					productId: product.id,
					name: product.name,
					unitPriceCents: product.priceCents,
					quantity: line.quantity,
					image: product.image,
					options: {},
					uploadId: null,
				})
			}
		}
	})

	// Units per stocked product, over all its lines; checked here against the stock read, and again by the guarded update.
	const stock = new Map<string, number>()
	for (const line of lines) {
		const product = line.productId ? input.products.get(line.productId) : undefined
		if (product && product.stock !== null) stock.set(product.id, (stock.get(product.id) ?? 0) + line.quantity)
	}
	for (const [productId, quantity] of stock) {
		const available = input.products.get(productId)!.stock!
		if (available < quantity) {
			const index = input.lines.findIndex((line) => line.kind === 'product' && line.productId === productId)
			problems.push({ line: index, code: available === 0 ? 'outOfStock' : 'notEnoughStock', name: input.products.get(productId)!.name })
		}
	}
	problems.sort((a, b) => a.line - b.line)

	const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
	const shipping = shippingCents(input.shipping, input.country, subtotalCents)
	return { lines, stock, uploads: [...new Set(uploads)], subtotalCents, shippingCents: shipping, totalCents: subtotalCents + shipping, problems }
}
