import * as z from 'zod/mini'
import { imageUrlField, optionalText } from './admin-fields.ts'
import { withEditStamp } from './edit-version.ts'

/** The home page's texts the owner writes in Romanian; each is translated like a product's name (ADR 0132). */
export const HOME_FIELDS = ['heroTitle', 'heroText', 'storyTitle', 'storyText', 'bannerAlt'] as const
export type HomeField = (typeof HOME_FIELDS)[number]

/** An image from the media library, or none ('' and null become null). */
const libraryImage = z.pipe(
	z.union([imageUrlField, z.literal(''), z.null()]),
	z.transform((value: string | null) => (value ? value : null)),
)

/**
 * Where the banner leads: a page of the shop ('/catalog', shown in the visitor's language) or a full
 * https address; '' is none.
 */
const bannerLink = z.pipe(
	z.string().check(
		z.trim(),
		z.maxLength(500, 'Linkul poate avea maxim 500 de caractere'),
		z.refine((value) => value === '' || /^\/(?![/\\])\S*$/.test(value) || /^https?:\/\/[^\s/]+\S*$/.test(value), 'Linkul trebuie să înceapă cu / sau https://'),
	),
	z.transform((value: string) => (value === '' ? null : value)),
)

/**
 * /admin/home (ADR 0132): the hero, the story block and the banner. Blank texts keep the shop's
 * built-in wording, translated in every language. Admin screens are Romanian, so are the messages.
 */
export const homeFormSchema = z.object({
	heroTitle: optionalText(120, 'Titlul poate avea maxim 120 de caractere'),
	heroText: optionalText(400, 'Textul poate avea maxim 400 de caractere'),
	heroImageUrl: libraryImage,
	storyTitle: optionalText(120, 'Titlul poate avea maxim 120 de caractere'),
	storyText: optionalText(1500, 'Povestea poate avea maxim 1500 de caractere'),
	bannerImageUrl: libraryImage,
	bannerLink,
	bannerAlt: optionalText(200, 'Descrierea poate avea maxim 200 de caractere'),
})

export type HomeFormValues = { [K in keyof z.input<typeof homeFormSchema>]: string }
export type HomeInput = z.output<typeof homeFormSchema>

/** The home page form as a save posts it: its fields plus the version and values it loaded (ADR 0225). */
export const homeEditSchema = withEditStamp(homeFormSchema)

/** The fields the home page's version covers: all of the form's. */
export const HOME_EDIT_FIELDS = [
	'heroTitle',
	'heroText',
	'heroImageUrl',
	'storyTitle',
	'storyText',
	'bannerImageUrl',
	'bannerLink',
	'bannerAlt',
] as const satisfies readonly (keyof HomeInput)[]

export const emptyHomeForm: HomeFormValues = {
	heroTitle: '',
	heroText: '',
	heroImageUrl: '',
	storyTitle: '',
	storyText: '',
	bannerImageUrl: '',
	bannerLink: '',
	bannerAlt: '',
}
