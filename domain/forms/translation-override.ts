import * as z from 'zod/mini'
import { optionalText } from './admin-fields.ts'
import { uuidField } from './fields.ts'
import { HOME_FIELDS } from './admin-home.ts'

/** Longest editor translation kept (server/translation/content.ts cuts at the same length). */
export const MAX_TRANSLATION_OVERRIDE_LENGTH = 2000

/**
 * /admin/translations: an editor's translation of one field of a product or category.
 * An empty text clears the override (the machine translation shows again). Admin screens are
 * Romanian only, so the messages are Romanian.
 */
export const translationOverrideSchema = z.object({
	kind: z.enum(['product', 'category', 'home'], { error: 'Tip de conținut invalid' }),
	id: uuidField('Element invalid'),
	field: z.enum(['name', 'description', 'smellsLike', 'waxColor', 'containerType', ...HOME_FIELDS], { error: 'Câmp invalid' }),
	locale: z.enum(['en', 'es'], { error: 'Limba trebuie să fie engleză sau spaniolă' }),
	text: optionalText(MAX_TRANSLATION_OVERRIDE_LENGTH, `Traducerea nu poate depăși ${MAX_TRANSLATION_OVERRIDE_LENGTH} de caractere`),
})

export type TranslationOverrideInput = z.infer<typeof translationOverrideSchema>
