import type { CartLine, PortraitOptions } from './cart-line.ts'
import type { TaxDecision } from './invoices/tax-treatment.ts'
import { chargedUnitCents } from './invoices/vat.ts'
import { PORTRAIT_MAX_QUANTITY, portraitPrice } from './portrait-price.ts'
import { orderWeightGrams, shippingCents, type ShippingConfig } from './shipping.ts'
import { checkDiscount, discountAmount, lineEligible, type AppliedDiscount, type DiscountProblem, type DiscountRule } from './discounts.ts'

/**
 * The pure pricing step of order placement (ADR 0102): cart lines in, priced lines, the stock they
 * take and the problems out. It reads no database: what it needs from one (the products, which
 * uploads exist) is passed in, so every line kind is unit-tested without one. Prices the browser
 * may have shown play no part.
 */

export type LineProblemCode = 'unavailable' | 'outOfStock' | 'notEnoughStock' | 'photoMissing' | 'tooManyPortraits'

export type LineProblem = {
	/** The line's position in the request (0-based): the browser shows the message beside it. */
	line: number
	/** Translation key under checkout.lineErrors. */
	code: LineProblemCode
	/** What the line is called, to name it in the message. The units left are never told (ADR 0096). */
	name: string
}

/** What pricing needs to know about a product; its price is the one in effect when the order is placed (a sale's while it is on). */
export type CatalogueProduct = {
	id: string
	name: string
	priceCents: number
	stock: number | null
	isActive: boolean
	image: string | null
	/** Grams, for rates by weight; null when the owner has not given it. */
	weightGrams?: number | null
}

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
	/** The subtotal at the prices shown (before a sale without VAT takes it off): what a code's minimum is told in. */
	shownSubtotalCents: number
	shippingCents: number
	/** What a discount code takes off (applyDiscount); 0 without one. */
	discountCents: number
	discount: AppliedDiscount | null
	totalCents: number
	problems: LineProblem[]
	/** No rate of the destination's zone applies to this order (its value or weight): it cannot be shipped there. */
	shippingUnavailable: boolean
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
	/** The sale's tax (ADR 0150): one that bears no VAT is charged the prices without it; null: as shown. */
	tax?: Pick<TaxDecision, 'removedVatPercent'> | null
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
				// Painted by hand: a line of more than a few is not an order the workshop can take (ADR 0266).
				if (line.quantity > PORTRAIT_MAX_QUANTITY) problems.push({ line: index, code: 'tooManyPortraits', name })
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

	// Free shipping is reached on the prices shown; a sale bearing no VAT is then charged each unit, and shipping, without it.
	const shownSubtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
	const tax = input.tax ?? { removedVatPercent: null }
	for (const line of lines) line.unitPriceCents = chargedUnitCents(line.unitPriceCents, tax)
	const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
	const weightGrams = orderWeightGrams(
		lines.map((line) => ({ weightGrams: (line.productId && input.products.get(line.productId)?.weightGrams) || null, quantity: line.quantity })),
	)
	const shown = shippingCents(input.shipping, input.country, { subtotalCents: shownSubtotal, weightGrams })
	const shipping = chargedUnitCents(shown ?? 0, tax)
	return {
		lines,
		stock,
		uploads: [...new Set(uploads)],
		subtotalCents,
		shownSubtotalCents: shownSubtotal,
		shippingCents: shipping,
		discountCents: 0,
		discount: null,
		totalCents: subtotalCents + shipping,
		problems,
		shippingUnavailable: shown === null,
	}
}

/**
 * The discount step (ADR 0255), after the lines are priced and shipping is known: the code's
 * rules checked against the priced order, and its amount taken off the charged prices (so a sale
 * without VAT takes the percentage of what it pays). The lines keep their prices; the order
 * carries the discount, and its invoice shows it as an allowance with its VAT.
 */
export function applyDiscount(
	pricing: OrderPricing,
	input: {
		rule: DiscountRule | null
		customerUses: number
		now: Date
		categoryOf: (productId: string) => string | null
		/** The product a line's product is listed as: a variant's product (ADR 0264), so a code for the product covers its variants. */
		listedAs?: (productId: string) => string
	},
): { ok: true; pricing: OrderPricing } | { ok: false; problem: DiscountProblem } {
	const lines = pricing.lines.map((line) => ({
		productId: line.productId ? (input.listedAs?.(line.productId) ?? line.productId) : null,
		categoryId: line.productId ? input.categoryOf(line.productId) : null,
		lineCents: line.unitPriceCents * line.quantity,
	}))
	const checked = checkDiscount(input.rule, { lines, subtotalCents: pricing.shownSubtotalCents, customerUses: input.customerUses, now: input.now })
	if (!checked.ok) return checked
	const rule = input.rule!
	const off = discountAmount(
		rule,
		lines.map((line) => ({ lineCents: line.lineCents, eligible: lineEligible(rule, line) })),
		pricing.shippingCents,
	)
	const discountCents = off.goodsCents + off.shippingCents
	return {
		ok: true,
		pricing: {
			...pricing,
			discountCents,
			discount: { code: rule.code, kind: rule.kind, value: rule.value, ...off },
			totalCents: pricing.subtotalCents + pricing.shippingCents - discountCents,
		},
	}
}
