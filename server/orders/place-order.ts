import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbExecutor } from '#db/client.ts'
import { orderHistory, orderItems, orders, products, stockHolds, uploads, type ShippingAddress } from '#db/schema/index.ts'
import { PORTRAIT_SIZES, type Locale } from '#domain/enums.ts'
import { PORTRAIT_DESCRIPTION_MAX, PORTRAIT_FRAMES, PORTRAIT_PERSONS, portraitPrice } from '#domain/portrait.ts'
import { countryCode, countryName, shippingCents, type ShippingConfig } from '#domain/shipping.ts'
import type { CheckoutForm, CheckoutLine } from '#domain/forms/checkout.ts'
import { isUuid } from '#domain/ids.ts'
import { assertWithinHoldLimits, type CheckoutHolder } from './hold-limits.ts'

/** How long stock stays held for an unpaid order; the payment session expires at the same time. */
export const HOLD_MINUTES = 30

export type LineProblem = {
	lineId: string
	/** Translation key under checkout.lineErrors. */
	code: 'unavailable' | 'outOfStock' | 'notEnoughStock' | 'photoMissing' | 'invalidOptions'
	/** What the line was called in the cart, to name it in the message. The units left are never told (ADR 0096). */
	name: string
}

/** The cart cannot become an order as it is; each problem names its line. */
export class CheckoutRejectedError extends Error {
	override name = 'CheckoutRejectedError'
	constructor(readonly problems: LineProblem[]) {
		super(`checkout refused: ${problems.map((p) => `${p.lineId} ${p.code}`).join(', ')}`)
	}
}

export const PORTRAIT_LINE_PREFIX = 'portrait-'

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional().default(false)

/** Spec §3/§5 portrait options, as the cart keeps them. */
const portraitOptionsSchema = z.object({
	dimension: z.enum(PORTRAIT_SIZES),
	persons: z.union([z.enum(PORTRAIT_PERSONS), z.number().int().min(1).max(4).transform(String)]).optional().default('1'),
	withCar: flag,
	withPet: flag,
	frame: z.enum(PORTRAIT_FRAMES).optional().default('simple'),
	description: z.string().max(PORTRAIT_DESCRIPTION_MAX).optional().default(''),
	uploadId: z.string().optional(),
	uploadedImage: z.unknown().optional(),
})

/**
 * The upload a portrait line points to: `options.uploadId`, or `options.uploadedImage` as
 * `{ id, url }` or as the bare id. A data URL (the old way) has no id and is refused.
 */
export function portraitUploadId(options: { uploadId?: string; uploadedImage?: unknown }): string | null {
	const candidates = [
		options.uploadId,
		typeof options.uploadedImage === 'string' ? options.uploadedImage : undefined,
		options.uploadedImage && typeof options.uploadedImage === 'object' ? (options.uploadedImage as { id?: unknown }).id : undefined,
	]
	for (const candidate of candidates) if (isUuid(candidate)) return candidate.toLowerCase()
	return null
}

export type PlaceOrderInput = {
	lines: CheckoutLine[]
	customer: CheckoutForm
	locale: Locale
	userId?: string | null
	shipping: ShippingConfig
	/** Name for portrait lines in the order's language, e.g. "Cardboard portrait 13x18". */
	portraitName: (size: string) => string
	/** Who checks out; when given, the stock this address may hold is bounded (ADR 0096). */
	holder?: CheckoutHolder
	now?: Date
}

export type PlacedOrder = {
	id: string
	email: string
	locale: Locale
	subtotalCents: number
	shippingCents: number
	totalCents: number
	holdExpiresAt: Date
	items: { name: string; unitPriceCents: number; quantity: number; image: string | null }[]
}

type PricedLine = {
	lineId: string
	productId: string | null
	name: string
	unitPriceCents: number
	quantity: number
	image: string | null
	options: Record<string, string | number | boolean | null>
	uploadId: string | null
}

function lineName(line: CheckoutLine) {
	return typeof line.name === 'string' ? line.name.slice(0, 200) : line.id
}

/**
 * Turns cart lines into an order priced from the database. Every price the browser sent is
 * ignored. In one transaction it creates the order (new, payment pending), its items and a
 * stock hold per stocked product, taking units off with a guarded update that can never drive
 * stock below zero: under any concurrency each unit goes to one order only.
 * Throws CheckoutRejectedError (nothing written) when a line cannot be ordered.
 */
export async function placeOrder(db: DbExecutor, input: PlaceOrderInput): Promise<PlacedOrder> {
	const now = input.now ?? new Date()
	const holdExpiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000)
	const problems: LineProblem[] = []

	const productIds = [...new Set(input.lines.filter((l) => !l.id.startsWith(PORTRAIT_LINE_PREFIX) && isUuid(l.id)).map((l) => l.id.toLowerCase()))]
	const found = productIds.length
		? await db.select().from(products).where(inArray(products.id, productIds))
		: []
	const byId = new Map(found.map((p) => [p.id, p]))

	const priced: PricedLine[] = []
	const portraitUploads: string[] = []
	for (const line of input.lines) {
		if (line.id.startsWith(PORTRAIT_LINE_PREFIX)) {
			const options = portraitOptionsSchema.safeParse(line.options)
			if (!options.success) {
				problems.push({ lineId: line.id, code: 'invalidOptions', name: lineName(line) })
				continue
			}
			const uploadId = portraitUploadId(options.data)
			if (!uploadId) {
				problems.push({ lineId: line.id, code: 'photoMissing', name: lineName(line) })
				continue
			}
			const { dimension, persons, withCar, withPet, frame, description } = options.data
			priced.push({
				lineId: line.id,
				productId: null,
				name: input.portraitName(dimension),
				unitPriceCents: portraitPrice({ size: dimension, frame, quantity: line.quantity }).unitCents,
				quantity: line.quantity,
				image: null,
				options: { dimension, persons, withCar, withPet, frame, description, uploadId },
				uploadId,
			})
			portraitUploads.push(uploadId)
			continue
		}
		const product = isUuid(line.id) ? byId.get(line.id.toLowerCase()) : undefined
		if (!product || !product.isActive) {
			problems.push({ lineId: line.id, code: 'unavailable', name: product?.name ?? lineName(line) })
			continue
		}
		priced.push({
			lineId: line.id,
			productId: product.id,
			name: product.name,
			unitPriceCents: product.priceCents,
			quantity: line.quantity,
			image: product.images[0] ?? null,
			options: Object.fromEntries(
				Object.entries(line.options)
					.filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v))
					.map(([k, v]) => [k.slice(0, 50), typeof v === 'string' ? v.slice(0, 200) : (v as number | boolean | null)])
					.slice(0, 10),
			),
			uploadId: null,
		})
	}

	if (portraitUploads.length) {
		const existing = await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, [...new Set(portraitUploads)]))
		const present = new Set(existing.map((u) => u.id))
		for (const line of priced) {
			if (line.uploadId && !present.has(line.uploadId)) problems.push({ lineId: line.lineId, code: 'photoMissing', name: line.name })
		}
	}

	// Stock is checked against what the page cannot know: the database, inside the transaction below.
	const wanted = new Map<string, number>()
	for (const line of priced) {
		const product = line.productId ? byId.get(line.productId) : undefined
		if (product && product.stock !== null) wanted.set(product.id, (wanted.get(product.id) ?? 0) + line.quantity)
	}
	for (const [productId, quantity] of wanted) {
		const stock = byId.get(productId)!.stock!
		if (stock < quantity) {
			const line = priced.find((l) => l.productId === productId)!
			problems.push({ lineId: line.lineId, code: stock === 0 ? 'outOfStock' : 'notEnoughStock', name: line.name })
		}
	}
	if (problems.length) {
		const position = (lineId: string) => input.lines.findIndex((line) => line.id === lineId)
		throw new CheckoutRejectedError(problems.sort((a, b) => position(a.lineId) - position(b.lineId)))
	}

	const subtotalCents = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
	const code = countryCode(input.customer.country)
	const shippingAddress: ShippingAddress = {
		fullName: input.customer.fullName,
		phone: input.customer.phone,
		address: input.customer.address,
		city: input.customer.city,
		postalCode: input.customer.postalCode,
		// Stored as a name the admin (Romanian) reads; codes from the form become names.
		country: code ? countryName(code, 'ro') : input.customer.country,
		notes: input.customer.notes,
	}
	const shipping = shippingCents(input.shipping, input.customer.country, subtotalCents)

	return db.transaction(async (tx) => {
		if (input.holder && wanted.size) {
			await assertWithinHoldLimits(tx, input.holder.address, [...wanted.values()].reduce((sum, q) => sum + q, 0), now)
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
					{ lineId: line.lineId, code: !now?.isActive ? 'unavailable' : available === 0 ? 'outOfStock' : 'notEnoughStock', name: line.name },
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
				totalCents: subtotalCents + shipping,
				shippingAddress,
				paymentSessionExpiresAt: holdExpiresAt,
				checkoutVisitor: input.holder?.visitor ?? null,
				checkoutAddress: input.holder?.address ?? null,
			})
			.returning({ id: orders.id })
		const orderId = order!.id
		await tx.insert(orderItems).values(priced.map((line) => ({ orderId, ...line })))
		if (wanted.size) {
			await tx.insert(stockHolds).values([...wanted].map(([productId, quantity]) => ({ orderId, productId, quantity, expiresAt: holdExpiresAt })))
		}
		if (portraitUploads.length) {
			await tx.update(uploads).set({ claimedAt: now }).where(inArray(uploads.id, [...new Set(portraitUploads)]))
		}
		await tx.insert(orderHistory).values({ orderId, action: 'created', details: { totalCents: subtotalCents + shipping, lines: priced.length } })
		return {
			id: orderId,
			email: input.customer.email,
			locale: input.locale,
			subtotalCents,
			shippingCents: shipping,
			totalCents: subtotalCents + shipping,
			holdExpiresAt,
			items: priced.map(({ name, unitPriceCents, quantity, image }) => ({ name, unitPriceCents, quantity, image })),
		}
	})
}
