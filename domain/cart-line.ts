import * as z from 'zod/mini'
import { PORTRAIT_SIZES } from './enums.ts'
import { UUID_PATTERN } from './ids.ts'
import { PORTRAIT_DESCRIPTION_MAX, PORTRAIT_FRAMES, PORTRAIT_PERSONS } from './portrait-price.ts'

/**
 * One cart line from the browser to the database (ADR 0102): a tagged type, parsed by this one
 * schema in the browser's stored cart, in the checkout request and in order placement. A line says
 * what the customer wants and nothing else: no name, price, image or currency (the server prices
 * it); its kind is its tag, never read from an id.
 */

/** No line may hold more than this, whatever the stock; keeps a tampered value from overflowing totals. */
export const CART_MAX_QUANTITY = 999

// The ids rule (domain/ids.ts) inline: forms/fields.ts would add the form helpers to every page's bundle.
const uuid = () => z.string().check(z.regex(UUID_PATTERN), z.toLowerCase())
const quantity = () => z.int().check(z.minimum(1), z.maximum(CART_MAX_QUANTITY))

/** Spec §5 portrait options: the one schema (the customiser's form and checkout use it). */
export const portraitOptionsSchema = z.object({
	size: z.enum(PORTRAIT_SIZES),
	persons: z.enum(PORTRAIT_PERSONS),
	withCar: z.boolean(),
	withPet: z.boolean(),
	frame: z.enum(PORTRAIT_FRAMES),
	description: z.string().check(z.maxLength(PORTRAIT_DESCRIPTION_MAX, 'portrait.descriptionTooLong')),
})
export type PortraitOptions = z.output<typeof portraitOptionsSchema>

export const productLineSchema = z.object({ kind: z.literal('product'), productId: uuid(), quantity: quantity() })
export const portraitLineSchema = z.object({ kind: z.literal('portrait'), options: portraitOptionsSchema, uploadId: uuid(), quantity: quantity() })

/** A cart line: a catalogue product, or a customised portrait with its uploaded photo. */
export const cartLineSchema = z.discriminatedUnion('kind', [productLineSchema, portraitLineSchema])
export type CartLine = z.output<typeof cartLineSchema>
export type ProductLine = z.output<typeof productLineSchema>
export type PortraitLine = z.output<typeof portraitLineSchema>

/**
 * The line the server sees for a line of the browser's stored cart (spec §3 item: id, name, price,
 * image, quantity, options; portraits `portrait-{size}-{timestamp}` with the photo's upload id).
 * Only the browser reads that shape: the server is sent the tagged line, and nothing it would
 * ignore. Null when the stored line cannot be a line of an order (a data-URL photo from long ago).
 */
export function cartLineOf(item: { id: string; quantity: number; options?: Record<string, unknown> | null }): CartLine | null {
	const options = item.options ?? {}
	const candidate = 'dimension' in options
		? {
				kind: 'portrait',
				options: {
					size: options.dimension,
					persons: typeof options.persons === 'number' ? String(options.persons) : (options.persons ?? '1'),
					withCar: options.withCar ?? false,
					withPet: options.withPet ?? false,
					frame: options.frame ?? 'simple',
					description: options.description ?? '',
				},
				uploadId: typeof options.uploadId === 'string' ? options.uploadId : (options.uploadedImage as { id?: unknown } | null | undefined)?.id,
				quantity: item.quantity,
			}
		: { kind: 'product', productId: item.id, quantity: item.quantity }
	const parsed = z.safeParse(cartLineSchema, candidate)
	return parsed.success ? parsed.data : null
}
