import * as z from 'zod/mini'
import { optionalText } from './admin-fields.ts'
import { uuidField } from './fields.ts'
import { HOME_FIELDS } from './admin-home.ts'
import { editStampShape } from './edit-version.ts'

/** Longest editor translation kept (server/translation/content.ts cuts at the same length): room for a campaign body, which translated may run longer than its Romanian. */
export const MAX_TRANSLATION_OVERRIDE_LENGTH = 4000

/**
 * /admin/translations: an editor's translation of one field of a product or category.
 * An empty text clears the override (the machine translation shows again). Admin screens are
 * Romanian only, so the messages are Romanian.
 */
const overrideText = optionalText(MAX_TRANSLATION_OVERRIDE_LENGTH, `Traducerea nu poate depăși ${MAX_TRANSLATION_OVERRIDE_LENGTH} de caractere`)

/** What an override form loaded and edits: the editor's text ('' when there is none). */
export const translationOverrideTextSchema = z.object({ text: overrideText })
export type TranslationOverrideText = z.output<typeof translationOverrideTextSchema>

export const translationOverrideSchema = z.object({
	kind: z.enum(['product', 'category', 'home', 'campaign'], { error: 'Tip de conținut invalid' }),
	id: uuidField('Element invalid'),
	field: z.enum(['name', 'description', 'smellsLike', 'waxColor', 'containerType', ...HOME_FIELDS, 'subject', 'body'], { error: 'Câmp invalid' }),
	locale: z.enum(['en', 'es'], { error: 'Limba trebuie să fie engleză sau spaniolă' }),
	text: overrideText,
	// The override's version and the text the form loaded (ADR 0225).
	...editStampShape(translationOverrideTextSchema),
})

export type TranslationOverrideInput = z.infer<typeof translationOverrideSchema>

/**
 * Which items the translations screen lists: all, those with a text a visitor still reads in Romanian
 * in some language (no machine translation and no override yet), or those with an editor's override.
 */
export const TRANSLATION_FILTERS = ['all', 'missing', 'overridden'] as const
export type TranslationFilter = (typeof TRANSLATION_FILTERS)[number]
