import * as z from 'zod/mini'
import { CART_IMAGE_URL, CART_IMAGE_URL_MAX } from '../cart.ts'
import { UUID_PATTERN } from '../ids.ts'
import { portraitOptionsSchema } from '../portrait-options.ts'
import { PORTRAIT_MAX_QUANTITY } from '../portrait-price.ts'

/** The uploaded photo as the cart keeps it (same rules as the stored cart's `uploadedImage`). */
// The ids rule (domain/ids.ts) inline: uuidField would add forms/fields.ts to the portrait page's bundle (ADR 0014).
export const uploadedImageSchema = z.object({
	id: z.string().check(z.regex(UUID_PATTERN)),
	url: z.string().check(z.maxLength(CART_IMAGE_URL_MAX), z.regex(CART_IMAGE_URL)),
})

/**
 * The customiser form, checked in the browser before adding to the cart: the portrait
 * options (the one schema checkout parses them with, ADR 0102), the quantity and the photo.
 * Messages are translation keys.
 */
export const portraitFormSchema = z.extend(portraitOptionsSchema, {
	quantity: z.int('portrait.quantityInvalid').check(z.minimum(1, 'portrait.quantityInvalid'), z.maximum(PORTRAIT_MAX_QUANTITY, 'portrait.quantityInvalid')),
	uploadedImage: z.nullable(uploadedImageSchema).check(z.refine((value) => value !== null, 'portrait.photoRequired')),
})
export type PortraitForm = z.infer<typeof portraitFormSchema>
