import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { DbExecutor } from '#db/client.ts'
import { orderHistory, orderItems, orders, products, stockHolds, uploads, type ShippingAddress } from '#db/schema/index.ts'
import { cartLineSchema, type CartLine } from '#domain/cart-line.ts'
import type { Locale } from '#domain/enums.ts'
import type { CheckoutForm } from '#domain/forms/checkout.ts'
import { buyerIdentifiers } from '#domain/invoices/tax-ids.ts'
import type { TaxDecision } from '#domain/invoices/tax-treatment.ts'
import { applyDiscount, priceOrder, type LineProblem, type OrderPricing } from '#domain/order-pricing.ts'
import { effectivePriceCents } from '#domain/sale-price.ts'
import type { AppliedDiscount } from '#domain/discounts.ts'
import { customerUses, DiscountRejectedError, findDiscountCode, takeDiscountUse } from '../discounts/redemptions.ts'
import type { ShippingConfig } from '#domain/shipping.ts'
import { assertWithinHoldLimits, type CheckoutHolder } from './hold-limits.ts'

/** How long stock stays held for an unpaid order; the payment session expires at the same time. */
export const HOLD_MINUTES = 30

export type { LineProblem }

/** No rate of the destination's zone applies to this order (its value or weight): the shop does not ship it there (ADR 0240). */
export class ShippingUnavailableError extends Error {
	override name = 'ShippingUnavailableError'
	constructor(readonly country: string) {
		super(`no shipping rate applies to this order for ${country}`)
	}
}

/** The cart cannot become an order as it is; each problem names its line. */
export class CheckoutRejectedError extends Error {
	override name = 'CheckoutRejectedError'
	constructor(readonly problems: LineProblem[]) {
		super(`checkout refused: ${problems.map((p) => `line ${p.line} ${p.code}`).join(', ')}`)
	}
}

export type PlaceOrderInput = {
	lines: readonly CartLine[]
	customer: CheckoutForm
	locale: Locale
	userId?: string | null
	shipping: ShippingConfig
	/** Name for portrait lines in the order's language, e.g. "Cardboard portrait 13x18". */
	portraitName: (size: string) => string
	/** Who checks out; when given, the stock this address may hold is bounded (ADR 0096). */
	holder?: CheckoutHolder
	/**
	 * How the sale is taxed, as checkout decided it (ADR 0150): a sale bearing no VAT is priced
	 * without it. Without one the order is priced as shown and its invoice taxed as configured.
	 */
	tax?: TaxDecision
	/** The discount code the customer typed (any case); empty or absent: none (ADR 0255). */
	discountCode?: string | null
	now?: Date
}

export type PlacedOrder = {
	id: string
	email: string
	locale: Locale
	subtotalCents: number
	shippingCents: number
	discountCents: number
	discount: AppliedDiscount | null
	totalCents: number
	holdExpiresAt: Date
	items: {
		productId: string | null
		name: string
		unitPriceCents: number
		quantity: number
		image: string | null
		options: Record<string, string | number | boolean | null>
	}[]
}

/**
 * Turns cart lines into an order priced from the database, in two steps: the pure pricing step
 * (priceOrder, domain/order-pricing.ts) with what it reads of products and uploads, then one
 * transaction that reserves the stock and inserts the order. Every price the browser may have
 * shown is ignored. The transaction creates the order (new, payment pending), its items and a
 * stock hold per stocked product, taking units off with a guarded update that can never drive
 * stock below zero: under any concurrency each unit goes to one order only.
 * Throws CheckoutRejectedError (nothing written) when a line cannot be ordered, ShippingUnavailableError
 * when no rate of the destination applies.
 */
export async function placeOrder(db: DbExecutor, input: PlaceOrderInput): Promise<PlacedOrder> {
	const now = input.now ?? new Date()
	// Order placement parses its lines with the one cart-line schema too (ADR 0102), whoever calls it.
	const lines = z.parse(z.array(cartLineSchema), input.lines)
	const productIds = [...new Set(lines.flatMap((line) => (line.kind === 'product' ? [line.productId] : [])))]
	const uploadIds = [...new Set(lines.flatMap((line) => (line.kind === 'portrait' ? [line.uploadId] : [])))]
	const found = productIds.length ? await db.select().from(products).where(inArray(products.id, productIds)) : []
	const sellable = await sellableProducts(db, found)
	const present = uploadIds.length ? await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, uploadIds)) : []
	const pricing = priceOrder({
		lines,
		products: new Map(
			// The price charged is the one in effect as the order is placed: the sale price while a sale is on (ADR 0245).
			found.map((p) => [
				p.id,
				{
					id: p.id,
					name: p.name,
					priceCents: effectivePriceCents(p, now),
					stock: p.stock,
					isActive: sellable.has(p.id),
					image: p.images[0] ?? null,
					weightGrams: p.weightGrams,
				},
			]),
		),
		uploads: new Set(present.map((u) => u.id)),
		shipping: input.shipping,
		country: input.customer.country,
		portraitName: input.portraitName,
		tax: input.tax ?? null,
	})
	if (pricing.problems.length) throw new CheckoutRejectedError(pricing.problems)
	if (pricing.shippingUnavailable) throw new ShippingUnavailableError(input.customer.country)
	const categories = new Map(found.map((p) => [p.id, p.categoryId]))
	const categoryOf = (productId: string) => categories.get(productId) ?? null
	const listings = new Map(found.map((p) => [p.id, p.variantOf ?? p.id]))
	const listedAs = (productId: string) => listings.get(productId) ?? productId
	const typed = input.discountCode?.trim() ?? ''
	if (typed) {
		// Checked before anything is held, so a code that cannot apply is told at once; checked again under its lock below.
		const stored = await findDiscountCode(db, typed)
		const uses = stored ? await customerUses(db, stored.id, input.customer.email) : 0
		const applied = applyDiscount(pricing, { rule: stored?.rule ?? null, customerUses: uses, now, categoryOf, listedAs })
		if (!applied.ok) throw new DiscountRejectedError(applied.problem)
	}
	return reserveAndInsert(db, input, pricing, now, typed ? { code: typed, categoryOf, listedAs } : null)
}

/**
 * The products a cart may hold (ADR 0264): active ones without variants, and active variants of an
 * active product. A product with variants is sold only as one of them.
 */
async function sellableProducts(db: DbExecutor, found: (typeof products.$inferSelect)[]): Promise<Set<string>> {
	const parentIds = [...new Set(found.flatMap((p) => (p.variantOf ? [p.variantOf] : [])))]
	const parents = parentIds.length
		? await db
				.select({ id: products.id })
				.from(products)
				.where(and(inArray(products.id, parentIds), eq(products.isActive, true)))
		: []
	const activeParents = new Set(parents.map((parent) => parent.id))
	return new Set(found.filter((p) => p.isActive && p.optionNames.length === 0 && (!p.variantOf || activeParents.has(p.variantOf))).map((p) => p.id))
}

/** The transactional step: holds the stock with guarded updates, then writes the order, its items and holds. */
async function reserveAndInsert(
	db: DbExecutor,
	input: PlaceOrderInput,
	undiscounted: OrderPricing,
	now: Date,
	discount: { code: string; categoryOf: (productId: string) => string | null; listedAs: (productId: string) => string } | null,
): Promise<PlacedOrder> {
	const holdExpiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000)
	const { lines: priced, stock: wanted, subtotalCents, shippingCents: shipping } = undiscounted
	const shippingAddress: ShippingAddress = {
		fullName: input.customer.fullName,
		phone: input.customer.phone,
		address: input.customer.address,
		city: input.customer.city,
		postalCode: input.customer.postalCode,
		// The ISO code (ADR 0102): pages and e-mails show its name in their reader's language.
		country: input.customer.country,
		notes: input.customer.notes,
	}
	const buyer = buyerIdentifiers(input.customer)
	const lineOf = (productId: string) => input.lines.findIndex((line) => line.kind === 'product' && line.productId === productId)

	return db.transaction(async (tx) => {
		// The code first: its row lock queues checkouts using it, so its limits are checked and its use
		// taken with no other checkout in between (50 racing for 10 uses: 10 get it, ADR 0255).
		let pricing = undiscounted
		let codeId: string | null = null
		if (discount) {
			const stored = await findDiscountCode(tx, discount.code, true)
			const uses = stored ? await customerUses(tx, stored.id, input.customer.email) : 0
			const applied = applyDiscount(undiscounted, {
				rule: stored?.rule ?? null,
				customerUses: uses,
				now,
				categoryOf: discount.categoryOf,
				listedAs: discount.listedAs,
			})
			if (!applied.ok) throw new DiscountRejectedError(applied.problem)
			pricing = applied.pricing
			codeId = stored!.id
		}
		const { discountCents, totalCents } = pricing
		if (input.holder && wanted.size) {
			await assertWithinHoldLimits(
				tx,
				input.holder.address,
				[...wanted.values()].reduce((sum, q) => sum + q, 0),
				now,
			)
		}
		// A fixed order (by product id) so two carts holding the same products never deadlock.
		for (const productId of [...wanted.keys()].sort()) {
			const quantity = wanted.get(productId)!
			const taken = await tx
				.update(products)
				.set({ stock: sql`${products.stock} - ${quantity}` })
				.where(and(eq(products.id, productId), eq(products.isActive, true), isNotNull(products.stock), gte(products.stock, quantity)))
				.returning({ stock: products.stock })
			if (taken.length === 0) {
				const [now] = await tx.select({ stock: products.stock, isActive: products.isActive }).from(products).where(eq(products.id, productId))
				const line = priced.find((l) => l.productId === productId)!
				const available = now?.stock ?? 0
				throw new CheckoutRejectedError([
					{ line: lineOf(productId), code: !now?.isActive ? 'unavailable' : available === 0 ? 'outOfStock' : 'notEnoughStock', name: line.name },
				])
			}
		}

		const [order] = await tx
			.insert(orders)
			.values({
				userId: input.userId ?? null,
				email: input.customer.email,
				locale: input.locale,
				subtotalCents,
				shippingCents: shipping,
				discountCents,
				discount: pricing.discount,
				totalCents,
				shippingAddress,
				buyerCompany: input.customer.company || null,
				buyerVatNumber: buyer.vatNumber,
				buyerLegalId: buyer.legalId,
				tax: input.tax ?? null,
				paymentSessionExpiresAt: holdExpiresAt,
				checkoutVisitor: input.holder?.visitor ?? null,
				checkoutAddress: input.holder?.address ?? null,
			})
			.returning({ id: orders.id })
		const orderId = order!.id
		await tx.insert(orderItems).values(priced.map((line) => ({ orderId, ...line })))
		if (codeId) await takeDiscountUse(tx, { codeId, orderId, email: input.customer.email })
		if (wanted.size) {
			await tx.insert(stockHolds).values([...wanted].map(([productId, quantity]) => ({ orderId, productId, quantity, expiresAt: holdExpiresAt })))
		}
		if (pricing.uploads.length) {
			await tx.update(uploads).set({ claimedAt: now }).where(inArray(uploads.id, pricing.uploads))
		}
		await tx.insert(orderHistory).values({
			orderId,
			action: 'created',
			details: { totalCents, lines: priced.length, ...(pricing.discount ? { discountCode: pricing.discount.code } : {}) },
		})
		return {
			id: orderId,
			email: input.customer.email,
			locale: input.locale,
			subtotalCents,
			shippingCents: shipping,
			discountCents,
			discount: pricing.discount,
			totalCents,
			holdExpiresAt,
			items: priced.map(({ productId, name, unitPriceCents, quantity, image, options }) => ({ productId, name, unitPriceCents, quantity, image, options })),
		}
	})
}
