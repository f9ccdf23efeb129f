import * as z from 'zod/mini'
import { PORTRAIT_SIZES } from './enums.ts'
import { PORTRAIT_DESCRIPTION_MAX, PORTRAIT_FRAMES, PORTRAIT_PERSONS } from './portrait-price.ts'

// Apart from cart-line.ts so the customiser's page loads these options, not the whole line union.
/** The portrait's options: the one schema (the customiser's form and checkout use it). */
export const portraitOptionsSchema = z.object({
	size: z.enum(PORTRAIT_SIZES),
	persons: z.enum(PORTRAIT_PERSONS),
	withCar: z.boolean(),
	withPet: z.boolean(),
	frame: z.enum(PORTRAIT_FRAMES),
	description: z.string().check(z.maxLength(PORTRAIT_DESCRIPTION_MAX, 'portrait.descriptionTooLong')),
})
export type PortraitOptions = z.output<typeof portraitOptionsSchema>
