/** Portrait prices and option lists, kept apart from the zod form schema so pages (catalog, uploads) can use them without zod. */
import type { PortraitSize } from './enums.ts'

/** The portrait's base price by size, in cents. */
export const PORTRAIT_BASE_CENTS: Record<PortraitSize, number> = { '13x18': 2990, '18x24': 3990 }

export const PORTRAIT_FRAMES = ['none', 'simple', 'premium'] as const
export type PortraitFrame = (typeof PORTRAIT_FRAMES)[number]
/** What each frame adds to the portrait's base price (negative: less); every label shows it from here. */
export const PORTRAIT_FRAME_CENTS: Record<PortraitFrame, number> = { none: -1000, simple: 0, premium: 500 }

/** The translation key naming each frame (`portrait.…`, on the storefront and in order pages and emails alike). */
export const PORTRAIT_FRAME_KEYS: Record<PortraitFrame, 'frameNone' | 'frameSimple' | 'framePremium'> = {
	none: 'frameNone',
	simple: 'frameSimple',
	premium: 'framePremium',
}

/** The key of a stored line's frame, or null for a value the shop never offered. */
export function portraitFrameKey(value: unknown): (typeof PORTRAIT_FRAME_KEYS)[PortraitFrame] | null {
	return (PORTRAIT_FRAMES as readonly unknown[]).includes(value) ? PORTRAIT_FRAME_KEYS[value as PortraitFrame] : null
}

export const PORTRAIT_PERSONS = ['1', '2', '3', '4', '5+'] as const
/** Portraits are painted by hand, one by one: one order line holds at most this many (ADR 0266). */
export const PORTRAIT_MAX_QUANTITY = 10
export const PORTRAIT_DESCRIPTION_MAX = 500
export const PORTRAIT_PHOTO_MAX_BYTES = 10 * 1024 * 1024

/**
 * The one portrait price rule, used by the customiser in the browser and by checkout on the server:
 * (base + frame) × quantity; the cart's unit price is that total divided by the quantity.
 */
export function portraitPrice(input: { size: PortraitSize; frame: PortraitFrame; quantity: number }) {
	if (!Number.isInteger(input.quantity) || input.quantity < 1) throw new RangeError('quantity must be a whole number of at least 1')
	const unitCents = PORTRAIT_BASE_CENTS[input.size] + PORTRAIT_FRAME_CENTS[input.frame]
	return { unitCents, totalCents: unitCents * input.quantity }
}
