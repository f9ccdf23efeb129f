import * as z from 'zod/mini'
import { CART_IMAGE_URL, CART_IMAGE_URL_MAX, type NewCartItem, type UploadedImage } from './cart.ts'
import { CART_MAX_QUANTITY } from './cart-line-guard.ts'
import { portraitOptionsSchema } from './portrait-options.ts'
import { PORTRAIT_SIZES, type PortraitSize } from './enums.ts'
import { UUID_PATTERN } from './ids.ts'
import {
	PORTRAIT_BASE_CENTS,
	PORTRAIT_DESCRIPTION_MAX,
	PORTRAIT_FRAME_CENTS,
	PORTRAIT_FRAMES,
	PORTRAIT_PERSONS,
	PORTRAIT_PHOTO_MAX_BYTES,
	portraitPrice,
	type PortraitFrame,
} from './portrait-price.ts'

export {
	PORTRAIT_BASE_CENTS,
	PORTRAIT_DESCRIPTION_MAX,
	PORTRAIT_FRAME_CENTS,
	PORTRAIT_FRAMES,
	PORTRAIT_PERSONS,
	PORTRAIT_PHOTO_MAX_BYTES,
	portraitPrice,
	type PortraitFrame,
}

/** The uploaded photo as the cart keeps it (same rules as the stored cart's `uploadedImage`). */
// The ids rule (domain/ids.ts) inline: uuidField would add forms/fields.ts to the portrait page's bundle (ADR 0014).
export const uploadedImageSchema = z.object({
	id: z.string().check(z.regex(UUID_PATTERN)),
	url: z.string().check(z.maxLength(CART_IMAGE_URL_MAX), z.regex(CART_IMAGE_URL)),
})

/**
 * Spec §5: the customiser form, checked in the browser before adding to the cart: the portrait
 * options (the one schema checkout parses them with, ADR 0102), the quantity and the photo.
 * Messages are translation keys.
 */
export const portraitFormSchema = z.extend(portraitOptionsSchema, {
	quantity: z.int('portrait.quantityInvalid').check(z.minimum(1, 'portrait.quantityInvalid'), z.maximum(CART_MAX_QUANTITY, 'portrait.quantityInvalid')),
	uploadedImage: z.nullable(uploadedImageSchema).check(z.refine((value) => value !== null, 'portrait.photoRequired')),
})
export type PortraitForm = z.infer<typeof portraitFormSchema>

export const PORTRAIT_FORM_DEFAULTS = {
	persons: '1',
	withCar: false,
	withPet: false,
	frame: 'simple',
	description: '',
	quantity: 1,
	uploadedImage: null,
} as const satisfies Omit<PortraitForm, 'size' | 'uploadedImage'> & { uploadedImage: null }

/** `size` from the query string; anything else gives the default 13x18. */
export function portraitSizeFrom(value: string | null | undefined): PortraitSize {
	return (PORTRAIT_SIZES as readonly string[]).includes(value ?? '') ? (value as PortraitSize) : '13x18'
}

/**
 * The cart entry for a customised portrait (ADR 0102): the tagged line the server is sent (options
 * and the photo's upload id), and what only the cart shows (name, unit price, the photo's URL).
 * The key `portrait-{timestamp}` is this browser's own; the server never reads it.
 */
export function portraitCartItem(form: PortraitForm & { uploadedImage: UploadedImage }, name: string, now = Date.now()) {
	const { unitCents } = portraitPrice(form)
	const { size, persons, withCar, withPet, frame, description } = form
	return {
		item: {
			id: `portrait-${now}`,
			line: { kind: 'portrait', options: { size, persons, withCar, withPet, frame, description }, uploadId: form.uploadedImage.id.toLowerCase() },
			name,
			price: unitCents,
			image: form.uploadedImage.url,
		} satisfies NewCartItem,
		quantity: form.quantity,
	}
}
