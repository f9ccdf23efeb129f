import * as z from 'zod/mini'
import { isUuid } from '../ids.ts'
import { withEditStamp } from './edit-version.ts'
import { checkboxField, imageUrlField, integerInRange, optionalText, requiredText, slugField } from './admin-fields.ts'

/**
 * The admin category form, parsed in the browser before sending and again by
 * the server (a posted form or JSON). Empty description and image become null, parent 'none' ('') null, and the
 * display order an integer.
 */
export const categoryFormSchema = z.object({
	name: requiredText(100, 'Numele este obligatoriu', 'Numele poate avea maxim 100 de caractere'),
	slug: slugField,
	description: optionalText(500, 'Descrierea poate avea maxim 500 de caractere'),
	parentId: z.pipe(
		z.string().check(
			z.trim(),
			z.refine((value) => value === '' || isUuid(value), 'Categoria părinte nu este validă'),
		),
		z.transform((value: string) => (value === '' ? null : value)),
	),
	displayOrder: integerInRange(0, 9999, 'Ordinea trebuie să fie un număr întreg între 0 și 9999'),
	isActive: checkboxField,
	imageUrl: z.pipe(
		z.union([imageUrlField, z.literal(''), z.null()]),
		z.transform((value: string | null) => (value ? value : null)),
	),
})

/** What the form holds while it is edited (a posted form may send strings for the checkbox). */
export type CategoryFormValues = Omit<z.input<typeof categoryFormSchema>, 'isActive'> & { isActive: boolean }
export type CategoryInput = z.output<typeof categoryFormSchema>

/** The category form as an edit posts it: its fields plus the version and values it loaded (ADR 0225). */
export const categoryEditSchema = withEditStamp(categoryFormSchema)

/** The fields a category's version covers: all of the form's. */
export const CATEGORY_EDIT_FIELDS = [
	'name',
	'slug',
	'description',
	'parentId',
	'displayOrder',
	'isActive',
	'imageUrl',
] as const satisfies readonly (keyof CategoryInput)[]

export const emptyCategoryForm: CategoryFormValues = {
	name: '',
	slug: '',
	description: '',
	parentId: '',
	displayOrder: '0',
	isActive: true,
	imageUrl: null,
}
