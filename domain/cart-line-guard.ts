import { CART_MAX_QUANTITY } from './cart-limits.ts'
import type { CartLine, PortraitOptions } from './cart-line.ts'
import { PORTRAIT_SIZES } from './enums.ts'
import { isUuid } from './ids.ts'
import { PORTRAIT_DESCRIPTION_MAX, PORTRAIT_FRAMES, PORTRAIT_PERSONS } from './portrait-price.ts'

/**
 * The cart-line rules of cartLineSchema (cart-line.ts) without zod, for the cart every page loads
 * (ADR 0102): zod there put every storefront page over its JavaScript budget (ADR 0014).
 * cart-line-guard.test.ts checks that both accept and give the same lines.
 */

export { CART_MAX_QUANTITY }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isQuantity = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= CART_MAX_QUANTITY
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value)

function readPortraitOptions(value: unknown): PortraitOptions | null {
	if (!isRecord(value)) return null
	const { size, persons, withCar, withPet, frame, description } = value
	if (!isOneOf(PORTRAIT_SIZES, size) || !isOneOf(PORTRAIT_PERSONS, persons) || !isOneOf(PORTRAIT_FRAMES, frame)) return null
	if (typeof withCar !== 'boolean' || typeof withPet !== 'boolean') return null
	if (typeof description !== 'string' || description.length > PORTRAIT_DESCRIPTION_MAX) return null
	return { size, persons, withCar, withPet, frame, description }
}

/** A cart line as cartLineSchema gives it (ids in lower case, unknown fields dropped), or null. */
export function readCartLine(value: unknown): CartLine | null {
	if (!isRecord(value) || !isQuantity(value.quantity)) return null
	const { quantity } = value
	if (value.kind === 'product') return isUuid(value.productId) ? { kind: 'product', productId: value.productId.toLowerCase(), quantity } : null
	if (value.kind !== 'portrait' || !isUuid(value.uploadId)) return null
	const options = readPortraitOptions(value.options)
	return options ? { kind: 'portrait', options, uploadId: value.uploadId.toLowerCase(), quantity } : null
}

/**
 * The line the server sees for a line of the browser's stored cart in the older shape (an
 * item of id, name, price, image, quantity, options; portraits `portrait-{size}-{timestamp}` with the
 * photo's upload id). Only the browser reads that shape, to migrate it: a portrait is known by its
 * portrait options, never by its id. Null when the line cannot be a line of an order (a data-URL
 * photo from long ago, a product id that is no id).
 */
export function cartLineOf(item: { id: string; quantity: number; options?: Record<string, unknown> | null }): CartLine | null {
	const options = item.options ?? {}
	if (!('dimension' in options)) return readCartLine({ kind: 'product', productId: item.id, quantity: item.quantity })
	const photo = options.uploadedImage
	return readCartLine({
		kind: 'portrait',
		options: {
			size: options.dimension,
			persons: typeof options.persons === 'number' ? String(options.persons) : (options.persons ?? '1'),
			withCar: options.withCar ?? false,
			withPet: options.withPet ?? false,
			frame: options.frame ?? 'simple',
			description: options.description ?? '',
		},
		uploadId: typeof options.uploadId === 'string' ? options.uploadId : isRecord(photo) ? photo.id : undefined,
		quantity: item.quantity,
	})
}
