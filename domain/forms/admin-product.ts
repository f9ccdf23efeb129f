import * as z from 'zod/mini'
import { BADGES, PORTRAIT_SIZES, PRODUCT_KINDS, type Badge, type PortraitSize } from '../enums.ts'
import { isUuid } from '../ids.ts'
import { checkboxField, euroCents, imageUrlField, listField, integerInRange, optionalText, requiredText, slugField } from './admin-fields.ts'

export const PRODUCT_MAX_IMAGES = 10

const productFields = z.object({
	name: requiredText(100, 'Numele este obligatoriu', 'Numele poate avea maxim 100 de caractere'),
	slug: slugField,
	description: z.string().check(z.trim(), z.maxLength(1000, 'Descrierea poate avea maxim 1000 de caractere')),
	kind: z.enum(PRODUCT_KINDS, { error: 'Tipul produsului este obligatoriu' }),
	categoryId: z.string().check(z.refine(isUuid, 'Categoria este obligatorie')),
	price: euroCents((payload) => {
		payload.issues.push({ code: 'custom', message: 'Prețul este obligatoriu', input: '' })
		return z.NEVER
	}),
	stock: integerInRange(0, 999999, 'Stocul trebuie să fie un număr întreg între 0 și 999999', 'Stocul este obligatoriu'),
	/**
	 * The stock figure the form was loaded with ('' for a made-to-order product), sent back so the
	 * server can tell whether the admin changed stock and whether checkouts moved it meanwhile.
	 * Absent for a new product.
	 */
	loadedStock: z.optional(
		z.pipe(
			z.string().check(
				z.trim(),
				z.refine((value) => value === '' || /^\d{1,9}$/.test(value), 'Stocul încărcat nu este valid; reîncarcă pagina'),
			),
			z.transform((value: string) => (value === '' ? null : Number(value))),
		),
	),
	badges: z.pipe(
		listField(z.enum(BADGES), BADGES.length),
		z.transform((badges: Badge[]) => BADGES.filter((badge) => badges.includes(badge))),
	),
	isActive: checkboxField,
	images: listField(imageUrlField, PRODUCT_MAX_IMAGES, `Un produs poate avea maxim ${PRODUCT_MAX_IMAGES} imagini`),
	portraitSize: z.pipe(
		z.union([z.enum(PORTRAIT_SIZES), z.literal('')]),
		z.transform((value: PortraitSize | '') => (value === '' ? null : value)),
	),
	scent: optionalText(100, 'Aroma poate avea maxim 100 de caractere'),
	smellsLike: optionalText(200, 'Câmpul „Miroase a” poate avea maxim 200 de caractere'),
	waxColor: optionalText(50, 'Culoarea cerii poate avea maxim 50 de caractere'),
	containerType: optionalText(50, 'Recipientul poate avea maxim 50 de caractere'),
	customLabelAvailable: checkboxField,
	giftWrapAvailable: checkboxField,
})

/**
 * The admin product form (spec §5 product), parsed in the browser before sending and again by the
 * server. When the product is not a candle, the candle fields are saved as null, gift wrap as true
 * and custom label as false.
 */
export const productFormSchema = z.pipe(
	productFields,
	z.transform((product: z.output<typeof productFields>) =>
		product.kind === 'candle'
			? { ...product, portraitSize: null }
			: { ...product, scent: null, smellsLike: null, waxColor: null, containerType: null, giftWrapAvailable: true, customLabelAvailable: false },
	),
)

/** What the form holds while it is edited (a posted form may send strings for checkboxes, or no list at all). */
export type ProductFormValues = Omit<z.input<typeof productFormSchema>, 'isActive' | 'customLabelAvailable' | 'giftWrapAvailable' | 'badges' | 'images'> & {
	isActive: boolean
	customLabelAvailable: boolean
	giftWrapAvailable: boolean
	badges: Badge[]
	images: string[]
}
export type ProductInput = z.output<typeof productFormSchema>

export const emptyProductForm: ProductFormValues = {
	name: '',
	slug: '',
	description: '',
	kind: 'candle',
	categoryId: '',
	price: '',
	stock: '',
	badges: [],
	isActive: true,
	images: [],
	portraitSize: '',
	scent: '',
	smellsLike: '',
	waxColor: '',
	containerType: '',
	customLabelAvailable: false,
	giftWrapAvailable: true,
}
