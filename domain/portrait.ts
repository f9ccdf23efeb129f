import { CART_IMAGE_URL, CART_IMAGE_URL_MAX, type NewCartItem, type UploadedImage } from './cart.ts'
import type { Submission } from './forms/submission.ts'
import { UUID_PATTERN } from './ids.ts'
import type { PortraitForm } from './forms/portrait.ts'
import { PORTRAIT_SIZES, type PortraitSize } from './enums.ts'
import {
	PORTRAIT_BASE_CENTS,
	PORTRAIT_DESCRIPTION_MAX,
	PORTRAIT_FRAME_CENTS,
	PORTRAIT_FRAMES,
	PORTRAIT_MAX_QUANTITY,
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
	PORTRAIT_MAX_QUANTITY,
	PORTRAIT_PERSONS,
	PORTRAIT_PHOTO_MAX_BYTES,
	portraitPrice,
	type PortraitFrame,
}

export type { PortraitForm } from './forms/portrait.ts'

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
			// The cart's stepper stops where checkout would refuse (ADR 0266).
			maxQuantity: PORTRAIT_MAX_QUANTITY,
		} satisfies NewCartItem,
		quantity: form.quantity,
	}
}

type PortraitFormInput = Omit<PortraitForm, 'quantity' | 'uploadedImage'> & { quantity: number; uploadedImage: UploadedImage | null }

/**
 * The customiser's check in the browser, refusing in the one shape (ADR 0101), without loading zod
 * on the page (JS budget, ADR 0014). It has portraitFormSchema's rules (domain/forms/portrait.ts), in
 * the schema's field order so the first error is the same; a unit test holds the two together.
 */
export function checkPortraitForm(input: PortraitFormInput): Submission<PortraitForm> {
	const fieldErrors: Record<string, string> = {}
	const { size, persons, withCar, withPet, frame, description, quantity, uploadedImage } = input
	if (!(PORTRAIT_SIZES as readonly string[]).includes(size)) fieldErrors.size = 'portrait.optionsInvalid'
	if (!(PORTRAIT_PERSONS as readonly string[]).includes(persons)) fieldErrors.persons = 'portrait.optionsInvalid'
	if (typeof withCar !== 'boolean') fieldErrors.withCar = 'portrait.optionsInvalid'
	if (typeof withPet !== 'boolean') fieldErrors.withPet = 'portrait.optionsInvalid'
	if (!(PORTRAIT_FRAMES as readonly string[]).includes(frame)) fieldErrors.frame = 'portrait.optionsInvalid'
	if (typeof description !== 'string' || description.length > PORTRAIT_DESCRIPTION_MAX) fieldErrors.description = 'portrait.descriptionTooLong'
	if (!Number.isInteger(quantity) || quantity < 1 || quantity > PORTRAIT_MAX_QUANTITY) fieldErrors.quantity = 'portrait.quantityInvalid'
	const photoOk =
		!!uploadedImage && UUID_PATTERN.test(uploadedImage.id) && uploadedImage.url.length <= CART_IMAGE_URL_MAX && CART_IMAGE_URL.test(uploadedImage.url)
	if (!photoOk) fieldErrors.uploadedImage = 'portrait.photoRequired'
	const messages = Object.values(fieldErrors)
	if (messages.length) return { ok: false, errors: { fieldErrors, formError: messages[0]! }, values: { ...input } }
	return { ok: true, value: { size, persons, withCar, withPet, frame, description, quantity, uploadedImage: uploadedImage! } }
}
