import * as z from 'zod/mini'
import { CART_MAX_QUANTITY } from './cart-limits.ts'
import { UUID_PATTERN } from './ids.ts'
import { portraitOptionsSchema, type PortraitOptions } from './portrait-options.ts'

/**
 * One cart line from the browser to the database (ADR 0102): a tagged type, parsed by this one
 * schema in the browser's stored cart, in the checkout request and in order placement. A line says
 * what the customer wants and nothing else: no name, price, image or currency (the server prices
 * it); its kind is its tag, never read from an id.
 *
 * Every page checks the stored cart with readCartLine (cart-line-guard.ts), the same rules without
 * zod: zod in every page's bundle broke the JavaScript budget (ADR 0014, 0102). A unit test keeps
 * the two in step.
 */

export { CART_MAX_QUANTITY, portraitOptionsSchema, type PortraitOptions }

// The ids rule (domain/ids.ts) inline: forms/fields.ts would add the form helpers to every page's bundle.
const uuid = () => z.string().check(z.regex(UUID_PATTERN), z.toLowerCase())
const quantity = () => z.int().check(z.minimum(1), z.maximum(CART_MAX_QUANTITY))

export const productLineSchema = z.object({ kind: z.literal('product'), productId: uuid(), quantity: quantity() })
export const portraitLineSchema = z.object({ kind: z.literal('portrait'), options: portraitOptionsSchema, uploadId: uuid(), quantity: quantity() })

/** A cart line: a catalogue product, or a customised portrait with its uploaded photo. */
export const cartLineSchema = z.discriminatedUnion('kind', [productLineSchema, portraitLineSchema])
export type CartLine = z.output<typeof cartLineSchema>
export type ProductLine = z.output<typeof productLineSchema>
export type PortraitLine = z.output<typeof portraitLineSchema>
